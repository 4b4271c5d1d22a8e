/**
 * The archived timeline, on tables built here from fixtures (no fixture has one): the first commit of a
 * table moved out of the active timeline into (a) a layout-1 archive log file of HoodieArchivedMetaEntry
 * Avro records, written with Hudi's schemas (HoodieArchivedMetaEntry.avsc, HoodieCommitMetadata.avsc;
 * the metadata records of other actions are always null here and reduced to empty records) and log
 * framing, and (b) a layout-2 LSM history: `_version_`, `manifest_1` and one `<min>_<max>_0.parquet` with
 * HoodieLSMTimelineInstant's columns. Archived instants are listed (marked), time travel to them reads the
 * expected rows while their files exist and is a NotFound naming the file once the cleaner removed it;
 * reading the latest version never reads the archive.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Binary, Field, Int32, makeData, RecordBatch, Schema, Struct, Table, tableToIPC, Utf8, vectorFromArray } from 'apache-arrow';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows, canonicalRowsText } from '../../../arrow/index.ts';
import { AvroSink, compileEncoder, parseAvroSchema, type AvroSchema } from '../../../codecs/avro/index.ts';
import { ensureParquetWasm } from '../../../codecs/parquet/index.ts';
import { isLakeError, type LakeError } from '../../../errors.ts';
import { CountingStorage } from '../../../io/counting-storage.ts';
import { noteText } from '../../../messages/note.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures, type Fixture } from '../../../../testing/fixtures.ts';
import { openHudiTable, type HudiTable } from '../index.ts';

beforeAll(() => installNodeParquetWasm());
const temps: string[] = [];
afterEach(() => { for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true }); });

const fixture = (name: string): Fixture => listFixtures('hudi').find((f) => f.name === `hudi/${name}`)!;
function copyOf(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'hudi-archive-'));
  temps.push(dir);
  cpSync(fixture(name).root, dir, { recursive: true });
  return dir;
}

async function rows(table: HudiTable, version?: string): Promise<string> {
  const plan = await table.planScan({ version });
  const out = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) out.push(b);
  return canonicalRowsText(canonicalRows(out, { columns: plan.columns }));
}

async function failure(work: () => Promise<unknown>): Promise<LakeError> {
  try { await work(); } catch (e) { expect(isLakeError(e)).toBe(true); return e as LakeError; }
  throw new Error('expected a LakeError');
}

const opt = (type: unknown) => ({ type: ['null', type], default: null });
const WRITE_STAT_LONGS = ['numWrites', 'numDeletes', 'numUpdateWrites', 'totalWriteBytes', 'totalWriteErrors'];
/** HoodieCommitMetadata.avsc, field for field. */
const COMMIT_METADATA: AvroSchema = {
  type: 'record', name: 'HoodieCommitMetadata', namespace: 'org.apache.hudi.avro.model', fields: [
    { name: 'partitionToWriteStats', ...opt({ type: 'map', values: { type: 'array', items: { type: 'record', name: 'HoodieWriteStat', fields: [
      ...['fileId', 'path', 'prevCommit', 'prevFilePathOverwritten'].map((name) => ({ name, ...opt('string') })),
      ...WRITE_STAT_LONGS.map((name) => ({ name, ...opt('long') })),
      { name: 'partitionPath', ...opt('string') },
      ...['totalLogRecords', 'totalLogFiles', 'totalUpdatedRecordsCompacted', 'numInserts', 'totalLogBlocks', 'totalCorruptLogBlock', 'totalRollbackBlocks', 'fileSizeInBytes'].map((name) => ({ name, ...opt('long') })),
    ] } } }) },
    { name: 'extraMetadata', ...opt({ type: 'map', values: 'string' }) },
    { name: 'version', type: ['int', 'null'], default: 1 },
    { name: 'operationType', ...opt('string') },
  ],
} as unknown as AvroSchema;
const empty = (name: string) => ({ type: 'record', name, fields: [] });
/** HoodieArchivedMetaEntry.avsc, field for field (other actions' metadata records reduced to empty records). */
const ARCHIVED_META_ENTRY = {
  type: 'record', name: 'HoodieArchivedMetaEntry', namespace: 'org.apache.hudi.avro.model', fields: [
    { name: 'hoodieCommitMetadata', ...opt(COMMIT_METADATA) },
    { name: 'hoodieCleanMetadata', ...opt(empty('HoodieCleanMetadata')) },
    { name: 'hoodieCompactionMetadata', ...opt(empty('HoodieCompactionMetadata')) },
    { name: 'hoodieRollbackMetadata', ...opt(empty('HoodieRollbackMetadata')) },
    { name: 'hoodieSavePointMetadata', ...opt(empty('HoodieSavepointMetadata')) },
    { name: 'commitTime', ...opt('string') },
    { name: 'actionType', ...opt('string') },
    { name: 'version', type: ['int', 'null'], default: 1 },
    { name: 'hoodieCompactionPlan', ...opt(empty('HoodieCompactionPlan')) },
    { name: 'hoodieCleanerPlan', ...opt(empty('HoodieCleanerPlan')) },
    { name: 'actionState', ...opt('string') },
    { name: 'hoodieReplaceCommitMetadata', ...opt(empty('HoodieReplaceCommitMetadata')) },
    { name: 'hoodieRequestedReplaceMetadata', ...opt(empty('HoodieRequestedReplaceMetadata')) },
  ],
};

/** The JSON commit metadata of layout 1 as the Avro HoodieCommitMetadata record. */
function commitRecord(json: Record<string, unknown>): Record<string, unknown> {
  const stats = json.partitionToWriteStats as Record<string, Record<string, unknown>[]>;
  const big = (v: unknown) => (typeof v === 'number' ? BigInt(v) : null);
  return {
    partitionToWriteStats: new Map(Object.entries(stats).map(([p, list]) => [p, list.map((s) => ({
      fileId: s.fileId, path: s.path, prevCommit: s.prevCommit, prevFilePathOverwritten: null, partitionPath: s.partitionPath,
      ...Object.fromEntries([...WRITE_STAT_LONGS, 'totalLogRecords', 'totalLogFiles', 'totalUpdatedRecordsCompacted', 'numInserts', 'totalLogBlocks', 'totalCorruptLogBlock', 'totalRollbackBlocks', 'fileSizeInBytes'].map((k) => [k, big(s[k])])),
    }))])),
    extraMetadata: new Map(Object.entries(json.extraMetadata as Record<string, string>)),
    version: 1,
    operationType: json.operationType ?? null,
  };
}

/** One log block (Hudi log format version 1): magic, size, version, type, header, content, footer, total length. */
function logBlock(type: number, header: Map<number, string>, content: Uint8Array): Uint8Array {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  const int = (v: number) => { const b = new Uint8Array(4); new DataView(b.buffer).setInt32(0, v); parts.push(b); };
  const long = (v: number) => { const b = new Uint8Array(8); new DataView(b.buffer).setBigInt64(0, BigInt(v)); parts.push(b); };
  int(1); int(type);
  int(header.size);
  for (const [k, v] of header) { const b = enc.encode(v); int(k); int(b.length); parts.push(b); }
  long(content.length); parts.push(content);
  int(0); // footer: no entries
  const body = parts.reduce((n, p) => n + p.length, 0) + 8;
  const out = new Uint8Array(6 + 8 + body);
  out.set(enc.encode('#HUDI#'));
  new DataView(out.buffer).setBigInt64(6, BigInt(body));
  let p = 14;
  for (const x of parts) { out.set(x, p); p += x.length; }
  new DataView(out.buffer).setBigInt64(p, BigInt(body + 6));
  return out;
}

/** An Avro data block (version 3: int32 version, int32 count, then int32 length + record per record). */
function avroDataBlock(schema: unknown, records: readonly unknown[]): Uint8Array {
  const encode = compileEncoder(parseAvroSchema(schema as AvroSchema));
  const body: Uint8Array[] = [];
  for (const r of records) {
    const sink = new AvroSink();
    encode(sink, r, '$');
    const rec = sink.bytes().slice();
    const len = new Uint8Array(4); new DataView(len.buffer).setInt32(0, rec.length);
    body.push(len, rec);
  }
  const head = new Uint8Array(8); new DataView(head.buffer).setInt32(0, 3); new DataView(head.buffer).setInt32(4, records.length);
  const content = new Uint8Array(8 + body.reduce((n, b) => n + b.length, 0));
  content.set(head);
  let p = 8;
  for (const b of body) { content.set(b, p); p += b.length; }
  return logBlock(3, new Map([[0, '20990101000000000'], [2, JSON.stringify(schema)]]), content);
}

/** Moves instant `time` (a completed `action`) of a layout-1 table at `dir` into `.hoodie/archived/` as Hudi's archiver does. */
function archiveFirstV1(dir: string, time: string, action: string): { archive: string; json: Record<string, unknown> } {
  const json = JSON.parse(readFileSync(join(dir, `.hoodie/${time}.${action}`), 'utf8')) as Record<string, unknown>;
  const entry = (state: string, meta: unknown) => ({ commitTime: time, actionType: action, actionState: state, version: 1, hoodieCommitMetadata: meta });
  mkdirSync(join(dir, '.hoodie/archived'));
  const archive = '.hoodie/archived/.commits_.archive.1_1-0-1';
  writeFileSync(join(dir, archive), avroDataBlock(ARCHIVED_META_ENTRY, [entry('REQUESTED', null), entry('INFLIGHT', null), entry('COMPLETED', commitRecord(json))]));
  for (const f of readdirSync(join(dir, '.hoodie')).filter((n) => n.startsWith(time))) unlinkSync(join(dir, '.hoodie', f));
  return { archive, json };
}

describe.skipIf(!FIXTURES_PRESENT)('hudi archived timeline', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('layout 1: a .commits_.archive log file of HoodieArchivedMetaEntry records — listed, marked, time travel while the files exist', async () => {
    const fx = fixture('cow_v6_nonpartitioned');
    const [first, second] = fx.expected.versions;
    const dir = copyOf('cow_v6_nonpartitioned');
    const { archive, json } = archiveFirstV1(dir, first!.id, 'commit');
    const storage = new CountingStorage(new FsStorage(dir, { readOnly: true }));
    const table = await openHudiTable(storage);
    expect(await rows(table)).toBe(canonicalRowsText(second!.rows!));
    expect(storage.log.some((c) => c.key.startsWith('.hoodie/archived'))).toBe(false); // the latest read never reads the archive

    const versions = await table.versions();
    expect(versions.map((v) => [v.id, v.summary.archivedIn ?? null])).toEqual([[first!.id, archive], [second!.id, null]]);
    expect(versions[0]!.summary.numInserts).toBe('3');
    expect((await table.timeline()).bars.map((b) => [b.requestedTime, b.state, b.archivedIn ?? null])).toEqual([[first!.id, 'COMPLETED', archive], [second!.id, 'COMPLETED', null]]);

    // Time travel to the archived instant, in a fresh table (the archive read on demand).
    const fresh = await openHudiTable(new FsStorage(dir, { readOnly: true }));
    expect(await rows(fresh, first!.id)).toBe(canonicalRowsText(first!.rows!));
    expect(noteText((await fresh.planScan({ version: first!.id })).notes[0]!)).toBe(`read as of instant ${first!.id} (commit) from the archived timeline (${archive})`);

    // The cleaner removed the archived commit's base file: a NotFound naming it, not fewer rows; the latest still reads.
    const base = (json.partitionToWriteStats as Record<string, { path: string }[]>)['']![0]!.path;
    unlinkSync(join(dir, base));
    const cleaned = await openHudiTable(new FsStorage(dir, { readOnly: true }));
    const e = await failure(() => cleaned.planScan({ version: first!.id }));
    expect([e.code, e.context.file]).toEqual(['NotFound', base]);
    expect(e.message).toContain(`instant ${first!.id} is in the archived timeline (${archive}) and its data files were cleaned`);
    expect(await rows(cleaned)).toBe(canonicalRowsText(second!.rows!));
  });

  it('layout 1 MOR: base files written by an archived deltacommit are read at the latest instant without reading the archive (Hudi: before the timeline start = completed)', async () => {
    const fx = fixture('mor_v6_trips_8i1u_avro_log');
    const [first, second] = fx.expected.versions;
    const dir = copyOf('mor_v6_trips_8i1u_avro_log');
    const { archive } = archiveFirstV1(dir, first!.id, 'deltacommit');
    const storage = new CountingStorage(new FsStorage(dir, { readOnly: true }));
    const table = await openHudiTable(storage);
    expect(await rows(table)).toBe(canonicalRowsText(second!.rows!));
    expect(storage.log.some((c) => c.key === archive)).toBe(false);
    expect(await rows(table, first!.id)).toBe(canonicalRowsText(first!.rows!));
    expect((await table.versions()).map((v) => v.summary.archivedIn ?? null)).toEqual([archive, null]);
  });

  it('layout 1: a torn archive file is DataInvalid naming it when the history is asked for', async () => {
    const dir = copyOf('cow_v6_nonpartitioned');
    mkdirSync(join(dir, '.hoodie/archived'));
    const block = avroDataBlock(ARCHIVED_META_ENTRY, [{ commitTime: '20240101000000000', actionType: 'commit', actionState: 'COMPLETED', version: 1, hoodieCommitMetadata: null }]);
    writeFileSync(join(dir, '.hoodie/archived/.commits_.archive.1_1-0-1'), block.subarray(0, block.length - 5));
    const table = await openHudiTable(new FsStorage(dir, { readOnly: true }));
    const e = await failure(() => table.versions());
    expect([e.code, e.context.file]).toEqual(['DataInvalid', '.hoodie/archived/.commits_.archive.1_1-0-1']);
  });

  it('layout 2: the LSM history (_version_, manifest, Parquet of HoodieLSMTimelineInstant) — listed, marked, time travel while the files exist', async () => {
    const fx = fixture('cow_v8_simplekeygen_nonhivestyle');
    const [first, second] = fx.expected.versions;
    const dir = copyOf('cow_v8_simplekeygen_nonhivestyle');
    const tl = join(dir, '.hoodie/timeline');
    const completed = readdirSync(tl).find((n) => n.startsWith(`${first!.id}_`))!;
    const completionTime = /_(\d+)\./.exec(completed)![1]!;
    const metadata = readFileSync(join(tl, completed));
    // One row per instant, as LSMTimelineWriter writes it (HoodieLSMTimelineInstant.avsc).
    const fields = [new Field('instantTime', new Utf8(), true), new Field('completionTime', new Utf8(), true), new Field('action', new Utf8(), true),
      new Field('metadata', new Binary(), true), new Field('plan', new Binary(), true), new Field('version', new Int32(), false)];
    const cols = [vectorFromArray([first!.id], new Utf8()), vectorFromArray([completionTime], new Utf8()), vectorFromArray(['commit'], new Utf8()),
      vectorFromArray([new Uint8Array(metadata)], new Binary()), vectorFromArray([null], new Binary()), vectorFromArray([1], new Int32())];
    const batch = new RecordBatch(new Schema(fields), makeData({ type: new Struct(fields), length: 1, nullCount: 0, children: cols.map((c) => c.data[0]!) }));
    const pw = await ensureParquetWasm();
    const parquet = pw.writeParquet(pw.Table.fromIPCStream(tableToIPC(new Table([batch]), 'stream')));
    const history = join(tl, 'history');
    mkdirSync(history);
    const name = `${first!.id}_${first!.id}_0.parquet`;
    writeFileSync(join(history, name), parquet);
    writeFileSync(join(history, 'manifest_1'), JSON.stringify({ files: [{ fileName: name, fileLen: parquet.length }] }, null, 2));
    writeFileSync(join(history, '_version_'), '1');
    for (const f of readdirSync(tl).filter((n) => n.startsWith(first!.id))) unlinkSync(join(tl, f));

    const storage = new CountingStorage(new FsStorage(dir, { readOnly: true }));
    const table = await openHudiTable(storage);
    expect(await rows(table)).toBe(canonicalRowsText(second!.rows!));
    expect(storage.log.some((c) => c.key.includes('/history/'))).toBe(false);
    const versions = await table.versions();
    const key = `.hoodie/timeline/history/${name}`;
    expect(versions.map((v) => [v.id, v.summary.archivedIn ?? null, v.summary.completionTime])).toEqual([[first!.id, key, completionTime], [second!.id, null, expect.any(String)]]);
    expect(await rows(await openHudiTable(new FsStorage(dir, { readOnly: true })), first!.id)).toBe(canonicalRowsText(first!.rows!));

    // A manifest naming a file that is gone → NotFound naming it.
    writeFileSync(join(history, 'manifest_2'), JSON.stringify({ files: [{ fileName: `${first!.id}_${second!.id}_1.parquet`, fileLen: 10 }] }));
    writeFileSync(join(history, '_version_'), '2');
    const e = await failure(async () => (await openHudiTable(new FsStorage(dir, { readOnly: true }))).versions());
    expect([e.code, e.context.file]).toEqual(['NotFound', `.hoodie/timeline/history/${first!.id}_${second!.id}_1.parquet`]);
  });
});

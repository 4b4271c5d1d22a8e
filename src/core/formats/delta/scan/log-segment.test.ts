/**
 * Which log files a read touches, counted (CountingStorage): the current version reads `_last_checkpoint`,
 * the newest checkpoint and the commits after it; time travel to N reads the newest checkpoint ≤ N and
 * the commits up to N — never the whole log. Also: a `_last_checkpoint` that does not check out, and
 * multi-part checkpoints (complete, and with a part missing).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CountingStorage } from '../../../io/counting-storage.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../../testing/fixtures.ts';
import { memoryCopy, readRows } from '../test-support.test-helper.ts';
import { deltaFormat, openDeltaTable, type DeltaSnapshot } from '../index.ts';
import { isLakeError, LakeError } from '../../../errors.ts';
import { padVersion } from '../spec/log-files.ts';
import { messageParts } from '../../../messages/message-parts.ts';
import { zh } from '../../../messages/zh.ts';

beforeAll(() => installNodeParquetWasm());

const root = (name: string) => join(FIXTURES_DIR, 'delta', name);
const log = (v: number, ext = 'json') => `_delta_log/${padVersion(v)}.${ext}`;
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
const logReads = (s: CountingStorage) => s.log.filter((c) => c.method === 'read' && c.key.startsWith('_delta_log/')).map((c) => c.key);

describe.skipIf(!FIXTURES_PRESENT)('log segment: exact reads per version', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('current version of basic-dv-with-checkpoint: _last_checkpoint, checkpoint 40, commits 41..46, one listing from 40', async () => {
    const s = new CountingStorage(new FsStorage(root('basic-dv-with-checkpoint'), { readOnly: true }));
    const table = await openDeltaTable(s);
    expect(table.snapshot.version).toBe(46n);
    expect(logReads(s)).toEqual(['_delta_log/_last_checkpoint', log(40, 'checkpoint.parquet'), ...range(41, 46).map((v) => log(v))]);
    expect(s.counts.list).toBe(1);
    expect(s.counts.read).toBe(8);
  });

  it('time travel to version 25 reads checkpoint 20 and commits 21..25 only (plus one full listing)', async () => {
    const s = new CountingStorage(new FsStorage(root('basic-dv-with-checkpoint'), { readOnly: true }));
    const table = await openDeltaTable(s);
    s.reset();
    const plan = await table.plan({ version: '25' });
    expect(plan.versionId).toBe('25');
    expect(logReads(s)).toEqual([log(20, 'checkpoint.parquet'), ...range(21, 25).map((v) => log(v))]);
    expect(s.counts.list).toBe(1);
    s.reset();
    await table.plan({ version: '9' });
    expect(logReads(s)).toEqual(range(0, 9).map((v) => log(v)));
    expect(s.counts.list).toBe(0); // the full listing is kept for the table object's life
  });

  it('a V2 checkpoint: the UUID-named JSON checkpoint and its sidecar, then commit 9', async () => {
    const s = new CountingStorage(new FsStorage(root('checkpoint-v2-table'), { readOnly: true }));
    await openDeltaTable(s);
    expect(logReads(s)).toEqual([
      '_delta_log/_last_checkpoint',
      '_delta_log/00000000000000000008.checkpoint.e5ac4dc4-be27-4106-8a55-609707487f83.json',
      '_delta_log/_sidecars/00000000000000000008.checkpoint.0000000001.0000000001.d55fb2cb-b8d3-4362-8572-c52142a9da1f.parquet',
      log(9),
    ]);
  });

  it('a _last_checkpoint naming a missing checkpoint is not trusted: the whole log is listed and the newest real checkpoint used', async () => {
    const mem = await memoryCopy(root('basic-dv-with-checkpoint'), (k) => k === log(40, 'checkpoint.parquet'));
    const s = new CountingStorage(mem);
    const table = await openDeltaTable(s);
    expect(table.snapshot.version).toBe(46n);
    expect(logReads(s)).toEqual(['_delta_log/_last_checkpoint', log(30, 'checkpoint.parquet'), ...range(31, 46).map((v) => log(v))]);
    expect(s.counts.list).toBe(2);
    expect(table.warnings.join(' ')).toMatch(/checkpoint 40, which is missing or incomplete/);
    // The page shows it in the reader's language (TableWarnings), the version set apart as data.
    expect(table.warningMessages.map((m) => messageParts(m, zh))).toEqual([['_last_checkpoint 指向的检查点 ', { data: '40' }, ' 缺失或不完整；列出了整个日志']]);
    const expected = await readRows(await openDeltaTable(new FsStorage(root('basic-dv-with-checkpoint'), { readOnly: true })));
    expect(await readRows(table)).toEqual(expected);
  });

  it('no _last_checkpoint: the whole log is listed, the newest checkpoint still used', async () => {
    const s = new CountingStorage(await memoryCopy(root('basic-dv-with-checkpoint'), (k) => k.endsWith('_last_checkpoint')));
    await openDeltaTable(s);
    // The attempt to read the missing hint counts: a failed request still costs a round trip.
    expect(logReads(s)).toEqual(['_delta_log/_last_checkpoint', log(40, 'checkpoint.parquet'), ...range(41, 46).map((v) => log(v))]);
  });

  it('multi-part checkpoint: all parts are read; with a part missing it is ignored for the older checkpoint', async () => {
    const fs = new FsStorage(root('basic-dv-with-checkpoint'), { readOnly: true });
    const classic = await fs.read(log(40, 'checkpoint.parquet'));
    const part = (o: number, p: number) => `_delta_log/${padVersion(40)}.checkpoint.${String(o).padStart(10, '0')}.${String(p).padStart(10, '0')}.parquet`;
    const mem = await memoryCopy(root('basic-dv-with-checkpoint'), (k) => k === log(40, 'checkpoint.parquet') || k.endsWith('_last_checkpoint'));
    // Both parts carry the classic checkpoint's actions: replay is idempotent for repeated actions, so the
    // state must equal the classic checkpoint's; what is tested is that every part is found and read.
    await mem.write(part(1, 2), classic);
    await mem.write(part(2, 2), classic);
    const s = new CountingStorage(mem);
    const table = await openDeltaTable(s);
    expect(logReads(s)).toEqual(['_delta_log/_last_checkpoint', part(1, 2), part(2, 2), ...range(41, 46).map((v) => log(v))]);
    const expected = await readRows(await openDeltaTable(fs));
    expect(await readRows(table)).toEqual(expected);

    await mem.delete(part(2, 2));
    const s2 = new CountingStorage(mem);
    await openDeltaTable(s2);
    expect(logReads(s2)).toEqual(['_delta_log/_last_checkpoint', log(30, 'checkpoint.parquet'), ...range(31, 46).map((v) => log(v))]);
  });

  it('log compaction files are ignored consistently (the commits are read)', async () => {
    const mem = await memoryCopy(root('table-with-dv-small'));
    await mem.write(`_delta_log/${padVersion(0)}.${padVersion(1)}.compacted.json`, new TextEncoder().encode('not json at all'));
    const s = new CountingStorage(mem);
    const table = await openDeltaTable(s);
    expect(logReads(s)).toEqual(['_delta_log/_last_checkpoint', log(0), log(1)]);
    expect(await readRows(table)).toHaveLength(8);
  });
});

/** Every table folder (fixtures and golden tables) whose log has a checkpoint and every commit from 0. */
function checkpointedTables(): string[] {
  const out: string[] = [];
  const consider = (dir: string) => {
    const logDir = join(dir, '_delta_log');
    if (!existsSync(logDir)) return;
    const names = readdirSync(logDir);
    const commits = names.filter((n) => /^\d{20}\.json$/.test(n)).map((n) => Number(n.slice(0, 20))).sort((a, b) => a - b);
    const contiguous = commits.length > 0 && commits[0] === 0 && commits.every((v, i) => v === i);
    if (contiguous && names.some((n) => n.includes('.checkpoint.'))) out.push(dir);
  };
  for (const group of ['delta', 'delta-golden']) {
    const base = join(FIXTURES_DIR, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      consider(join(base, name));
      consider(join(base, name, 'delta'));
    }
  }
  return out.sort();
}

describe.skipIf(!FIXTURES_PRESENT)('checkpoints agree with replaying every commit', () => {
  for (const dir of checkpointedTables()) {
    it(`${dir.slice(FIXTURES_DIR.length + 1)}: same protocol, metadata and live files with and without its checkpoints`, async () => {
      const withCp = await openDeltaTable(new FsStorage(dir, { readOnly: true })).then((t) => t.snapshot, (e: unknown) => e);
      const noCp = await openDeltaTable(await memoryCopy(dir, (k) => !k.startsWith('_delta_log/') || k.includes('.checkpoint.') || k.includes('_last_checkpoint') || k.includes('_sidecars/')))
        .then((t) => t.snapshot, (e: unknown) => e);
      if (withCp instanceof Error) {
        // Golden tables whose checkpoint was made broken (no protocol/metaData) must fail clearly.
        expect(isLakeError(withCp), String(withCp)).toBe(true);
        return;
      }
      expect(noCp instanceof Error, String(noCp)).toBe(false);
      const a = withCp as DeltaSnapshot; const b = noCp as DeltaSnapshot;
      expect(a.version).toBe(b.version);
      expect(a.protocol).toEqual(b.protocol);
      expect({ ...a.metadata, createdTime: undefined, source: undefined }).toEqual({ ...b.metadata, createdTime: undefined, source: undefined });
      expect([...a.files.keys()].sort()).toEqual([...b.files.keys()].sort());
      for (const [k, add] of a.files) expect(add.size, k).toBe(b.files.get(k)!.size);
    });
  }
});

/** A storage that cannot list, like plain HTTP without a key list. */
class NoListStorage extends CountingStorage {
  override list(): never {
    throw new LakeError('Unsupported', 'http: list: a plain HTTP location cannot be listed');
  }
}

describe.skipIf(!FIXTURES_PRESENT)('without a listing (plain HTTP): _last_checkpoint, then probing commit numbers', () => {
  it('finds the current version from the hinted checkpoint and HEADs of the following commits', async () => {
    const s = new NoListStorage(new FsStorage(root('basic-dv-with-checkpoint'), { readOnly: true }));
    expect(await deltaFormat.detect(s)).toBe(true);
    s.reset();
    const table = await openDeltaTable(s);
    expect(table.snapshot.version).toBe(46n);
    expect(s.log.filter((c) => c.method === 'head').map((c) => c.key)).toEqual([
      log(40, 'checkpoint.parquet'), ...range(40, 47).map((v) => log(v)),
    ]);
    expect(logReads(s)).toEqual(['_delta_log/_last_checkpoint', log(40, 'checkpoint.parquet'), ...range(41, 46).map((v) => log(v))]);
    expect((await table.versions()).map((v) => v.id)).toEqual(range(0, 46).map(String));
    expect(await readRows(table, { version: '12' })).toHaveLength(488);
  });
});

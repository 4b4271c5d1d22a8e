/**
 * Delta files that are not what the log says (found by the fuzz run; on in-memory copies of the fixtures):
 * each must be a LakeError naming the file, never rows. A data file or sidecar whose size differs from the
 * size the log recorded; an emptied commit; a log without protocol (the segment's oldest file named); a
 * metaData action whose schema is broken (its log file named).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isLakeError, type LakeError } from '../../errors.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../testing/fixtures.ts';
import { openDeltaTable } from './index.ts';
import { memoryCopy, readRows } from './test-support.test-helper.ts';

const root = (name: string): string => listFixtures('delta').find((f) => f.name === `delta/${name}`)!.root;

async function failure(work: () => Promise<unknown>): Promise<LakeError> {
  try {
    await work();
  } catch (e) {
    if (!isLakeError(e)) throw e;
    return e as LakeError;
  }
  throw new Error('expected a LakeError, got rows');
}

const text = (b: Uint8Array): string => new TextDecoder().decode(b);
const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

beforeAll(() => installNodeParquetWasm());

describe.skipIf(!FIXTURES_PRESENT)('delta files that disagree with the log', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('a data file replaced by another one (its size differs from the add action\'s) is DataInvalid naming it', async () => {
    const s = await memoryCopy(root('table_with_column_mapping'));
    const key = '8v/part-00001-69b4a452-aeac-4ffa-bf5c-a0c2833d05eb.c000.zstd.parquet';
    await s.write(key, await s.read('BH/part-00000-4d6e745c-8e04-48d9-aa60-438228358f1a.c000.zstd.parquet'));
    const e = await failure(async () => readRows(await openDeltaTable(s)));
    expect(e.code).toBe('DataInvalid');
    expect(e.context.file).toBe(key);
    expect(e.message).toContain('but the log records');
  });

  it('an emptied commit is DataInvalid naming it, not a commit that changed nothing', async () => {
    const s = await memoryCopy(root('table-with-dv-small'));
    const key = '_delta_log/00000000000000000001.json';
    await s.write(key, new Uint8Array(0));
    const e = await failure(async () => readRows(await openDeltaTable(s)));
    expect(e.code).toBe('DataInvalid');
    expect(e.context.file).toBe(key);
    expect(e.message).toContain('holds no action');
  });

  it('a sidecar replaced by another checkpoint\'s sidecar is DataInvalid naming it', async () => {
    const s = await memoryCopy(root('checkpoint-v2-table'));
    const key = '_delta_log/_sidecars/00000000000000000008.checkpoint.0000000001.0000000001.d55fb2cb-b8d3-4362-8572-c52142a9da1f.parquet';
    await s.write(key, await s.read('_delta_log/_sidecars/00000000000000000006.checkpoint.0000000001.0000000001.1a1516f4-8a39-48f0-9ccd-cc3790d824c7.parquet'));
    const e = await failure(async () => readRows(await openDeltaTable(s)));
    expect(e.code).toBe('DataInvalid');
    expect(e.context.file).toBe(key);
  });

  it('a log whose first commit lost its protocol names that commit', async () => {
    const s = await memoryCopy(root('table-with-dv-small'));
    const key = '_delta_log/00000000000000000000.json';
    await s.write(key, await s.read('_delta_log/00000000000000000001.json'));
    const e = await failure(async () => readRows(await openDeltaTable(s), { version: '0' }));
    expect(e.message).toMatch(/^delta log: no protocol action/);
    expect(e.context.file).toBe(key);
  });

  it('a schemaString that is not JSON, or a mapped column without its physical name, names the commit holding the metaData', async () => {
    const key = '_delta_log/00000000000000000000.json';
    const broken = await memoryCopy(root('table_with_column_mapping'));
    const original = text(await broken.read(key));
    await broken.write(key, bytes(original.replace('\\"fields\\":[', '\\"fields\\":\u00ff[')));
    const e1 = await failure(async () => readRows(await openDeltaTable(broken)));
    expect(e1.message).toMatch(/^delta schema: schemaString in _delta_log\/0+\.json is not JSON/);
    expect(e1.context.file).toBe(key);

    const unmapped = await memoryCopy(root('table_with_column_mapping'));
    await unmapped.write(key, bytes(original.replace('delta.columnMapping.physicalName', 'delta.columnMapping.physicalNamf')));
    const e2 = await failure(async () => readRows(await openDeltaTable(unmapped)));
    expect(e2.message).toContain('has no delta.columnMapping.physicalName');
    expect(e2.context.file).toBe(key);
  });

  it('an unknown reader feature names the commit holding the protocol', async () => {
    const s = await memoryCopy(root('table-with-dv-small'));
    const key = '_delta_log/00000000000000000000.json';
    await s.write(key, bytes(text(await s.read(key)).replace('"readerFeatures":["deletionVectors"]', '"readerFeatures":["deletionVectobs"]')));
    const e = await failure(async () => readRows(await openDeltaTable(s)));
    expect(e.code).toBe('Unsupported');
    expect(e.message).toContain("'deletionVectobs'");
    expect(e.context.file).toBe(key);
  });

  it('a deletion vector descriptor that is not Z85 names the commit holding it', async () => {
    const s = await memoryCopy(root('table-with-dv-small'));
    const key = '_delta_log/00000000000000000001.json';
    await s.write(key, bytes(text(await s.read(key)).replace('"pathOrInlineDv":"vBn[', '"pathOrInlineDv":"vBn~')));
    const e = await failure(async () => readRows(await openDeltaTable(s)));
    expect(e.message).toMatch(/^delta log: deletionVector.pathOrInlineDv of action \d+ is not Z85/);
    expect(e.context.file).toBe(key);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalRows } from '../../../arrow/canonical.ts';
import { CountingStorage } from '../../../io/counting-storage.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { openIcebergTable, type IcebergTable } from '../index.ts';

beforeAll(() => installNodeParquetWasm());
const root = (part: string) => listFixtures('iceberg').find((f) => f.name.includes(part))!.root;

async function read(t: IcebergTable, req: Parameters<IcebergTable['scan']>[0]) {
  const out = [];
  for await (const b of t.scan(req)) out.push(...canonicalRows(b));
  return out;
}

describe.skipIf(!FIXTURES_PRESENT)('few-rows path (hyparquet ranged reads)', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});
  for (const [part, version] of [['v2_java', '4951213507629824583'], ['v1_spark', undefined], ['rename_column', undefined], ['athena', undefined], ['pyiceberg', undefined]] as const) {
    it(`${part}: the first rows equal those of the whole-file read`, async () => {
      const whole = await openIcebergTable(new FsStorage(root(part), { readOnly: true }));
      whole.previewMinFileSize = Number.MAX_SAFE_INTEGER;
      const storage = new CountingStorage(new FsStorage(root(part), { readOnly: true }));
      const ranged = await openIcebergTable(storage);
      ranged.previewMinFileSize = 0;
      storage.reset();
      const a = await read(ranged, { limit: 3, version });
      const b = await read(whole, { limit: 3, version });
      expect(a).toEqual(b);
      expect(a.length).toBe(Math.min(3, (await read(whole, { version })).length));
      const dataReads = storage.log.filter((c) => c.method === 'read' && c.key.endsWith('.parquet'));
      expect(dataReads.length).toBeGreaterThan(0);
      // Decimals (rename_column) and maps (pyiceberg) are not exact through hyparquet: those fall back to one whole read per file.
      const exact = part !== 'rename_column' && part !== 'pyiceberg';
      expect(dataReads.every((c) => (c.range !== undefined) === exact)).toBe(true);
      if (exact) expect(storage.log.some((c) => c.method === 'read' && c.key.endsWith('.parquet') && c.range && 'offset' in c.range && c.range.offset > 0)).toBe(true);
    });
  }
});

import { describe, expect, it } from 'vitest';
import { canonicalRows } from '../../../arrow/canonical.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { IcebergTable, openIcebergTable } from '../index.ts';

const open = (part: string) => openIcebergTable(new FsStorage(listFixtures('iceberg').find((f) => f.name.includes(part))!.root, { readOnly: true }));
const rows = async (t: IcebergTable, name: string, opts = {}) => canonicalRows(await t.inspect(name, opts));

describe.skipIf(!FIXTURES_PRESENT)('metadata tables', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('every table of every fixture builds with its declared schema', async () => {
    for (const fx of listFixtures('iceberg')) {
      const t = await openIcebergTable(new FsStorage(fx.root, { readOnly: true }));
      for (const name of IcebergTable.metadataTables) {
        const table = await t.inspect(name);
        expect(table.schema.fields.length, `${fx.name} ${name}`).toBeGreaterThan(0);
        canonicalRows(table); // every value readable
      }
    }
  });

  it('snapshots, refs, history and metadata log entries of v2_java', async () => {
    const t = await open('v2_java');
    const snaps = await rows(t, 'snapshots');
    expect(snaps.map((s) => [s.snapshot_id, s.operation, s.committed_at])).toEqual([
      ['4951213507629824583', 'append', '2025-03-31T08:46:23.083000Z'],
      ['6458828015811002920', 'delete', '2025-03-31T08:46:33.010000Z'],
      ['9158179788527662767', 'overwrite', '2025-03-31T08:46:40.565000Z'],
    ]);
    expect(snaps[2].summary).toContainEqual({ key: 'added-equality-deletes', value: '1' });
    expect(await rows(t, 'refs')).toEqual([{ name: 'main', type: 'BRANCH', snapshot_id: '9158179788527662767', max_reference_age_in_ms: null, min_snapshots_to_keep: null, max_snapshot_age_in_ms: null }]);
    expect((await rows(t, 'history')).map((h) => [h.snapshot_id, h.is_current_ancestor])).toEqual([
      ['4951213507629824583', true], ['6458828015811002920', true], ['9158179788527662767', true],
    ]);
    const log = await rows(t, 'metadata_log_entries');
    expect(log.map((l) => l.file)).toEqual(['s3a://hyperparam-iceberg/java/bunnies/metadata/v1.metadata.json', 's3a://hyperparam-iceberg/java/bunnies/metadata/v2.metadata.json',
      's3a://hyperparam-iceberg/java/bunnies/metadata/v3.metadata.json', 's3a://hyperparam-iceberg/java/bunnies/metadata/v4.metadata.json', 'metadata/v5.metadata.json']);
    expect(log[4].latest_snapshot_id).toBe('9158179788527662767');
  });

  it('files, data_files, delete_files, entries and manifests with partitions and DVs', async () => {
    const v1 = await open('v1_spark');
    const files = await rows(v1, 'data_files');
    expect(files).toHaveLength(20);
    expect(files.map((f) => f.partition)).toContainEqual({ event_time_hour: 438296, action: 'view' });
    expect(files[0]).toMatchObject({ content: 0, file_format: 'PARQUET', spec_id: 0, record_count: 1 });
    expect(files[0].lower_bounds).toContainEqual({ key: 1, value: '01000000' });
    expect(await rows(v1, 'delete_files')).toEqual([]);
    const parts = await rows(v1, 'partitions');
    const byHour = (a: unknown[], b: unknown[]) => (a[0] as { event_time_hour: number }).event_time_hour - (b[0] as { event_time_hour: number }).event_time_hour;
    expect(parts.map((p) => [p.partition, p.record_count, p.file_count]).sort(byHour)).toEqual([
      [{ event_time_hour: 438296, action: 'view' }, 8, 8], [{ event_time_hour: 438297, action: 'click' }, 6, 6], [{ event_time_hour: 438298, action: 'download' }, 6, 6],
    ]);
    const manifests = await rows(v1, 'manifests');
    expect(manifests[0].partition_summaries).toEqual([
      { contains_null: false, contains_nan: null, lower_bound: '2020-01-01-08', upper_bound: '2020-01-01-10' },
      { contains_null: false, contains_nan: null, lower_bound: 'click', upper_bound: 'view' },
    ]);
    const v3 = await open('v3_');
    const dvs = await rows(v3, 'delete_files');
    expect(dvs.map((d) => [d.file_format, d.content_offset, d.content_size_in_bytes, d.record_count])).toEqual([['PUFFIN', 4, 42, 1], ['PUFFIN', 46, 42, 1]]);
    expect((await rows(v3, 'data_files')).map((d) => d.first_row_id)).toEqual([0, 1, 2, 3, 4]);
    expect((await rows(v3, 'entries', { version: '2700858159721908397' }))).toHaveLength(5);
    const java = await open('v2_java');
    expect((await rows(java, 'delete_files')).map((d) => [d.content, d.equality_ids])).toEqual([[2, [1]], [1, null]]);
    const entries = await rows(java, 'entries');
    expect(entries.map((e) => [e.status, e.sequence_number, (e.data_file as { content: number }).content])).toEqual(expect.arrayContaining([[1, 3, 0], [1, 3, 2], [1, 2, 1]]));
  });

  it('an unknown metadata table name is NotFound', async () => {
    const t = await open('athena');
    await expect(t.inspect('nope')).rejects.toThrow(/no metadata table 'nope'/);
  });
});

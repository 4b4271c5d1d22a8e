/**
 * An Iceberg table of a long history for tests of the timeline's outline (SKETCH_MIN_VERSIONS and up):
 * metadata only — a version hint and one metadata file of `n` snapshots, the last one current — so an
 * overview reads no manifest.
 */
import { stringifyJson } from '../core/util/json.ts';

/** The table's files by key under `root` (a key prefix ending in '/'). Ids from `idBase` up (past 2^53 by default). */
export function longHistoryFiles(n: number, idBase = 1_000_000_000_000_000_000n, root = 't/'): Map<string, Uint8Array> {
  const snapshots = Array.from({ length: n }, (_, i) => ({
    'snapshot-id': idBase + BigInt(i), ...(i ? { 'parent-snapshot-id': idBase + BigInt(i - 1) } : {}),
    'sequence-number': i + 1, 'timestamp-ms': 1_700_000_000_000 + i * 60_000, 'manifest-list': `s3://b/t/metadata/snap-${i}.avro`,
    summary: { operation: i % 10 === 9 ? 'delete' : 'append', 'total-records': String(i * 10) }, 'schema-id': 0,
  }));
  const current = snapshots.at(-1)!['snapshot-id'];
  const meta = {
    'format-version': 2, 'table-uuid': '9c12d441-03fe-4693-9a96-a0705ddf69c1', location: 's3://b/t', 'last-sequence-number': n,
    'last-updated-ms': 1_700_000_000_000 + n * 60_000, 'last-column-id': 1, 'current-schema-id': 0,
    schemas: [{ type: 'struct', 'schema-id': 0, fields: [{ id: 1, name: 'id', required: true, type: 'long' }] }],
    'default-spec-id': 0, 'partition-specs': [{ 'spec-id': 0, fields: [] }], 'last-partition-id': 999,
    'default-sort-order-id': 0, 'sort-orders': [{ 'order-id': 0, fields: [] }], properties: {},
    'current-snapshot-id': current, refs: { main: { 'snapshot-id': current, type: 'branch' } }, snapshots,
    'snapshot-log': [], 'metadata-log': [],
  };
  return new Map([
    [`${root}metadata/v1.metadata.json`, new TextEncoder().encode(stringifyJson(meta))],
    [`${root}metadata/version-hint.text`, new TextEncoder().encode('1')],
  ]);
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLakeError, type LakeError } from '../../../errors.ts';
import { errorText } from '../../../messages/message-parts.ts';
import { zh } from '../../../messages/zh.ts';
import { parseJson, stringifyJson } from '../../../util/json.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../../testing/fixtures.ts';
import { parseTableMetadata } from '../spec/table-metadata.ts';
import { applyUpdates } from './apply-updates.ts';
import { checkRequirements } from './requirements.ts';
import type { JsonDoc } from './table-update.ts';

/** A small v2 table with two snapshots (s1 ← s2 on main) and a tag on s1. */
function baseDoc(): JsonDoc {
  return parseJson(stringifyJson({
    'format-version': 2, 'table-uuid': '9c12d441-03fe-4693-9a96-a0705ddf69c1', location: 's3://b/t',
    'last-sequence-number': 2n, 'last-updated-ms': 2000, 'last-column-id': 2,
    schemas: [{ type: 'struct', 'schema-id': 0, fields: [{ id: 1, name: 'id', required: true, type: 'long' }, { id: 2, name: 'v', required: false, type: 'string' }] }],
    'current-schema-id': 0,
    'partition-specs': [{ 'spec-id': 0, fields: [] }], 'default-spec-id': 0, 'last-partition-id': 999,
    'sort-orders': [{ 'order-id': 0, fields: [] }], 'default-sort-order-id': 0,
    properties: { 'write.metadata.previous-versions-max': '2' },
    'current-snapshot-id': 3051729675574597004n,
    snapshots: [
      { 'snapshot-id': 1n, 'sequence-number': 1, 'timestamp-ms': 1000, 'manifest-list': 's3://b/t/metadata/snap-1.avro', summary: { operation: 'append' } },
      { 'snapshot-id': 3051729675574597004n, 'parent-snapshot-id': 1, 'sequence-number': 2, 'timestamp-ms': 2000, 'manifest-list': 's3://b/t/metadata/snap-2.avro', summary: { operation: 'append' } },
    ],
    'snapshot-log': [{ 'timestamp-ms': 1000, 'snapshot-id': 1 }, { 'timestamp-ms': 2000, 'snapshot-id': 3051729675574597004n }],
    'metadata-log': [{ 'timestamp-ms': 500, 'metadata-file': 's3://b/t/metadata/v1.metadata.json' }, { 'timestamp-ms': 1000, 'metadata-file': 's3://b/t/metadata/v2.metadata.json' }],
    refs: { main: { 'snapshot-id': 3051729675574597004n, type: 'branch' }, first: { 'snapshot-id': 1, type: 'tag' } },
  })) as JsonDoc;
}

const parse = (doc: JsonDoc) => parseTableMetadata(doc, 'test');

describe('applyUpdates (the metadata reducer)', () => {
  it('moving main logs the snapshot, updates current-snapshot-id and appends the base file to metadata-log (trimmed)', () => {
    const base = baseDoc();
    const { doc, expiredMetadataFiles } = applyUpdates(base, [{ action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': 1n }],
      { nowMs: 5000, baseMetadataFile: 's3://b/t/metadata/v3.metadata.json' });
    const m = parse(doc);
    expect(m.currentSnapshotId).toBe(1n);
    expect(m.snapshotLog.map((e) => [e.timestampMs, e.snapshotId])).toEqual([[1000, 1n], [2000, 3051729675574597004n], [5000, 1n]]);
    // previous-versions-max = 2: v1 falls off; the base (v3) is logged with the base's last-updated-ms.
    expect(m.metadataLog.map((e) => e.metadataFile)).toEqual(['s3://b/t/metadata/v2.metadata.json', 's3://b/t/metadata/v3.metadata.json']);
    expect(m.metadataLog[1].timestampMs).toBe(2000);
    expect(expiredMetadataFiles).toEqual(['s3://b/t/metadata/v1.metadata.json']);
    expect(m.lastUpdatedMs).toBe(5000);
    // the input is never mutated
    expect(parse(base).currentSnapshotId).toBe(3051729675574597004n);
    // 64-bit ids survive serialisation exactly
    expect(stringifyJson(doc)).toContain('3051729675574597004');
  });

  it('add-snapshot checks sequence numbers and sets last-sequence-number; an unknown ref target is refused', () => {
    const snap = { 'snapshot-id': 77n, 'parent-snapshot-id': 3051729675574597004n, 'sequence-number': 3n, 'timestamp-ms': 3000, 'manifest-list': 's3://b/t/metadata/snap-77.avro', summary: { operation: 'append' } };
    const { doc } = applyUpdates(baseDoc(), [{ action: 'add-snapshot', snapshot: snap }, { action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': 77n }], { nowMs: 9999 });
    const m = parse(doc);
    expect(m.lastSequenceNumber).toBe(3n);
    expect(m.currentSnapshotId).toBe(77n);
    expect(m.snapshotLog.at(-1)).toEqual({ timestampMs: 3000, snapshotId: 77n }); // an added snapshot logs its own time
    expect(m.lastUpdatedMs).toBe(3000);
    expect(() => applyUpdates(baseDoc(), [{ action: 'add-snapshot', snapshot: { ...snap, 'sequence-number': 2n } }], { nowMs: 1 })).toThrow(/not above last-sequence-number/);
    expect(() => applyUpdates(baseDoc(), [{ action: 'add-snapshot', snapshot: { ...snap, 'snapshot-id': 1n } }], { nowMs: 1 })).toThrow(/already exists/);
    expect(() => applyUpdates(baseDoc(), [{ action: 'set-snapshot-ref', 'ref-name': 'x', type: 'tag', 'snapshot-id': 5n }], { nowMs: 1 })).toThrow(/unknown snapshot 5/);
    // In the reader's language too (issue 20), the ref and snapshot id apart as data.
    const e = (() => { try { applyUpdates(baseDoc(), [{ action: 'set-snapshot-ref', 'ref-name': 'x', type: 'tag', 'snapshot-id': 5n }], { nowMs: 1 }); } catch (x) { return x as LakeError; } throw new Error('no error'); })();
    expect(errorText(e.ref!)).toBe(e.message);
    expect(errorText(e.ref!, zh)).toBe('iceberg 提交：引用 x 不能指向不存在的快照 5');
  });

  it('remove-snapshots drops refs to them, clears the snapshot-log history before them and unsets current', () => {
    const { doc } = applyUpdates(baseDoc(), [{ action: 'remove-snapshots', 'snapshot-ids': [1n] }], { nowMs: 1 });
    const m = parse(doc);
    expect(m.snapshots.map((s) => s.snapshotId)).toEqual([3051729675574597004n]);
    expect(m.refs.map((r) => r.name)).toEqual(['main']);
    expect(m.snapshotLog.map((e) => e.snapshotId)).toEqual([3051729675574597004n]);
    const { doc: d2 } = applyUpdates(baseDoc(), [{ action: 'remove-snapshots', 'snapshot-ids': [3051729675574597004n] }], { nowMs: 1 });
    const m2 = parse(d2);
    expect(m2.currentSnapshotId).toBeUndefined();
    expect(m2.refs.map((r) => r.name)).toEqual(['first']);
    expect(m2.snapshotLog).toEqual([]); // the removed snapshot was last: everything before it goes
  });

  it('add-schema reuses an identical schema, assigns the next id otherwise, and raises last-column-id', () => {
    const same = { type: 'struct', 'schema-id': 42, fields: [{ id: 1, name: 'id', required: true, type: 'long' }, { id: 2, name: 'v', required: false, type: 'string' }] };
    let r = applyUpdates(baseDoc(), [{ action: 'add-schema', schema: same }, { action: 'set-current-schema', 'schema-id': -1 }], { nowMs: 1 });
    expect(parse(r.doc).schemas.length).toBe(1);
    const wider = { type: 'struct', fields: [...same.fields, { id: 3, name: 'w', required: false, type: 'double' }] };
    r = applyUpdates(baseDoc(), [{ action: 'add-schema', schema: wider }, { action: 'set-current-schema', 'schema-id': -1 }], { nowMs: 1 });
    const m = parse(r.doc);
    expect(m.currentSchemaId).toBe(1);
    expect(m.lastColumnId).toBe(3);
    expect(m.schemas[1].fields.map((f) => f.name)).toEqual(['id', 'v', 'w']);
  });

  it('add-spec reuses equivalent specs and tracks last-partition-id; add-sort-order keeps 0 for unsorted', () => {
    const spec = { fields: [{ name: 'id_bucket', transform: 'bucket[4]', 'source-id': 1, 'field-id': 1000 }] };
    const r = applyUpdates(baseDoc(), [{ action: 'add-spec', spec }, { action: 'set-default-spec', 'spec-id': -1 }, { action: 'add-spec', spec }], { nowMs: 1 });
    const m = parse(r.doc);
    expect(m.partitionSpecs.map((s) => s.specId)).toEqual([0, 1]);
    expect(m.defaultSpecId).toBe(1);
    expect(m.lastPartitionId).toBe(1000);
    const o = applyUpdates(baseDoc(), [{ action: 'add-sort-order', 'sort-order': { fields: [{ transform: 'identity', 'source-id': 1, direction: 'asc', 'null-order': 'nulls-first' }] } }, { action: 'set-default-sort-order', 'sort-order-id': -1 }], { nowMs: 1 });
    expect(parse(o.doc).defaultSortOrderId).toBe(1);
  });

  it('v3: add-snapshot advances next-row-id by added-rows and refuses a first-row-id below it', () => {
    const v3 = { ...baseDoc(), 'format-version': 3, 'next-row-id': 10n };
    const snap = { 'snapshot-id': 5n, 'parent-snapshot-id': 3051729675574597004n, 'sequence-number': 3n, 'timestamp-ms': 3000, 'manifest-list': 'x', summary: { operation: 'append' }, 'first-row-id': 10n, 'added-rows': 25n };
    expect(parse(applyUpdates(v3, [{ action: 'add-snapshot', snapshot: snap }], { nowMs: 1 }).doc).nextRowId).toBe(35n);
    expect(() => applyUpdates(v3, [{ action: 'add-snapshot', snapshot: { ...snap, 'first-row-id': 9n } }], { nowMs: 1 })).toThrow(/below next-row-id/);
  });

  it('keeps fields it does not model', () => {
    const doc = { ...baseDoc(), 'x-engine-extension': { a: 1 } };
    expect(applyUpdates(doc, [{ action: 'set-properties', updates: { k: 'v' } }], { nowMs: 1 }).doc['x-engine-extension']).toEqual({ a: 1 });
  });

  it.skipIf(!FIXTURES_PRESENT)('applies to a real Java-written v2 metadata file and keeps it readable', () => {
    const text = readFileSync(join(FIXTURES_DIR, 'iceberg/v2_java_position_and_equality_deletes/metadata/v5.metadata.json'), 'utf8');
    const base = parseJson(text) as JsonDoc;
    const before = parse(base);
    const first = before.snapshots[0].snapshotId;
    const { doc } = applyUpdates(base, [
      { action: 'set-snapshot-ref', 'ref-name': 'main', type: 'branch', 'snapshot-id': first },
      { action: 'set-snapshot-ref', 'ref-name': 'v1', type: 'tag', 'snapshot-id': first, 'max-ref-age-ms': 86_400_000n },
      { action: 'remove-properties', removals: ['write.parquet.compression-codec'] },
    ], { nowMs: Date.now(), baseMetadataFile: `${before.location}/metadata/v5.metadata.json` });
    const after = parse(parseJson(stringifyJson(doc)) as JsonDoc);
    expect(after.currentSnapshotId).toBe(first);
    expect(after.refs.find((r) => r.name === 'v1')).toMatchObject({ type: 'tag', snapshotId: first, maxRefAgeMs: 86_400_000n });
    expect(after.properties['write.parquet.compression-codec']).toBeUndefined();
    expect(after.snapshots.length).toBe(before.snapshots.length);
    expect(after.metadataLog.length).toBe(before.metadataLog.length + 1);
  });
  if (!FIXTURES_PRESENT) it.skip(`skipped: ${FIXTURES_SKIP_REASON}`, () => {});
});

describe('checkRequirements', () => {
  it('passes when met and reports a non-retryable Conflict naming the requirement otherwise', () => {
    const m = parse(baseDoc());
    expect(() => checkRequirements(m, [
      { type: 'assert-table-uuid', uuid: '9C12D441-03FE-4693-9A96-A0705DDF69C1' },
      { type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': 3051729675574597004n },
      { type: 'assert-ref-snapshot-id', ref: 'nope', 'snapshot-id': null },
      { type: 'assert-current-schema-id', 'current-schema-id': 0 },
      { type: 'assert-last-assigned-field-id', 'last-assigned-field-id': 2 },
      { type: 'assert-default-spec-id', 'default-spec-id': 0 },
      { type: 'assert-last-assigned-partition-id', 'last-assigned-partition-id': 999 },
      { type: 'assert-default-sort-order-id', 'default-sort-order-id': 0 },
    ])).not.toThrow();
    try {
      checkRequirements(m, [{ type: 'assert-ref-snapshot-id', ref: 'main', 'snapshot-id': 1n }]);
      expect.unreachable();
    } catch (e) {
      expect(isLakeError(e, 'Conflict')).toBe(true);
      expect((e as Error).message).toMatch(/assert-ref-snapshot-id failed: ref main is at snapshot 3051729675574597004, expected 1/);
      expect((e as { context: Record<string, unknown> }).context.retryable).toBe(false);
    }
    expect(() => checkRequirements(m, [{ type: 'assert-create' }])).toThrow(/already exists/);
    expect(() => checkRequirements(undefined, [{ type: 'assert-create' }])).not.toThrow();
  });
});

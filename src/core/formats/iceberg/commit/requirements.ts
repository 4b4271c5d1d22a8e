/**
 * Commit requirements (REST spec `TableRequirement`): assertions about the state a change was built on.
 * A file-system commit checks them against the metadata it is about to replace; the exclusive create of
 * the next version file then guarantees nobody changed that state in between.
 */
import { LakeError } from '../../../errors.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import type { TableRequirement } from './table-update.ts';

/**
 * Throws LakeError Conflict (marked not retryable: the caller's premise is gone, rebuilding would not
 * help) for the first requirement `base` does not meet. `base` undefined means "the table does not exist".
 */
export function checkRequirements(base: TableMetadata | undefined, reqs: readonly TableRequirement[]): void {
  for (const r of reqs) {
    const why = violation(base, r);
    if (why) throw new LakeError('Conflict', `iceberg commit: requirement ${r.type} failed: ${why}`, { requirement: r.type, retryable: false });
  }
}

function violation(base: TableMetadata | undefined, r: TableRequirement): string | undefined {
  if (r.type === 'assert-create') return base ? 'the table already exists' : undefined;
  if (!base) return 'the table does not exist';
  switch (r.type) {
    case 'assert-table-uuid':
      return base.tableUuid?.toLowerCase() === r.uuid.toLowerCase() ? undefined : `table uuid is ${base.tableUuid ?? 'unset'}, expected ${r.uuid}`;
    case 'assert-ref-snapshot-id': {
      const ref = base.refs.find((x) => x.name === r.ref);
      const want = r['snapshot-id'];
      if (want === null) return ref ? `ref ${r.ref} exists (snapshot ${ref.snapshotId})` : undefined;
      if (!ref) return `ref ${r.ref} does not exist, expected snapshot ${want}`;
      return ref.snapshotId === BigInt(want) ? undefined : `ref ${r.ref} is at snapshot ${ref.snapshotId}, expected ${want}`;
    }
    case 'assert-last-assigned-field-id':
      return base.lastColumnId === r['last-assigned-field-id'] ? undefined : `last-column-id is ${base.lastColumnId}, expected ${r['last-assigned-field-id']}`;
    case 'assert-current-schema-id':
      return base.currentSchemaId === r['current-schema-id'] ? undefined : `current schema is ${base.currentSchemaId}, expected ${r['current-schema-id']}`;
    case 'assert-last-assigned-partition-id':
      return base.lastPartitionId === r['last-assigned-partition-id'] ? undefined : `last-partition-id is ${base.lastPartitionId}, expected ${r['last-assigned-partition-id']}`;
    case 'assert-default-spec-id':
      return base.defaultSpecId === r['default-spec-id'] ? undefined : `default spec is ${base.defaultSpecId}, expected ${r['default-spec-id']}`;
    case 'assert-default-sort-order-id':
      return base.defaultSortOrderId === r['default-sort-order-id'] ? undefined : `default sort order is ${base.defaultSortOrderId}, expected ${r['default-sort-order-id']}`;
  }
}

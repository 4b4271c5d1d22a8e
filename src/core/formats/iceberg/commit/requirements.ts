/**
 * Commit requirements (REST spec `TableRequirement`): assertions about the state a change was built on.
 * A file-system commit checks them against the metadata it is about to replace; the exclusive create of
 * the next version file then guarantees nobody changed that state in between.
 */
import type { LakeErrorRef } from '../../../errors.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef } from '../../../messages/message-parts.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import type { TableRequirement } from './table-update.ts';

/**
 * Throws LakeError Conflict (marked not retryable: the caller's premise is gone, rebuilding would not
 * help) for the first requirement `base` does not meet. `base` undefined means "the table does not exist".
 */
export function checkRequirements(base: TableMetadata | undefined, reqs: readonly TableRequirement[]): void {
  for (const r of reqs) {
    const why = violation(base, r);
    if (why) throw messageError('Conflict', 'error.iceberg.requirement', { type: r.type, why }, { requirement: r.type, retryable: false });
  }
}

function violation(base: TableMetadata | undefined, r: TableRequirement): LakeErrorRef | undefined {
  if (r.type === 'assert-create') return base ? errorRef('error.iceberg.req.tableExists', undefined) : undefined;
  if (!base) return errorRef('error.iceberg.req.noTable', undefined);
  switch (r.type) {
    case 'assert-table-uuid':
      return base.tableUuid?.toLowerCase() === r.uuid.toLowerCase() ? undefined : errorRef('error.iceberg.req.uuid', { actual: base.tableUuid ?? 'unset', expected: r.uuid });
    case 'assert-ref-snapshot-id': {
      const ref = base.refs.find((x) => x.name === r.ref);
      const want = r['snapshot-id'];
      if (want === null) return ref ? errorRef('error.iceberg.req.refExists', { ref: r.ref, snapshot: String(ref.snapshotId) }) : undefined;
      if (!ref) return errorRef('error.iceberg.req.refMissing', { ref: r.ref, expected: String(want) });
      return ref.snapshotId === BigInt(want) ? undefined : errorRef('error.iceberg.req.refMoved', { ref: r.ref, snapshot: String(ref.snapshotId), expected: String(want) });
    }
    case 'assert-last-assigned-field-id':
      return base.lastColumnId === r['last-assigned-field-id'] ? undefined : errorRef('error.iceberg.req.lastColumnId', { actual: base.lastColumnId, expected: r['last-assigned-field-id'] });
    case 'assert-current-schema-id':
      return base.currentSchemaId === r['current-schema-id'] ? undefined : errorRef('error.iceberg.req.currentSchema', { actual: base.currentSchemaId, expected: r['current-schema-id'] });
    case 'assert-last-assigned-partition-id':
      return base.lastPartitionId === r['last-assigned-partition-id'] ? undefined : errorRef('error.iceberg.req.lastPartitionId', { actual: base.lastPartitionId, expected: r['last-assigned-partition-id'] });
    case 'assert-default-spec-id':
      return base.defaultSpecId === r['default-spec-id'] ? undefined : errorRef('error.iceberg.req.defaultSpec', { actual: base.defaultSpecId, expected: r['default-spec-id'] });
    case 'assert-default-sort-order-id':
      return base.defaultSortOrderId === r['default-sort-order-id'] ? undefined : errorRef('error.iceberg.req.defaultSortOrder', { actual: base.defaultSortOrderId, expected: r['default-sort-order-id'] });
  }
}

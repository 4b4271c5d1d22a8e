/**
 * Iceberg writes: the public surface of commit/. Every maintenance operation is two-step — `prepare…`
 * returns a {@link PreparedOperation} whose `preview` lists the files written/deleted and rows/bytes before
 * and after, and whose `apply` commits exactly that (Conflict if the table moved on in a way the preview
 * did not allow). Writes (create, append, delete by key) commit directly. All commits go through the
 * file-system commit protocol of commit-table.ts (exclusive create of the next metadata file, retries).
 */
export { createTable, newTableMetadata, type CreateTableOptions } from './create-table.ts';
export { appendRows, appendDataFiles, type AppendOptions } from './append.ts';
export { appendArrow } from './append-arrow.ts';
export { prepareDeleteWhere, type DeleteMode, type DeleteWhereOptions, type FileDeletion } from './delete-rows.ts';
export { deleteByKeys } from './equality-deletes.ts';
export { prepareOverwrite, type OverwriteOptions } from './overwrite.ts';
export {
  prepareRollbackTo, prepareRollbackToTime, prepareSetCurrentSnapshot, prepareTag, prepareBranch, prepareRemoveRef, prepareFastForward,
  type RefRetention,
} from './ref-operations.ts';
export { prepareCherryPick } from './cherry-pick.ts';
export { prepareExpireSnapshots, planExpiry, type ExpireOptions, type ExpireApplyOptions, type ExpirePlan } from './expire-snapshots.ts';
export { findOrphanFiles, prepareDeleteOrphanFiles, type OrphanFile, type OrphanReport } from './orphan-files.ts';
export { prepareCompaction, planCompaction, type CompactionOptions, type CompactionPlan } from './compaction.ts';
export { prepareRewriteManifests, type RewriteManifestsOptions } from './rewrite-manifests.ts';
export { prepareSchemaUpdate, evolveSchema, canPromote, type SchemaChange } from './schema-evolution.ts';
export { preparePartitionUpdate, evolveSpec, type SpecChange } from './partition-evolution.ts';
export { setProperties, updateTable, type UpdateOptions } from './update-table.ts';
export { commitTable, type CommitPlan, type CommitProducer, type CommitOptions, type CommitResult } from './commit-table.ts';
export { applyUpdates, type ApplyOptions as ReducerOptions } from './apply-updates.ts';
export { checkRequirements } from './requirements.ts';
export { loadTableState, nextMetadataKey, type TableState, type MetadataNaming } from './table-state.ts';
export type { TableUpdate, TableRequirement, JsonDoc } from './table-update.ts';
export type { PreparedOperation, ApplyOptions } from './prepared-operation.ts';
export type { Row } from './row-values.ts';
export { icebergCapabilities, prepareIcebergAction, icebergUndo } from './write-model.ts';

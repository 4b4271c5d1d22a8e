/**
 * The Delta writer's public surface: create and append, DELETE/UPDATE by predicate, RESTORE, OPTIMIZE,
 * checkpoints and VACUUM (each `prepare…` returns a preview whose `apply()` commits it), and the write
 * model the table offers through `capabilities()` / `prepare(action)`.
 */
export { createDeltaTable, prepareCreateDeltaTable, protocolFor, type CreateDeltaTableOptions, type NewColumn } from './create-table.ts';
export { appendRows, prepareAppend, type AppendOptions, type AppendResult } from './append.ts';
export { prepareRowChange, writesDeletionVectors, type RowChange } from './row-changes.ts';
export { prepareRestore, type RestoreTarget } from './restore.ts';
export { prepareOptimize, planBins, DEFAULT_TARGET_FILE_SIZE, type OptimizeOptions } from './optimize.ts';
export { writeCheckpoint, checkpointInterval, type CheckpointResult } from './checkpoint.ts';
export { prepareVacuum, type VacuumOptions } from './vacuum.ts';
export { checkWritable, writerFeatures, type DeltaWriteOp } from './writer-features.ts';
export { deltaCapabilities, prepareDeltaAction } from './write-model.ts';
export { commitActions, type CommitOutcome, type ConflictRule } from './log-commit.ts';

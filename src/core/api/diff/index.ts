/** The diff of two versions of any table and the change log between them (issue 15), written once over the model. */
export type * from './diff-dto.ts';
export { diffTables, tableDiffOf, isRewriteOperation } from './diff-tables.ts';
export { diffRows, diffRowsOf, tableKey, type DiffRowsOptions } from './row-diff.ts';
export { changes, type ChangesOptions } from './changes.ts';
export { diffSchemas, columnNameMap, isWidening } from './schema-diff.ts';
export { diffContext, type DiffContext } from './diff-context.ts';

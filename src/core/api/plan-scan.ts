/**
 * Planning a scan for the use cases (explain, row cursors, the CLI): the format's `plan`, with an
 * unknown column named in the reader's terms. A format reports a column it cannot bind as LakeError
 * NotFound with `context.column` (core/expr/bind.ts, each format's column check); shown as is, the page
 * read that as a missing file ("Nothing exists at the requested location"). Here it becomes a DataInvalid
 * that names the column and lists the ones the table has — a mistake in what was typed, not in the bucket.
 */
import { LakeError, isLakeError } from '../errors.ts';
import type { LakePlan, LakeTable, ScanRequest } from '../formats/table-format.ts';
import { messageError } from '../message-error.ts';

/** Plans `request` on `table`. Must hold: an unknown column (filter or projection) is DataInvalid naming it and the known columns. */
export async function planScan(table: LakeTable, request: ScanRequest): Promise<LakePlan> {
  try {
    return await table.plan(request);
  } catch (e) {
    throw unknownColumnError(e, table) ?? e;
  }
}

/** The error for an unknown column, or undefined when `e` is something else. */
export function unknownColumnError(e: unknown, table: LakeTable): LakeError | undefined {
  if (!isLakeError(e, 'NotFound') || typeof e.context.column !== 'string') return undefined;
  const column = e.context.column;
  const names = table.columnNames();
  // A column the table does have (e.g. missing from an older version's schema) keeps the format's own message.
  if (names.includes(column)) return undefined;
  const known = names.join(', ');
  return messageError('DataInvalid', 'error.scan.unknownColumn', { column, known, count: names.length }, { column, known }, e);
}

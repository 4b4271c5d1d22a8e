/** Arrow helpers: canonical row form, row selection, column building and reshaping. */
export { canonicalRows, canonicalRowsText, rowsSha256, sortCanonicalRows, canonicalAccessor, exactTimestampAccessor } from './canonical.ts';
export type { CanonicalRow, ArrowRows } from './canonical.ts';
export {
  canonicalDate, canonicalDecimal, canonicalFloat32, canonicalFloat64, canonicalInteger, canonicalTimestampMicros, canonicalTimestampNanos, nanosPerUnit,
  canonicalTimeMicros, floorDiv, toMicros, nonFiniteText, parseNonFiniteText,
} from './canonical-values.ts';
export type { NonFiniteText } from './canonical-values.ts';
export { takeData, takeRows, filterRows, dropPositions, maskToIndices } from './take.ts';
export { limitBatches } from './limit.ts';
export { nullData, constantData, batchFromColumns, selectColumns, renameColumns, concatBatches } from './columns.ts';
export { rowsTable, type RowsColumnType } from './rows-table.ts';
export { dataFromValues } from './from-values.ts';

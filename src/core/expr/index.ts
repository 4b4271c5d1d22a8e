/** Format-agnostic predicates: AST, binding, tri-state metrics evaluation, row evaluation, `--where` parsing. */
export * from './types.ts';
export * from './expr.ts';
export { compareValues, compareStrings, compareBytes, valuesEqual, isNaNValue, formatValue, codePointLength, truncateCodePoints } from './compare.ts';
export { convertLiteral, parseDate, parseTime, parseTimestamp, parseDecimal, formatDate, formatTime, formatTimestamp, formatDecimal, formatUuid, formatTypedValue } from './literal.ts';
export { bindExpr, type FieldLookup } from './bind.ts';
export { evaluateMetrics, ROWS_MIGHT_MATCH, cannotMatch, type ColumnStats, type StatsLookup, type MatchResult } from './metrics-evaluator.ts';
export { evaluateRow, evaluate3, type RowAccessor } from './row-evaluator.ts';
export { parseWhere } from './parse.ts';
export { describeExpr } from './describe.ts';

/**
 * English text of why the columnar executor hands a query to squirreling (EXPLAIN's executor line), the notes a
 * change or metadata scan adds to its plan, and EXPLAIN's one column when its rows are exported (issue 20, after
 * en-query.ts). Each reason is the exact English its throw site wrote before it carried a reference (the CLI and
 * `SqlExecutorDto.reason` print it unchanged). String parameters are data: SQL words, function, column and type
 * names, shown apart by the UI.
 */

export const enQuery2 = {
  // core/api/sql/arrow-eval.ts
  'ui.query.reason.unresolved': (p: { column: string }) => `column ${p.column} not resolved here`,
  'ui.query.reason.datedArithmetic': (p: { operator: string }) => `date or timestamp arithmetic (${p.operator})`,
  'ui.query.reason.operator': (p: { operator: string }) => `operator ${p.operator}`,
  'ui.query.reason.decimalVsDated': () => 'comparison of a decimal with a date or timestamp',
  'ui.query.reason.caseOrdered': () => 'CASE over a decimal, date or timestamp value',
  'ui.query.reason.expressionKind': (p: { node: string }) => `${p.node} expressions`,
  'ui.query.reason.castObject': () => 'CAST of an object',
  'ui.query.reason.castTo': (p: { type: string }) => `CAST to ${p.type}`,
  'ui.query.reason.mixedTypes': (p: { fn: string }) => `${p.fn} over values of different types`,
  'ui.query.reason.aggregateHere': (p: { fn: string }) => `aggregate ${p.fn} here`,
  'ui.query.reason.filterOn': (p: { fn: string }) => `FILTER on ${p.fn}`,
  'ui.query.reason.arity': (p: { fn: string }) => `${p.fn} arity`,
  'ui.query.reason.ofObject': (p: { fn: string }) => `${p.fn} of an object`,
  'ui.query.reason.function': (p: { fn: string }) => `function ${p.fn}`,
  // core/api/sql/fast-aggregate.ts
  'ui.query.reason.aggregate': (p: { fn: string }) => `aggregate ${p.fn}`,
  'ui.query.reason.arguments': (p: { fn: string }) => `${p.fn} arguments`,
  'ui.query.reason.aggregateOfType': (p: { fn: string; type: string }) => `${p.fn} of a ${p.type}`,
  'ui.query.reason.emptyGroup': () => 'column of an empty group',
  'ui.query.reason.starInAggregate': () => '* in an aggregate query',
  // core/api/sql/fast-query.ts
  'ui.query.reason.noRelation': (p: { table: string }) => `no relation ${p.table}`,
  'ui.query.reason.columnLacking': () => 'a column the relation lacks',
  'ui.query.reason.repeatedName': (p: { name: string }) => `two output columns named ${p.name}`,
  // Notes of a scan's plan (core/api/sql/relations.ts)
  'ui.query.note.changeSource': (p: { source: string }) => `source: ${p.source}`,
  'ui.query.note.metadataOnly': () => 'metadata only: read while planning, no data file',
  // EXPLAIN's rows as the Query tab exports them (CSV, Parquet): the column's name
  'ui.query.plan.column': () => 'plan',
};

/**
 * English text of EXPLAIN's plan lines (core/messages/explain-lines.ts) and of why squirreling rather than the
 * columnar executor runs a query (core/api/sql/run-sql.ts, fast-query.ts; `SqlExecutorDto.reason`). The engine
 * formats these — the CLI prints them, the worker sends their English — so they are the engine's part of the
 * catalog (en-engine.ts); the rest of the Query tab's text (en-query.ts) is the page's (issue 17). Moved from
 * en-query.ts unchanged.
 */

export const enExplain = {
  // EXPLAIN's plan text (explain-text.ts), one message per line: the CLI prints these English lines as they were.
  'ui.query.plan.scan': (p: { ref: string; format: string; scanKind: string; metadataTable?: string; fromVersion?: string; version?: string; relation: string }) =>
    `${p.ref}  (${p.format} ${p.scanKind}${p.metadataTable ? ` $${p.metadataTable}` : ''}${p.fromVersion ? `, versions (${p.fromVersion}, ${p.version}]` : p.version ? `, version ${p.version}` : ''}) as ${p.relation}`,
  'ui.query.plan.note': (p: { note: string }) => `  note: ${p.note}`,
  'ui.query.plan.columns': (p: { columns?: string }) => `  columns: ${p.columns ?? 'all'}`,
  'ui.query.plan.filter': (p: { filter?: string }) => `  pushed filter: ${p.filter ?? 'none'}`,
  'ui.query.plan.counts': (p: { step: string; countList: string }) => `  ${p.step}: ${p.countList}`,
  'ui.query.plan.count': (p: { countName: string; value: string }) => `${p.countName} ${p.value}`,
  'ui.query.plan.countSeparator': () => ', ',
  'ui.query.plan.files': (p: { planned: string; skipped: string }) => `  files: ${p.planned} to read, ${p.skipped} skipped`,
  'ui.query.plan.rowGroups': (p: { planned: string; skipped: string }) => `  row groups: ${p.planned} to read, ${p.skipped} skipped`,
  'ui.query.plan.bytesToFetch': (p: { bytes: string }) => `  bytes to fetch: ${p.bytes}`,
  'ui.query.plan.bytesFetched': (p: { bytes: string }) => `  bytes fetched: ${p.bytes}`,
  'ui.query.plan.engineQuery': (p: { query: string }) => `engine query: ${p.query}`,
  'ui.query.plan.executor': (p: { name: string; reason?: string }) => `executor: ${p.name}${p.reason ? ` (${p.reason})` : ''}`,
  'ui.query.plan.total': (p: { bytes: string }) => `total bytes to fetch: ${p.bytes}`,
  // Why squirreling runs a query rather than the columnar executor (run-sql.ts; the English is SqlExecutorDto.reason).
  'ui.query.reason.askedFor': () => 'asked for',
  'ui.query.reason.step': (p: { node: string }) => `a ${p.node} step (join, subquery, CTE, set operation or window)`,
  'ui.query.reason.fallback': (p: { reason: string }) => p.reason,
  'ui.query.reason.compileError': (p: { message: string }) => `columnar compile error: ${p.message}`,
  'ui.query.reason.refused': (p: { message: string }) => `refused: ${p.message}`,
  'ui.query.reason.rewritten': (p: { count: number }) => `${p.count} operator(s) rewritten to three-valued-logic or typed-value functions`,
  'ui.query.reason.and': (p: { first: string; second: string }) => `${p.first}; ${p.second}`,
};

/**
 * The SQL use case (issue 16): runs or explains a query over the tables of a warehouse. Table references
 * and their time-travel clauses are found and replaced (table-refs.ts), each becomes a relation fed from
 * our planner and readers (relations.ts), and the engine (squirreling, imported on the first query: see
 * README "Decisions") runs the rest of the SQL over them as async row streams.
 */
import type { AsyncDataSource, QueryPlan, ScanOptions } from 'squirreling';
import { abortError, isLakeError, LakeError, toLakeError } from '../../errors.ts';
import { CountingStorage } from '../../io/counting-storage.ts';
import type { Storage } from '../../io/storage.ts';
import { detectTableFormat } from '../detect-table-format.ts';
import { folderPrefix } from '../listing.ts';
import { openTable, type OpenTableOptions } from '../open-table.ts';
import { readWarningsOf } from '../read-warnings.ts';
import { splitMetadataName } from './metadata-tables.ts';
import { ChangesRelation, DataRelation, MetadataRelation, type OpenedTable, type Relation, selectorOf } from './relations.ts';
import type { SqlExecutorDto, SqlExplainDto, SqlProgressDto, SqlRequest, SqlResultDto, SqlScanDto } from './sql-contract.ts';
import { explainText } from './explain-text.ts';
import { FastFallback } from './arrow-eval.ts';
import { compileFastQuery, type FastQuery } from './fast-query.ts';
import { columnKind, sqlCell } from './sql-values.ts';
import { rewrite3vl, SQL3VL_FUNCTIONS, type Rewrite3vl } from './sql-3vl.ts';
import { rewriteTyped, SQL_TYPED_FUNCTIONS } from './sql-typed-rewrite.ts';
import { CAST_TIME, CAST_TIME_FUNCTIONS, placeCastTimes } from './time-cast.ts';
import { orderByWindowItems } from './window-order.ts';
import { sparkNullOrder, uniqueOutputColumns } from './output-columns.ts';
import { rewriteSparkFunctions, SPARK_UDFS } from './spark-functions.ts';
import { rewriteStringOrder, STRING_ORDER_FUNCTIONS } from './string-order.ts';
import { NUMBER_TEXT_FUNCTIONS } from './number-text.ts';
import { answerSubqueries, SubqueryRefusal } from './subquery-values.ts';
import { checkGrouping } from './group-check.ts';
import { cteNames, findTableRefs, queryError, rewriteQuery, tokenize, type RewrittenQuery, type TableRefInQuery } from './table-refs.ts';
import { engineMessageRef } from './engine-messages.ts';
import { messageError } from '../../message-error.ts';
import { errorRef, errorText, isErrorRef, type ErrorRef } from '../../messages/message-parts.ts';

export interface SqlRunOptions {
  readonly signal?: AbortSignal;
  /**
   * `auto` (default): the columnar executor where it can run the query, else squirreling;
   * `squirreling`: always squirreling (the reference the differential test compares with);
   * `columnar`: the columnar executor or LakeError Unsupported (tests).
   */
  readonly executor?: 'auto' | 'squirreling' | 'columnar';
  readonly onProgress?: (progress: SqlProgressDto) => void;
  readonly readers?: OpenTableOptions['readers'];
}

const DEFAULT_MAX_ROWS = 10_000;

/** The engine, imported once on first use (it is not in the explorer's start-up bundle). */
let engine: Promise<typeof import('squirreling')> | undefined;
export const loadEngine = () => (engine ??= import('squirreling'));

interface Prepared {
  /** The query as given, `EXPLAIN` blanked out (offsets unchanged). */
  readonly query: string;
  readonly explainOnly: boolean;
  readonly rewritten: RewrittenQuery;
  readonly relations: readonly Relation[];
}

/** Key of a reference: the same table at the same selector is one relation. */
const refKey = (r: TableRefInQuery) => `${r.name}\u0000${JSON.stringify(r.selector)}`;

/** Finds, opens and prepares every relation of the query (metadata only). Errors point at the reference. */
async function prepare(storage: Storage, request: SqlRequest, options: SqlRunOptions): Promise<Prepared> {
  const m = /^\s*explain\b/i.exec(request.query);
  const query = m ? ' '.repeat(m[0].length) + request.query.slice(m[0].length) : request.query;
  const tokens = tokenize(query);
  const ctes = cteNames(tokens);
  const refs = findTableRefs(query, tokens).filter((r) => !(r.selector.kind === 'current' && ctes.has(r.name.toUpperCase())));
  if (refs.length === 0 && !/\bfrom\b/i.test(query)) throw queryError(query, query.length, 'expected a query with FROM <table>', 'DataInvalid', 1, {}, errorRef('error.sql.expectedFrom', undefined));
  const byKey = new Map<string, { ref: TableRefInQuery; relation: string; aliases: Set<string> }>();
  for (const r of refs) {
    const k = refKey(r);
    const e = byKey.get(k) ?? { ref: r, relation: `__t${byKey.size + 1}`, aliases: new Set<string>() };
    e.aliases.add(r.alias ?? r.name);
    byKey.set(k, e);
  }
  const rewritten = rewriteQuery(query, refs, (r) => byKey.get(refKey(r))!.relation, tokens);
  const ctx = { signal: options.signal, onProgress: options.onProgress, text: rewritten.text };
  const relations: Relation[] = [];
  let done = 0;
  for (const { ref, relation, aliases } of byKey.values()) {
    options.onProgress?.({ phase: 'plan', done: done++, total: byKey.size, current: ref.name });
    const refText = query.slice(ref.start, ref.end);
    try {
      const meta = splitMetadataName(ref.name);
      const opened = await openNamed(storage, request, meta?.table ?? ref.name, options);
      const alias = [...aliases];
      const rel: Relation = meta
        ? new MetadataRelation(refText, relation, alias, opened, ctx, meta.metadata, ref.selector.kind === 'changes' ? {} : selectorOf(ref.selector))
        : ref.selector.kind === 'changes'
          ? new ChangesRelation(refText, relation, alias, opened, ctx, ref.selector.from, ref.selector.to)
          : new DataRelation(refText, relation, alias, opened, ctx, selectorOf(ref.selector));
      await rel.prepare();
      relations.push(rel);
    } catch (e) {
      if (isLakeError(e, 'Aborted') || options.signal?.aborted) throw abortError(options.signal, 'sql');
      const le = toLakeError(e, 'sql');
      throw queryError(query, ref.start, `${ref.name}: ${le.message}`, le.code, ref.end - ref.start, le.context,
        le.ref && errorRef('error.sql.tableFailed', { table: ref.name, message: le.ref }));
    }
  }
  options.onProgress?.({ phase: 'plan', done, total: byKey.size });
  return { query, explainOnly: !!m, rewritten, relations };
}

/** Opens the table a query names: one of `request.tables`, else the folder of that path in the warehouse. */
async function openNamed(storage: Storage, request: SqlRequest, name: string, options: SqlRunOptions): Promise<OpenedTable> {
  const listed = request.tables?.find((t) => t.name === name) ?? request.tables?.find((t) => t.name.toLowerCase() === name.toLowerCase());
  let root = listed?.root;
  let format = listed?.format;
  if (!listed) {
    const found = await detectTableFormat(storage, folderPrefix(name), { signal: options.signal });
    if (!found) {
      const known = request.tables?.map((t) => t.name).join(', ');
      throw messageError('NotFound', 'error.sql.noTable', known ? { table: name, known } : { table: name }, { table: name });
    }
    root = found.root;
    format = found.format;
  }
  const counting = new CountingStorage(storage);
  const table = await openTable(counting, root!, format!, { signal: options.signal, ...(options.readers ? { readers: options.readers } : {}) });
  return { name: listed?.name ?? name, root: root!, format: format!, table, storage: counting };
}

/** Each relation's scans as the engine plans them: (relation, hints) of every Scan/Count node. */
function scanNodes(plan: QueryPlan, out: { table: string; hints: ScanOptions }[] = []): { table: string; hints: ScanOptions }[] {
  if (plan.type === 'Scan') out.push({ table: plan.table, hints: plan.hints });
  else if (plan.type === 'Count') out.push({ table: plan.table, hints: { columns: [] } });
  for (const k of ['child', 'left', 'right'] as const) {
    const c = (plan as unknown as Record<string, QueryPlan | undefined>)[k];
    if (c && typeof c === 'object' && 'type' in c) scanNodes(c, out);
  }
  return out;
}

const sourcesOf = (relations: readonly Relation[]) => Object.fromEntries(relations.map((r) => [r.relation, r.source()])) as Record<string, AsyncDataSource>;

/** An engine error as a LakeError pointing at its place in the query as written. */
function engineError(p: Prepared, e: unknown, signal?: AbortSignal): LakeError {
  if (signal?.aborted) return abortError(signal, 'sql');
  if (isLakeError(e)) return positioned(p, toLakeError(e, 'sql'));
  const err = e as { message?: string; positionStart?: unknown; positionEnd?: unknown };
  const message = String(err.message ?? e).replace(/ at position \d+/, '').replace(/__t\d+/g, (rel) => p.relations.find((r) => r.relation === rel)?.ref ?? rel);
  // squirreling's message in the reader's language, when a pattern knows it (engine-messages.ts).
  const ref = engineMessageRef(message);
  if (typeof err.positionStart === 'number') {
    let start = p.rewritten.originalOffset(err.positionStart);
    // The engine points a missing column of the select list at the table; point at the column itself.
    const missing = /^Column "([^"]+)" not found/.exec(message)?.[1];
    const at = missing === undefined ? undefined : tokenize(p.query).find((t) => (t.kind === 'word' || t.kind === 'quoted') && t.text === missing);
    if (at) return queryError(p.query, at.start, message, 'DataInvalid', at.end - at.start, { columnName: missing! }, ref);
    const end = typeof err.positionEnd === 'number' ? p.rewritten.originalOffset(err.positionEnd) : start + 1;
    start = Math.min(start, p.query.length);
    return queryError(p.query, start, message, 'DataInvalid', Math.max(1, end - start), {}, ref);
  }
  // squirreling's text that no pattern knows is quoted, marked as English.
  return new LakeError('DataInvalid', `sql: ${message}`, {}, { ref: errorRef('error.sql', { message: ref ?? errorRef('error.untranslated', { text: message }) }) });
}

/** A LakeError carrying its place in the engine's query (`engineStart`/`engineEnd`) as a query error pointing there. */
function positioned(p: Prepared, e: LakeError): LakeError {
  const { engineStart, engineEnd, ...rest } = e.context;
  if (typeof engineStart !== 'number') return e;
  const start = p.rewritten.originalOffset(engineStart);
  const end = typeof engineEnd === 'number' ? p.rewritten.originalOffset(engineEnd) : start + 1;
  // The reference of the message without its `sql: ` (queryError adds the query's own).
  const inner = e.ref?.key === 'error.sql' && isErrorRef(e.ref.params?.message) ? e.ref.params.message : e.ref;
  return queryError(p.query, start, e.message.replace(/^sql: /, ''), e.code, Math.max(1, end - start), rest, inner);
}

/** The columnar executor's compiled query for this plan, or why squirreling runs it. */
function chooseExecutor(plan: QueryPlan, p: Prepared, options: SqlRunOptions): { fast?: FastQuery; executor: SqlExecutorDto } {
  if (options.executor === 'squirreling') return { executor: { name: 'squirreling', reason: 'asked for', reasonRef: errorRef('ui.query.reason.askedFor', undefined) } };
  try {
    const sources = Object.fromEntries(p.relations.map((r) => [r.relation.toLowerCase(), r.fastSource()]));
    return { fast: compileFastQuery(plan, sources, options.signal, p.rewritten.text), executor: { name: 'columnar' } };
  } catch (e) {
    // A literal a typed column does not take ('abc' for a decimal) is the user's error on either executor.
    if (isLakeError(e)) throw positioned(p, e);
    // A plan shape the compiler did not foresee is a reason to fall back, not to fail the user's query.
    const message = String((e as Error)?.message ?? e);
    const reason = e instanceof FastFallback ? e.reason : `columnar compile error: ${message}`;
    if (options.executor === 'columnar') throw messageError('Unsupported', 'error.sql', { message: errorRef('error.sql.columnar', { reason }) });
    const reasonRef = e instanceof FastFallback ? e.ref ?? errorRef('ui.query.reason.fallback', { reason }) : errorRef('ui.query.reason.compileError', { message });
    return { executor: { name: 'squirreling', reason, reasonRef } };
  }
}

/**
 * The query as squirreling runs it: parsed, with SQL three-valued logic rewritten in (sql-3vl.ts); throws
 * LakeError Unsupported at the place of a shape whose answer squirreling would get wrong. Undefined when
 * squirreling cannot parse it (its own error then surfaces where it runs).
 */
async function fallbackQuery(p: Prepared): Promise<(Rewrite3vl & { readonly names?: readonly string[] }) | undefined> {
  const engine = await loadEngine();
  const { parseSql } = engine;
  let parsed: ReturnType<typeof parseSql>;
  try { parsed = parseSql({ query: p.rewritten.text, functions: ENGINE_FUNCTIONS }); } catch { return undefined; }
  // `ORDER BY 2` of a window item sorts by its output (Spark), not refused (window-order.ts).
  if (/\bover\b/i.test(p.rewritten.text)) parsed = orderByWindowItems(parsed);
  // Typed columns first (their comparisons become functions), then three-valued logic over the rest.
  let typed: ReturnType<typeof rewriteTyped>;
  try {
    typed = rewriteTyped(parsed, p.relations.map((x) => ({ names: [x.relation, ...x.aliases], types: x.types })), p.rewritten.text);
  } catch (e) { throw isLakeError(e) ? positioned(p, e) : e; }
  if (p.rewritten.text.includes(CAST_TIME)) typed = { ...typed, statement: placeCastTimes(typed.statement, p.rewritten.text) };
  let r: Rewrite3vl;
  try { r = rewrite3vl(typed.statement); } catch { return undefined; }
  r = { ...r, rewritten: r.rewritten + typed.rewritten };
  if (r.refused) {
    const start = p.rewritten.originalOffset(r.refused.positionStart);
    const end = p.rewritten.originalOffset(r.refused.positionEnd);
    // queryError writes the `sql: ` prefix (and its catalog message the `SQL` one): the reason goes in bare, once.
    throw queryError(p.query, start, r.refused.reason, 'Unsupported', Math.max(1, end - start), {}, r.refused.ref);
  }
  // Spark's NULL placement in ORDER BY, and every output column with its own values (output-columns.ts).
  const out = uniqueOutputColumns(engine, sparkNullOrder(r.statement), sourcesOf(p.relations), ENGINE_FUNCTIONS);
  if (out.refused) {
    const start = p.rewritten.originalOffset(out.refused.positionStart);
    const end = p.rewritten.originalOffset(out.refused.positionEnd);
    throw queryError(p.query, start, out.refused.reason, 'Unsupported', Math.max(1, end - start), {}, out.refused.ref);
  }
  // Spark's string functions and ROUND in place of squirreling's (spark-functions.ts); names kept.
  const alias = (e: unknown) => engine.derivedAlias(e as Parameters<typeof engine.derivedAlias>[0]);
  const spark = rewriteSparkFunctions(out.statement, alias);
  // Strings ordered by code point, as Spark's UTF-8 order (string-order.ts); last, once the output names are final.
  const ordered = rewriteStringOrder(spark.statement, alias);
  return { ...r, rewritten: r.rewritten + spark.rewritten + ordered.rewritten, statement: ordered.statement, ...(out.names ? { names: out.names } : {}) };
}

/** The functions our rewrites call, registered with squirreling. */
const ENGINE_FUNCTIONS = { ...SQL3VL_FUNCTIONS, ...SQL_TYPED_FUNCTIONS, ...SPARK_UDFS, ...STRING_ORDER_FUNCTIONS, ...NUMBER_TEXT_FUNCTIONS, ...CAST_TIME_FUNCTIONS };

/** The executor with one more reason — `english` (what the CLI prints) and `reason`, its catalog message — after the ones it has. */
function withReason(executor: SqlExecutorDto, reason: ErrorRef, english = errorText(reason)): SqlExecutorDto {
  const ref = executor.reasonRef ? errorRef('ui.query.reason.and', { first: executor.reasonRef, second: reason }) : reason;
  return { ...executor, reason: `${executor.reason ? `${executor.reason}; ` : ''}${english}`, reasonRef: ref };
}

const with3vl = (executor: SqlExecutorDto, r: Rewrite3vl | undefined): SqlExecutorDto =>
  (r && r.rewritten > 0 ? withReason(executor, errorRef('ui.query.reason.rewritten', { count: r.rewritten })) : executor);

/**
 * The refusal `e` as EXPLAIN's reason: its catalog message when it has one (in the reader's language with its
 * own `SQL` prefix), and the English the CLI prints — its first line without the `sql: ` prefix.
 */
function refused(executor: SqlExecutorDto, e: LakeError): SqlExecutorDto {
  const english = e.message.split('\n')[0]!.replace(/^sql: (sql: )?/, '');
  return withReason(executor, errorRef('ui.query.reason.refused', { message: e.ref ?? english }), `refused: ${english}`);
}

/** Throws, at its place, what Spark's analysis refuses and squirreling would answer (group-check.ts). */
async function checkAnalysis(p: Prepared): Promise<void> {
  const { parseSql, derivedAlias } = await loadEngine();
  let parsed: ReturnType<typeof parseSql>;
  try { parsed = parseSql({ query: p.rewritten.text, functions: ENGINE_FUNCTIONS }); } catch { return; } // its own error surfaces where it runs
  const refusal = checkGrouping(parsed, (e) => derivedAlias(e as Parameters<typeof derivedAlias>[0]));
  if (!refusal) return;
  const start = p.rewritten.originalOffset(refusal.positionStart);
  throw queryError(p.query, start, errorText(refusal.ref), 'DataInvalid', Math.max(1, p.rewritten.originalOffset(refusal.positionEnd) - start), {}, refusal.ref);
}

async function explainPrepared(p: Prepared, signal?: AbortSignal, executorOption?: SqlRunOptions['executor']): Promise<SqlExplainDto> {
  await checkAnalysis(p);
  const { planSql } = await loadEngine();
  let plan: QueryPlan;
  try {
    plan = planSql({ query: p.rewritten.text, tables: sourcesOf(p.relations), functions: ENGINE_FUNCTIONS });
  } catch (e) { throw engineError(p, e, signal); }
  const nodes = scanNodes(plan);
  const scans: SqlScanDto[] = [];
  for (const r of p.relations) {
    const mine = nodes.filter((n) => n.table.toLowerCase() === r.relation);
    for (const n of mine.length > 0 ? mine : [{ hints: {} }]) scans.push(await r.explain(n.hints));
  }
  let executor: SqlExecutorDto;
  try {
    ({ executor } = chooseExecutor(plan, p, { ...(signal ? { signal } : {}), executor: executorOption === 'columnar' ? 'auto' : executorOption ?? 'auto' }));
  } catch (e) {
    // A refusal (decimal division, …) is EXPLAIN's answer here too, not its error.
    if (!isLakeError(e, 'Unsupported')) throw e;
    executor = refused({ name: 'squirreling' }, e);
  }
  if (executor.name === 'squirreling') {
    // A refused shape is EXPLAIN's answer, not its error: the reason says why the run would refuse.
    try { executor = with3vl(executor, await fallbackQuery(p)); } catch (e) {
      if (!isLakeError(e, 'Unsupported')) throw e;
      executor = { ...refused(executor, e), ...(e.ref ? { refusal: e.ref } : {}) };
    }
  }
  const dto = { engineQuery: p.rewritten.text, executor, scans, bytesToFetch: scans.reduce((n, s) => n + s.bytesToFetch, 0) };
  return { ...dto, text: explainText(dto) };
}

/** Plans every table the query reads without fetching data files: pruning per table and the bytes a run fetches. */
export async function explainSql(storage: Storage, request: SqlRequest, options: SqlRunOptions = {}): Promise<SqlExplainDto> {
  return explainPrepared(await prepare(storage, request, options), options.signal, options.executor);
}

/**
 * Runs the query. Must hold: rows are the engine's answer over the relations' rows (a table at a version
 * reads exactly the rows `scan` returns for it); at most `maxRows` rows with `truncated` set when there
 * were more; an error names its place in the query (line, column, caret); aborting stops every read.
 */
export async function runSql(storage: Storage, request: SqlRequest, options: SqlRunOptions = {}): Promise<SqlResultDto> {
  const started = Date.now();
  const p = await prepare(storage, request, options);
  if (p.explainOnly || request.maxBytes !== undefined) {
    const explain = await explainPrepared(p, options.signal, options.executor);
    if (p.explainOnly) {
      return { columns: [{ name: 'plan', kind: 'string' }], rows: explain.text.split('\n').map((l) => [l]), truncated: false, explain, scans: explain.scans, elapsedMs: Date.now() - started, notes: [] };
    }
    if (explain.bytesToFetch > request.maxBytes!) {
      throw messageError('Conflict', 'error.sql', { message: errorRef('error.sql.tooManyBytes', { bytes: explain.bytesToFetch, max: request.maxBytes! }) }, { bytesToFetch: explain.bytesToFetch, maxBytes: request.maxBytes! });
    }
  }
  if (!p.explainOnly && request.maxBytes === undefined) await checkAnalysis(p);
  const { executeSql, planSql } = await loadEngine();
  const maxRows = request.maxRows ?? DEFAULT_MAX_ROWS;
  const rows: unknown[][] = [];
  let columns: string[] = [];
  let truncated = false;
  let executor: SqlExecutorDto = { name: 'squirreling' };
  let plan: QueryPlan | undefined;
  // A query squirreling cannot plan fails below, in squirreling, with its own error and position.
  try { plan = planSql({ query: p.rewritten.text, tables: sourcesOf(p.relations), functions: ENGINE_FUNCTIONS }); } catch { plan = undefined; }
  const chosen = plan ? chooseExecutor(plan, p, options) : undefined;
  if (chosen) executor = chosen.executor;
  if (chosen?.fast) {
    const scansBefore = p.relations.map((r) => r.scans.length);
    try {
      columns = [...chosen.fast.columns];
      for await (const row of chosen.fast.rows()) {
        if (rows.length >= maxRows) { truncated = true; break; }
        rows.push(row);
        if (rows.length % 1000 === 0) options.onProgress?.({ phase: 'query', done: rows.length, rows: rows.length });
      }
    } catch (e) {
      if (!(e instanceof FastFallback) || options.executor === 'columnar') throw engineError(p, e, options.signal);
      // A value the columnar executor does not take (squirreling's error case): squirreling runs the query.
      executor = { name: 'squirreling', reason: e.reason, ...(e.ref ? { reasonRef: e.ref } : {}) };
      rows.length = 0;
      truncated = false;
      p.relations.forEach((r, k) => r.scans.splice(scansBefore[k]!));
    }
  }
  const fallback = executor.name === 'squirreling' ? await fallbackQuery(p) : undefined;
  if (executor.name === 'squirreling') executor = with3vl(executor, fallback);
  if (executor.name === 'squirreling') try {
    const tables = sourcesOf(p.relations);
    // Subqueries that run on their own are answered once, by SQL's rules (subquery-values.ts).
    const answers = fallback ? await answerSubqueries({ executeSql }, fallback.statement, tables, ENGINE_FUNCTIONS, options.signal).catch((e: unknown) => {
      if (!(e instanceof SubqueryRefusal)) throw e;
      const start = p.rewritten.originalOffset(e.positionStart);
      throw queryError(p.query, start, errorText(e.ref), 'DataInvalid', Math.max(1, p.rewritten.originalOffset(e.positionEnd) - start), {}, e.ref);
    }) : undefined;
    const query = answers?.statement ?? p.rewritten.text;
    const result = executeSql({ tables, query, functions: { ...ENGINE_FUNCTIONS, ...answers?.functions }, ...(options.signal ? { signal: options.signal } : {}) });
    // The engine's keys (unique, output-columns.ts), shown under the names the query gave.
    const keys = result.columns;
    columns = fallback?.names ? [...fallback.names] : keys;
    for await (const row of result.rows()) {
      if (rows.length >= maxRows) { truncated = true; break; }
      const values: unknown[] = [];
      for (const c of keys) values.push(row.resolved && c in row.resolved ? row.resolved[c] : await row.cells[c]!());
      rows.push(values);
      if (rows.length % 1000 === 0) options.onProgress?.({ phase: 'query', done: rows.length, rows: rows.length });
    }
  } catch (e) { throw engineError(p, e, options.signal); }
  if (options.signal?.aborted) throw abortError(options.signal, 'sql');
  return {
    columns: columns.map((name, k) => ({ name, kind: columnKind(rows.map((r) => r[k])) })),
    rows: rows.map((r) => r.map(sqlCell)),
    truncated,
    scans: p.relations.flatMap((r) => r.scans),
    elapsedMs: Date.now() - started,
    notes: [],
    // Damage a table's reads stepped over (Hudi's skipped log blocks): the rows are the format's answer, but say so.
    ...readWarningsOf(p.relations.map((r) => r.opened.table)),
    executor,
  };
}

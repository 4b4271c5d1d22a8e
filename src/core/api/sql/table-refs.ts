/**
 * Finds the table references of a query and their time-travel clauses, which no SQL engine knows, and
 * replaces each by a relation name the engine is given as a data source (issue 16). A small lexer, not a
 * parser: it only has to know strings, quoted names and comments (so that a `FROM` inside them is not a
 * table), and what may follow `FROM` / `JOIN`:
 *
 *   <name> [FOR VERSION AS OF <number> | FOR VERSION AS OF '<tag or branch>'
 *          | FOR TIMESTAMP AS OF '<time>' | CHANGES BETWEEN <v> AND <v>] [[AS] alias]
 *
 * `<name>` is a bare word or a double-quoted path (`"db/orders"`, `"orders$snapshots"`); a subquery
 * `(` is left alone. Numbers stay text (19-digit snapshot ids must not pass through a double).
 */
import { instantMs } from '../../expr/instant-text.ts';
import { LakeError, type LakeErrorCode, type LakeErrorContext, type LakeErrorRef } from '../../errors.ts';
import { errorRef } from '../../messages/message-parts.ts';
import { sparkDateText } from './sql-types.ts';
import { CAST_TIME, sparkTimestampOf } from './time-cast.ts';

/** A lexical token: its kind, text (unquoted for strings and quoted names) and span in the query. */
export interface SqlToken {
  readonly kind: 'word' | 'quoted' | 'string' | 'number' | 'punct';
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** What a reference asks for: a version by id or name, a time, or the changes between two versions. */
export type RefSelector =
  | { readonly kind: 'current' }
  | { readonly kind: 'version'; readonly version: string }
  | { readonly kind: 'timestamp'; readonly timestampMs: number; readonly text: string }
  | { readonly kind: 'changes'; readonly from: RefPoint; readonly to: RefPoint };

/** One end of `CHANGES BETWEEN`: a version id (number), or a quoted tag/branch name or time. */
export type RefPoint = { readonly version: string } | { readonly timestampMs: number; readonly text: string };

/** A table reference found in the query. */
export interface TableRefInQuery {
  /** The name as written, unquoted (`db/orders`, `orders$snapshots`). */
  readonly name: string;
  readonly selector: RefSelector;
  /** Span of the reference in the query, name through clause (the alias excluded). */
  readonly start: number;
  readonly end: number;
  /** True when an alias follows (else the engine query adds the name as alias so `name.col` works). */
  readonly hasAlias: boolean;
  /** The alias, when one follows. */
  readonly alias?: string;
}

const KEYWORDS_AFTER_TABLE = new Set([
  'WHERE', 'JOIN', 'INNER', 'LEFT', 'RIGHT', 'FULL', 'CROSS', 'POSITIONAL', 'ON', 'GROUP', 'ORDER', 'LIMIT', 'OFFSET',
  'HAVING', 'UNION', 'INTERSECT', 'EXCEPT', 'USING', 'NATURAL', 'WINDOW', 'QUALIFY', 'OUTER', 'LATERAL',
]);

/** 1-based line and column of an offset, and the text of that line. */
export function positionOf(query: string, offset: number): { line: number; column: number; lineText: string } {
  const before = query.slice(0, offset);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = query.indexOf('\n', lineStart);
  return { line, column: offset - lineStart + 1, lineText: query.slice(lineStart, lineEnd < 0 ? undefined : lineEnd) };
}

/**
 * A LakeError DataInvalid pointing at `offset` of the query: `sql: <message> at line L, column C` then the line
 * and a caret. `ref` is `message` as a catalog reference, when it has one: the error's reference is then
 * `error.sql.at` (the first line only; the UI shows the query line and caret from the message as they are).
 */
export function queryError(query: string, offset: number, message: string, code: LakeErrorCode = 'DataInvalid', length = 1, context: LakeErrorContext = {}, ref?: LakeErrorRef): LakeError {
  const at = Math.max(0, Math.min(offset, query.length));
  const { line, column, lineText } = positionOf(query, at);
  const caret = `${' '.repeat(column - 1)}${'^'.repeat(Math.max(1, Math.min(length, lineText.length - column + 1)))}`;
  // `column` is the position here; a column name the cause carried under that key moves to `columnName`.
  const { column: name, ...rest } = context;
  return new LakeError(code, `sql: ${message} at line ${line}, column ${column}\n  ${lineText}\n  ${caret}`, { ...rest, ...(name !== undefined ? { columnName: name } : {}), line, column, offset: at },
    // A message without a catalog reference (the SQL engine's own text) is quoted, marked as English.
    { ref: errorRef('error.sql.at', { message: ref ?? errorRef('error.untranslated', { text: message }), line, column }) });
}

/** Splits the query into tokens (comments and blanks dropped). Throws a positioned error for an unclosed quote. */
export function tokenize(query: string): SqlToken[] {
  const out: SqlToken[] = [];
  let i = 0;
  while (i < query.length) {
    const c = query[i]!;
    if (/\s/.test(c)) { i++; continue; }
    if (c === '-' && query[i + 1] === '-') { const e = query.indexOf('\n', i); i = e < 0 ? query.length : e; continue; }
    if (c === '/' && query[i + 1] === '*') {
      const e = query.indexOf('*/', i + 2);
      if (e < 0) throw queryError(query, i, 'unclosed comment', 'DataInvalid', 1, {}, errorRef('error.sql.unclosedComment', undefined));
      i = e + 2; continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let text = '';
      for (;;) {
        if (j >= query.length) {
          throw queryError(query, i, c === "'" ? 'unclosed string' : 'unclosed quoted name', 'DataInvalid', 1, {},
            errorRef(c === "'" ? 'error.sql.unclosedString' : 'error.sql.unclosedName', undefined));
        }
        if (query[j] === c) {
          if (query[j + 1] === c) { text += c; j += 2; continue; } // '' or "" escapes the quote
          break;
        }
        text += query[j++];
      }
      out.push({ kind: c === "'" ? 'string' : 'quoted', text, start: i, end: j + 1 });
      i = j + 1; continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(query.slice(i, i + 256));
    if (word) { out.push({ kind: 'word', text: word[0], start: i, end: i + word[0].length }); i += word[0].length; continue; }
    const num = /^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?/.exec(query.slice(i, i + 256));
    if (num) { out.push({ kind: 'number', text: num[0], start: i, end: i + num[0].length }); i += num[0].length; continue; }
    out.push({ kind: 'punct', text: c, start: i, end: i + 1 });
    i++;
  }
  return out;
}

const isWord = (t: SqlToken | undefined, w: string) => t?.kind === 'word' && t.text.toUpperCase() === w;

/**
 * Parses an ISO-8601 time (UTC unless a zone is given) to ms since epoch; undefined when it is not a time —
 * including a day the month lacks (`2025-04-31`), which `Date.parse` rolled over to the next month.
 */
export function parseTime(text: string): number | undefined {
  const ms = instantMs(text);
  return typeof ms === 'number' ? ms : undefined;
}

/**
 * A string literal holding a date and time, in the canonical timestamp form the rows carry
 * (`YYYY-MM-DDTHH:MM:SS.ffffffZ`, UTC; nine fraction digits when it has sub-microsecond ones), so that comparing it with a timestamp column as text orders by
 * time (`'2020-01-01T10:00:00Z'` would sort after `'2020-01-01T10:00:00.000000Z'`). Undefined for other
 * text, and for a date alone (it already compares right: a prefix sorts first, as midnight).
 */
export function canonicalTimeLiteral(text: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/i.test(text.trim())) return undefined;
  const fraction = /:\d{2}\.(\d+)/.exec(text)?.[1] ?? '';
  // More digits than nanoseconds: left as written, so the typed comparison refuses it at its place (DataInvalid).
  if (fraction.length > 9) return undefined;
  const ms = parseTime(text);
  if (ms === undefined) return undefined;
  // Microseconds as the rows carry them; a literal with sub-microsecond digits keeps all nine (nanosecond columns).
  const sub = fraction.slice(3).padEnd(fraction.length > 6 ? 6 : 3, '0');
  const iso = new Date(ms).toISOString(); // …THH:MM:SS.mmmZ
  return `${iso.slice(0, 23)}${sub}Z`;
}

/** Functions whose arguments SQL separates with FROM. */
const FROM_FUNCTIONS = new Set(['EXTRACT', 'SUBSTRING', 'SUBSTR', 'TRIM', 'POSITION', 'OVERLAY']);

/** Finds every table reference after FROM or JOIN. Throws a positioned error for a malformed clause. */
export function findTableRefs(query: string, tokens: readonly SqlToken[] = tokenize(query)): TableRefInQuery[] {
  const refs: TableRefInQuery[] = [];
  const expect = (i: number, word: string): number => {
    if (!isWord(tokens[i], word)) {
      throw queryError(query, tokens[i]?.start ?? query.length, `expected ${word}${tokens[i] ? ` but found "${tokens[i]!.text}"` : ''}`, 'DataInvalid', 1, {},
        errorRef('error.sql.expectedWord', { word, found: tokens[i]?.text }));
    }
    return i + 1;
  };
  const point = (i: number, what: string, whatRef: LakeErrorRef): RefPoint => {
    const t = tokens[i];
    if (t?.kind === 'number' && /^\d+$/.test(t.text)) return { version: t.text };
    if (t?.kind === 'string') {
      const ms = parseTime(t.text);
      return ms === undefined ? { version: t.text } : { timestampMs: ms, text: t.text };
    }
    throw queryError(query, t?.start ?? query.length, `expected ${what} (a version number or a quoted tag, branch or time)`, 'DataInvalid', 1, {},
      errorRef('error.sql.expectedPoint', { what: whatRef }));
  };
  // `EXTRACT(EPOCH FROM ts)`, `SUBSTRING(s FROM 2)`, `TRIM(BOTH ' ' FROM s)`: a FROM inside these names no table.
  const opener: (string | undefined)[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.text === '(') opener.push(tokens[i - 1]?.kind === 'word' ? tokens[i - 1]!.text.toUpperCase() : undefined);
    else if (tokens[i]!.text === ')') opener.pop();
    if (isWord(tokens[i], 'FROM') && FROM_FUNCTIONS.has(opener[opener.length - 1] ?? '')) continue;
    if (!isWord(tokens[i], 'FROM') && !isWord(tokens[i], 'JOIN')) continue;
    const nameTok = tokens[i + 1];
    if (!nameTok || (nameTok.kind !== 'word' && nameTok.kind !== 'quoted')) continue; // subquery, table function…
    if (nameTok.kind === 'word' && tokens[i + 2]?.text === '(') continue; // FROM unnest(…)
    let j = i + 2;
    let selector: RefSelector = { kind: 'current' };
    if (isWord(tokens[j], 'FOR')) {
      const which = tokens[j + 1];
      if (isWord(which, 'VERSION') || isWord(which, 'SYSTEM_VERSION')) {
        j = expect(expect(j + 2, 'AS'), 'OF');
        const v = tokens[j];
        if (v?.kind === 'number' && /^\d+$/.test(v.text)) selector = { kind: 'version', version: v.text };
        else if (v?.kind === 'string') selector = { kind: 'version', version: v.text };
        else throw queryError(query, v?.start ?? query.length, 'expected a version number or a quoted tag or branch name after FOR VERSION AS OF', 'DataInvalid', 1, {}, errorRef('error.sql.expectedVersionAsOf', undefined));
        j++;
      } else if (isWord(which, 'TIMESTAMP') || isWord(which, 'SYSTEM_TIME')) {
        j = expect(expect(j + 2, 'AS'), 'OF');
        const v = tokens[j];
        const ms = v?.kind === 'string' ? parseTime(v.text) : undefined;
        if (v?.kind !== 'string' || ms === undefined) throw queryError(query, v?.start ?? query.length, "expected a quoted ISO-8601 time after FOR TIMESTAMP AS OF, e.g. '2024-05-01T12:00:00Z'", 'DataInvalid', 1, {}, errorRef('error.sql.expectedTimeAsOf', undefined));
        selector = { kind: 'timestamp', timestampMs: ms, text: v.text };
        j++;
      } else {
        throw queryError(query, which?.start ?? query.length, 'expected VERSION or TIMESTAMP after FOR', 'DataInvalid', 1, {}, errorRef('error.sql.expectedForWhat', undefined));
      }
    } else if (isWord(tokens[j], 'CHANGES')) {
      j = expect(j + 1, 'BETWEEN');
      const from = point(j, 'the begin version', errorRef('error.sql.point.begin', undefined));
      j = expect(j + 1, 'AND');
      const to = point(j, 'the end version', errorRef('error.sql.point.end', undefined));
      selector = { kind: 'changes', from, to };
      j++;
    }
    const next = tokens[j];
    const hasAlias = isWord(next, 'AS') || next?.kind === 'quoted' || (next?.kind === 'word' && !KEYWORDS_AFTER_TABLE.has(next.text.toUpperCase()));
    const aliasTok = isWord(next, 'AS') ? tokens[j + 1] : next;
    refs.push({ name: nameTok.text, selector, start: nameTok.start, end: tokens[j - 1]!.end, hasAlias, ...(hasAlias && aliasTok ? { alias: aliasTok.text } : {}) });
  }
  return refs;
}

/** A query with its references replaced, and a map from offsets in it back to offsets in the original. */
export interface RewrittenQuery {
  readonly text: string;
  /** Offset in the original query of an offset in `text`. */
  originalOffset(offset: number): number;
}

/** Names defined by `WITH name AS (` / `, name AS (` (common table expressions), upper-cased: not tables. */
export function cteNames(tokens: readonly SqlToken[]): Set<string> {
  const names = new Set<string>();
  for (let i = 1; i + 2 < tokens.length; i++) {
    const prev = tokens[i - 1]!;
    const t = tokens[i]!;
    if ((isWord(prev, 'WITH') || isWord(prev, 'RECURSIVE') || prev.text === ',') && (t.kind === 'word' || t.kind === 'quoted')
      && isWord(tokens[i + 1], 'AS') && tokens[i + 2]!.text === '(') names.add(t.text.toUpperCase());
  }
  return names;
}

/** The comment that marks a `/` written as DIV in the engine's query (squirreling's tokenizer skips it; integral-divide.ts reads it). */
export const DIV_MARKER = '/*__ls_div*/';
/** What stands for `DIV` in the engine's query. */
export const DIV_TEXT = `/ ${DIV_MARKER}`;

/** Words after which a `DIV` is no operator (it cannot follow them as `a DIV b` does an operand). */
const NOT_OPERAND_END = new Set(['SELECT', 'WHERE', 'AND', 'OR', 'NOT', 'ON', 'BY', 'WHEN', 'THEN', 'ELSE', 'CASE', 'IN', 'IS', 'LIKE', 'BETWEEN', 'HAVING', 'DISTINCT', 'AS', 'FROM', 'JOIN', 'DIV', 'ALL', 'UNION', 'INTERSECT', 'EXCEPT']);
/** Words that end an expression: a `DIV` before them is an alias (`SELECT a div FROM t`), not an operator. */
const NOT_OPERAND_START = new Set(['FROM', 'AS', 'WHERE', 'GROUP', 'ORDER', 'LIMIT', 'OFFSET', 'UNION', 'INTERSECT', 'EXCEPT', 'JOIN', 'ON', 'AND', 'OR', 'END', 'THEN', 'ELSE', 'WHEN', 'HAVING', 'ASC', 'DESC', 'NULLS', 'DIV', 'LEFT', 'RIGHT', 'INNER', 'FULL', 'CROSS', 'WINDOW']);

/** True when token `i` is the word DIV between two operands (Spark's integral division, integral-divide.ts). */
function isDivOperatorToken(tokens: readonly SqlToken[], i: number): boolean {
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (!isWord(tokens[i], 'DIV') || !prev || !next) return false;
  const ends = prev.kind === 'number' || prev.kind === 'string' || prev.kind === 'quoted' || prev.text === ')' || (prev.kind === 'word' && !NOT_OPERAND_END.has(prev.text.toUpperCase()));
  const starts = next.kind === 'number' || next.kind === 'string' || next.kind === 'quoted' || ['(', '-', '+'].includes(next.text) || (next.kind === 'word' && !NOT_OPERAND_START.has(next.text.toUpperCase()));
  return ends && starts;
}

/**
 * Replaces each reference's span by `relation` (plus ` AS "<name>"` when it had no alias), writes
 * integer literals beyond 2^53 with the engine's bigint suffix (`…n`) so a 19-digit id compares exactly,
 * `DATE '…'` literals as the canonical date text, and the operator DIV as
 * {@link DIV_TEXT} (squirreling has no DIV).
 */
export function rewriteQuery(query: string, refs: readonly TableRefInQuery[], relationOf: (ref: TableRefInQuery) => string, tokens: readonly SqlToken[] = tokenize(query)): RewrittenQuery {
  const edits: { start: number; end: number; text: string }[] = refs.map((r) => ({
    start: r.start, end: r.end, text: `${relationOf(r)}${r.hasAlias ? '' : ` AS "${r.name.replaceAll('"', '""')}"`}`,
  }));
  // A string literal is kept as written (`'2020-01-01 08:00:00'` is that text, as Spark's string is): typed
  // comparisons read it as an instant (sql-types.ts parseInstant), so it need not be the rows' canonical form.
  tokens.forEach((t) => {
    if (t.kind === 'number' && /^\d+$/.test(t.text) && !Number.isSafeInteger(Number(t.text)) && !refs.some((r) => t.start >= r.start && t.end <= r.end)) {
      edits.push({ start: t.start, end: t.end, text: `${t.text}n` });
    }
  });
  tokens.forEach((t, i) => { if (isDivOperatorToken(tokens, i)) edits.push({ start: t.start, end: t.end, text: DIV_TEXT }); });
  // `DATE '2024-1-2'` (squirreling has no typed date literal) is the canonical date text, which every comparison
  // and date function types as a date; text Spark's stringToDate does not read is an error at it (INVALID_TYPED_LITERAL).
  tokens.forEach((t, i) => {
    const v = tokens[i + 1];
    if (!isWord(t, 'DATE') || v?.kind !== 'string' || refs.some((r) => t.start >= r.start && t.end <= r.end)) return;
    const date = sparkDateText(v.text);
    if (date === undefined) throw queryError(query, v.start, `${JSON.stringify(v.text)} is no DATE`, 'DataInvalid', v.end - v.start, {}, errorRef('error.sql.badDateLiteral', { value: JSON.stringify(v.text) }));
    edits.push({ start: t.start, end: v.end, text: `'${date}'` });
  });
  // `TIMESTAMP '2024-01-02 03:04:05'` likewise: the canonical timestamp text (Spark's stringToTimestamp, UTC).
  tokens.forEach((t, i) => {
    const v = tokens[i + 1];
    if (!TIMESTAMP_WORDS.has(t.kind === 'word' ? t.text.toUpperCase() : '') || v?.kind !== 'string' || isWord(tokens[i - 1], 'FOR') || refs.some((r) => t.start >= r.start && t.end <= r.end)) return;
    const ts = sparkTimestampOf(v.text);
    if (ts === undefined) throw queryError(query, v.start, `${JSON.stringify(v.text)} is no TIMESTAMP`, 'DataInvalid', v.end - v.start, {}, errorRef('error.sql.badTimestampLiteral', { value: JSON.stringify(v.text) }));
    edits.push({ start: t.start, end: v.end, text: `'${ts}'` });
  });
  edits.push(...castTimeEdits(tokens));
  edits.sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  const spans: { newStart: number; newEnd: number; oldStart: number; oldEnd: number }[] = [];
  let pos = 0;
  let len = 0;
  for (const e of edits) {
    pieces.push(query.slice(pos, e.start));
    len += e.start - pos;
    spans.push({ newStart: len, newEnd: len + e.text.length, oldStart: e.start, oldEnd: e.end });
    pieces.push(e.text);
    len += e.text.length;
    pos = e.end;
  }
  pieces.push(query.slice(pos));
  return {
    text: pieces.join(''),
    originalOffset(offset: number): number {
      let delta = 0;
      for (const s of spans) {
        if (offset < s.newStart) break;
        if (offset < s.newEnd) return s.oldStart;
        delta = s.oldEnd - s.newEnd;
      }
      return offset + delta;
    },
  };
}

const TIMESTAMP_WORDS = new Set(['TIMESTAMP', 'TIMESTAMP_NTZ', 'TIMESTAMP_LTZ']);

/**
 * `CAST(x AS DATE)` and `CAST(x AS TIMESTAMP[_NTZ|_LTZ])` (squirreling parses no such cast type) as the call
 * `__LS3_CASTTIME(x, 'DATE'|'TIMESTAMP')` (time-cast.ts): the CAST word renamed, `AS type` at the parenthesis'
 * own depth turned into a second argument.
 */
export function castTimeEdits(tokens: readonly SqlToken[]): { start: number; end: number; text: string }[] {
  const edits: { start: number; end: number; text: string }[] = [];
  tokens.forEach((t, i) => {
    if (!isWord(t, 'CAST') || tokens[i + 1]?.text !== '(') return;
    let depth = 0;
    for (let j = i + 1; j < tokens.length; j++) {
      const x = tokens[j]!;
      if (x.text === '(') depth++;
      else if (x.text === ')') { depth--; if (depth === 0) return; }
      else if (depth === 1 && isWord(x, 'AS')) {
        const type = tokens[j + 1];
        const to = type?.kind === 'word' ? type.text.toUpperCase() : '';
        if ((to !== 'DATE' && !TIMESTAMP_WORDS.has(to)) || tokens[j + 2]?.text !== ')') return;
        edits.push({ start: t.start, end: t.end, text: CAST_TIME }, { start: x.start, end: type!.end, text: `, '${to === 'DATE' ? 'DATE' : 'TIMESTAMP'}'` });
        return;
      }
    }
  });
  return edits;
}

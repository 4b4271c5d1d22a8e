/**
 * A small SQL tokenizer for the Query tab's editor: enough to colour keywords, strings, numbers, quoted
 * identifiers and comments, and to know what the cursor is in for completion. It never rejects input (the
 * engine parses and reports errors); every character of the text belongs to exactly one token, so the
 * highlighted overlay lines up with the textarea character for character.
 */

export type TokenKind = 'keyword' | 'function' | 'string' | 'number' | 'ident' | 'quoted' | 'comment' | 'op' | 'space';

export interface SqlToken {
  readonly kind: TokenKind;
  readonly text: string;
  /** Offset of the first character in the text (UTF-16 units, as textarea selection offsets). */
  readonly start: number;
}

/** Keywords of the dialect the help panel documents (standard SQL plus the time-travel clauses). */
export const SQL_KEYWORDS: readonly string[] = [
  'SELECT', 'FROM', 'WHERE', 'GROUP', 'BY', 'ORDER', 'LIMIT', 'OFFSET', 'HAVING', 'AS', 'AND', 'OR', 'NOT', 'IN', 'IS',
  'NULL', 'LIKE', 'ILIKE', 'BETWEEN', 'JOIN', 'LEFT', 'RIGHT', 'INNER', 'OUTER', 'FULL', 'CROSS', 'ON', 'USING', 'DISTINCT',
  'ASC', 'DESC', 'CASE', 'WHEN', 'THEN', 'ELSE', 'END', 'UNION', 'ALL', 'WITH', 'OVER', 'PARTITION', 'TRUE', 'FALSE',
  'CAST', 'EXPLAIN', 'EXCEPT', 'INTERSECT', 'FOR', 'VERSION', 'TIMESTAMP', 'OF', 'CHANGES', 'DATE', 'INTERVAL', 'NULLS', 'FIRST', 'LAST',
];

/** Functions offered by completion and coloured as such: the engine's (squirreling) aggregates and common scalars. */
export const SQL_FUNCTIONS: readonly string[] = [
  'count', 'sum', 'avg', 'min', 'max', 'median', 'stddev_samp', 'string_agg', 'array_agg', 'coalesce', 'nullif', 'greatest',
  'least', 'lower', 'upper', 'length', 'concat', 'substring', 'replace', 'trim', 'round', 'floor', 'ceil', 'abs',
  'date_trunc', 'date_part', 'extract', 'current_date', 'current_timestamp', 'cast', 'regexp_extract', 'json_value',
];

const KEYWORDS = new Set(SQL_KEYWORDS);
const FUNCTIONS = new Set(SQL_FUNCTIONS);

/** Splits `sql` into tokens covering it exactly (concatenating their texts gives `sql` back). */
export function tokenizeSql(sql: string): SqlToken[] {
  const out: SqlToken[] = [];
  let i = 0;
  const push = (kind: TokenKind, end: number) => { out.push({ kind, text: sql.slice(i, end), start: i }); i = end; };
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) push('space', scanWhile(sql, i, (ch) => /\s/.test(ch)));
    else if (c === '-' && sql[i + 1] === '-') push('comment', lineEnd(sql, i));
    else if (c === '/' && sql[i + 1] === '*') { const e = sql.indexOf('*/', i + 2); push('comment', e < 0 ? sql.length : e + 2); }
    else if (c === "'") push('string', quotedEnd(sql, i, "'"));
    else if (c === '"' || c === '`') push('quoted', quotedEnd(sql, i, c));
    else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(sql[i + 1] ?? ''))) push('number', scanWhile(sql, i, (ch) => /[0-9.eE_]/.test(ch)));
    else if (/[A-Za-z_$]/.test(c)) {
      const end = scanWhile(sql, i, (ch) => /[A-Za-z0-9_$]/.test(ch));
      const word = sql.slice(i, end);
      push(KEYWORDS.has(word.toUpperCase()) ? 'keyword' : FUNCTIONS.has(word.toLowerCase()) && sql[end] === '(' ? 'function' : 'ident', end);
    } else push('op', i + 1);
  }
  return out;
}

function scanWhile(s: string, from: number, ok: (ch: string) => boolean): number {
  let j = from;
  while (j < s.length && ok(s[j]!)) j++;
  return j;
}

function lineEnd(s: string, from: number): number {
  const e = s.indexOf('\n', from);
  return e < 0 ? s.length : e;
}

/** End of a quoted run starting at `from`; a doubled quote is an escaped one (SQL); unterminated runs to the end. */
function quotedEnd(s: string, from: number, q: string): number {
  let j = from + 1;
  while (j < s.length) {
    if (s[j] === q) {
      if (s[j + 1] === q) { j += 2; continue; }
      return j + 1;
    }
    j++;
  }
  return s.length;
}

/** A table name as the query must write it: bare when a plain identifier, else in double quotes (doubled inside). */
export function quoteIdent(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !KEYWORDS.has(name.toUpperCase()) ? name : `"${name.replace(/"/g, '""')}"`;
}

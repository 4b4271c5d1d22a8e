/**
 * Completion for the Query tab's editor: after FROM or JOIN the warehouse's tables (quoted as the query
 * must write them) and their metadata tables; elsewhere the columns of the open table, functions and
 * keywords. Pure: the editor gives the text and caret, and replaces `[from, to)` with the chosen `insert`.
 */
import { SQL_FUNCTIONS, SQL_KEYWORDS, quoteIdent, tokenizeSql, type SqlToken } from './sql-tokens.ts';

export type CompletionKind = 'table' | 'column' | 'function' | 'keyword';

export interface Completion {
  readonly label: string;
  readonly insert: string;
  readonly kind: CompletionKind;
  /** Extra text shown after the label (a column's type, a table's format). */
  readonly detail?: string;
}

export interface CompletionResult {
  readonly from: number;
  readonly to: number;
  readonly items: readonly Completion[];
}

export interface CompletionSource {
  /** Names a query may use in FROM (table paths, aliases such as `t`, metadata tables). */
  readonly tables: readonly { readonly name: string; readonly detail?: string }[];
  /** Columns of the open table, with their type names. */
  readonly columns: readonly { readonly name: string; readonly type?: string }[];
}

/** At most this many suggestions are shown. */
export const MAX_COMPLETIONS = 40;

/**
 * What to offer at `caret`. Without `explicit` (the person only typed), nothing is offered for an empty
 * word outside FROM/JOIN, so the list does not pop up on every space; Ctrl+Space asks explicitly.
 */
export function completionsAt(sql: string, caret: number, src: CompletionSource, explicit = false): CompletionResult | null {
  const tokens = tokenizeSql(sql.slice(0, caret));
  const last = tokens[tokens.length - 1];
  if (last && (last.kind === 'string' || last.kind === 'comment') && !closed(last)) return null;
  // Inside an open double-quoted name: complete table names (a metadata table is written `"t$snapshots"`).
  if (last && last.kind === 'quoted' && !closed(last)) {
    const prefix = last.text.slice(1).toLowerCase();
    const items = src.tables.filter((t) => t.name.toLowerCase().startsWith(prefix))
      .map((t) => ({ label: t.name, insert: quoteIdent(t.name).startsWith('"') ? quoteIdent(t.name) : `"${t.name}"`, kind: 'table' as const, ...(t.detail ? { detail: t.detail } : {}) }));
    return items.length ? { from: last.start, to: wordEnd(sql, caret), items: items.slice(0, MAX_COMPLETIONS) } : null;
  }
  const inWord = last && (last.kind === 'ident' || last.kind === 'keyword' || last.kind === 'function');
  const prefix = inWord ? last.text : '';
  const from = caret - prefix.length;
  const before = previousSignificant(tokens, inWord ? tokens.length - 2 : tokens.length - 1);
  const afterDot = before?.text === '.';
  const wantsTable = before?.kind === 'keyword' && /^(FROM|JOIN)$/i.test(before.text);
  if (!prefix && !wantsTable && !afterDot && !explicit) return null;
  const p = prefix.toLowerCase();
  const match = (name: string) => name.toLowerCase().startsWith(p);
  let items: Completion[];
  if (wantsTable) {
    items = src.tables.filter((t) => match(t.name) || match(quoteIdent(t.name).replace(/^"/, '')))
      .map((t) => ({ label: t.name, insert: quoteIdent(t.name), kind: 'table', ...(t.detail ? { detail: t.detail } : {}) }));
  } else {
    items = src.columns.filter((c) => match(c.name)).map((c) => ({ label: c.name, insert: quoteIdent(c.name), kind: 'column', ...(c.type ? { detail: c.type } : {}) }));
    if (!afterDot) {
      items.push(...SQL_FUNCTIONS.filter(match).map((f) => ({ label: `${f}()`, insert: `${f}(`, kind: 'function' as const })));
      items.push(...SQL_KEYWORDS.filter(match).map((k) => ({ label: k, insert: k, kind: 'keyword' as const })));
    }
  }
  // A word already typed in full is not worth offering back.
  items = items.filter((c) => c.insert !== prefix);
  return items.length ? { from, to: wordEnd(sql, caret), items: items.slice(0, MAX_COMPLETIONS) } : null;
}

function closed(t: SqlToken): boolean {
  if (t.kind === 'comment') return t.text.startsWith('/*') && t.text.length > 3 && t.text.endsWith('*/');
  const q = t.text[0]!;
  // A quoted run is closed when it ends in an odd run of quotes after the opening one.
  if (t.text.length < 2 || !t.text.endsWith(q)) return false;
  let n = 0;
  for (let i = t.text.length - 1; i > 0 && t.text[i] === q; i--) n++;
  return n % 2 === 1;
}

function previousSignificant(tokens: readonly SqlToken[], from: number): SqlToken | undefined {
  for (let i = from; i >= 0; i--) if (tokens[i]!.kind !== 'space' && tokens[i]!.kind !== 'comment') return tokens[i];
  return undefined;
}

/** The rest of the word under the caret, replaced too when a completion is taken mid-word. */
function wordEnd(sql: string, caret: number): number {
  let j = caret;
  while (j < sql.length && /[A-Za-z0-9_$]/.test(sql[j]!)) j++;
  return j;
}

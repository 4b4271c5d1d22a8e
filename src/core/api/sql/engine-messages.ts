/**
 * squirreling's own error messages (its parse and validation errors, in English) as catalog references, by
 * pattern, so that the query tab shows them in the reader's language (issue 20). A message no pattern knows
 * keeps no reference and is shown as squirreling wrote it. The patterns follow squirreling's
 * validation/parseErrors.js and validation/tables.js, after run-sql.ts has dropped ` at position N`
 * and put the user's table names back.
 */
import type { LakeErrorRef } from '../../errors.ts';
import { errorRef, errorText } from '../../messages/message-parts.ts';

type Pattern = readonly [RegExp, (m: RegExpExecArray) => LakeErrorRef];

/** An optional capture: undefined (not '') when absent, as the catalog's optional parameters expect. */
const opt = (s: string | undefined): string | undefined => (s ? s : undefined);

const PATTERNS: readonly Pattern[] = [
  [/^Column "([^"]+)" not found(?:\. Available columns: (.*))?$/s, (m) => errorRef('error.sql.columnNotFound', { column: m[1]!, known: opt(m[2]) })],
  [/^Table "([^"]+)" not found(?: in "([^"]*)")?(?:\. Available tables: (.*))?$/s,
    (m) => errorRef('error.sql.tableNotFound', { table: m[1]!, qualified: opt(m[2]), known: opt(m[3]) })],
  [/^Expected (.+?)(?: after "(.*)")? but found (?:"(.*)"|end of query)$/s,
    (m) => errorRef('error.sql.expected', { expected: m[1]!, after: opt(m[2]), found: m[3] })],
  [/^Unknown function "([^"]+)"\.(?: Did you mean (.*)\?)?$/s, (m) => errorRef('error.sql.unknownFunction', { name: m[1]!, suggestions: opt(m[2]) })],
  [/^Unexpected character "(.*)"$/s, (m) => errorRef('error.sql.unexpectedChar', { char: m[1]! })],
];

/**
 * The catalog reference for an engine message, or undefined when no pattern matches — or when the
 * reference's English text would not be the message itself (a pattern that misreads keeps no reference).
 */
export function engineMessageRef(message: string): LakeErrorRef | undefined {
  for (const [re, ref] of PATTERNS) {
    const m = re.exec(message);
    if (!m) continue;
    const r = withoutUndefined(ref(m));
    return errorText(r) === message ? r : undefined;
  }
  return undefined;
}

function withoutUndefined(r: LakeErrorRef): LakeErrorRef {
  return r.params ? { key: r.key, params: Object.fromEntries(Object.entries(r.params).filter(([, v]) => v !== undefined)) } : r;
}

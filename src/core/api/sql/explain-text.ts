/**
 * EXPLAIN as text (issue 16): the plan's catalog lines (core/messages/explain-lines.ts, issue 20) joined — the
 * CLI prints them in English; the Query tab renders the same lines in the reader's language.
 */
import type { Messages } from '../../messages/en.ts';
import { engineCatalog } from '../../messages/message-format.ts';
import { explainLines } from '../../messages/explain-lines.ts';
import type { SqlExplainDto } from './sql-contract.ts';

export { explainLines } from '../../messages/explain-lines.ts';

/** The plan of every scan, then the engine's query and the total, as text in `catalog` (English: the CLI's). */
export function explainText(e: Omit<SqlExplainDto, 'text'>, catalog: Messages = engineCatalog): string {
  return explainLines(e, catalog).map((line) => line.map((p) => (typeof p === 'string' ? p : p.data)).join('')).join('\n');
}

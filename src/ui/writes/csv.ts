/**
 * A small CSV parser for pasted rows (RFC 4180: comma-separated, fields optionally in double quotes with
 * `""` for a quote and line breaks allowed inside quotes, CRLF or LF line ends). The page cannot import
 * the engine's parser (core/util/csv-rows.ts: ui imports core only as types), so this is the page's own,
 * with the same rules: an empty unquoted field is null, an empty quoted one ("") the empty string, and
 * blank lines are skipped. Problems are returned as data (the caller words them from the message catalog).
 */

/** One parsed line: its 1-based line number in the text (where it starts) and its fields. */
export interface CsvLine {
  readonly line: number;
  readonly fields: readonly (string | null)[];
}

export type CsvResult =
  | { readonly ok: true; readonly lines: readonly CsvLine[] }
  | { readonly ok: false; readonly problem: 'unclosedQuote' | 'textAfterQuote'; readonly line: number };

/**
 * Splits `text` into lines of fields. Must hold: quoted fields keep commas, quotes (`""`) and line
 * breaks; a quote left open, or text right after a closing quote (`"a"b`), is a problem naming its line.
 */
export function parseCsv(text: string): CsvResult {
  const lines: CsvLine[] = [];
  const n = text.length;
  let i = 0;
  let lineNo = 1;
  while (i < n) {
    const start = lineNo;
    const fields: (string | null)[] = [];
    for (;;) {
      if (text[i] === '"') {
        let value = '';
        i++;
        for (;;) {
          if (i >= n) return { ok: false, problem: 'unclosedQuote', line: start };
          const ch = text[i]!;
          if (ch === '"') {
            if (text[i + 1] === '"') { value += '"'; i += 2; continue; }
            i++;
            break;
          }
          if (ch === '\n') lineNo++;
          value += ch;
          i++;
        }
        if (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') return { ok: false, problem: 'textAfterQuote', line: lineNo };
        fields.push(value);
      } else {
        let j = i;
        while (j < n && text[j] !== ',' && text[j] !== '\n' && text[j] !== '\r') j++;
        const raw = text.slice(i, j);
        fields.push(raw === '' ? null : raw);
        i = j;
      }
      if (i < n && text[i] === ',') { i++; continue; }
      break;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    lineNo++;
    // A blank line (one empty unquoted field) holds no row.
    if (!(fields.length === 1 && fields[0] === null)) lines.push({ line: start, fields });
  }
  return { ok: true, lines };
}

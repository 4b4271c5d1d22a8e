/**
 * Rows from CSV text (RFC 4180: comma-separated, fields optionally in double quotes with `""` for a quote,
 * CRLF or LF line ends), the first line naming the columns. What a user pastes or a CLI file holds for a
 * row write: every value stays text (the writer converts it to the column's type); an empty unquoted field
 * is null, an empty quoted one ("") the empty string.
 */
import { messageError } from '../message-error.ts';

/**
 * Parses `text` into one object per data line. Must hold: a line with a different number of fields than
 * the header, an unterminated quote or a repeated column name → DataInvalid naming the line.
 */
export function parseCsvRows(text: string): Record<string, string | null>[] {
  const lines = parseCsv(text);
  if (lines.length === 0) return [];
  const header = lines[0]!.map((h) => h ?? '');
  const seen = new Set<string>();
  for (const h of header) {
    if (h.trim() === '' || seen.has(h)) throw messageError('DataInvalid', 'error.csv.badHeader', { name: h }, { line: 1 });
    seen.add(h);
  }
  return lines.slice(1).map((fields, i) => {
    if (fields.length !== header.length) throw messageError('DataInvalid', 'error.csv.fieldCount', { line: i + 2, count: fields.length, header: header.length }, { line: i + 2 });
    return Object.fromEntries(header.map((h, k) => [h, fields[k]!]));
  });
}

/** Fields of each non-blank line (null for an empty unquoted field). */
function parseCsv(text: string): (string | null)[][] {
  const out: (string | null)[][] = [];
  let line: (string | null)[] = [];
  let i = 0;
  let lineNo = 1;
  const n = text.length;
  const endLine = () => {
    if (!(line.length === 1 && line[0] === null)) out.push(line);
    line = [];
    lineNo++;
  };
  while (i <= n) {
    if (i < n && text[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        if (i >= n) throw messageError('DataInvalid', 'error.csv.unclosedQuote', { line: lineNo }, { line: lineNo });
        if (text[i] === '"') {
          if (text[i + 1] === '"') { value += '"'; i += 2; continue; }
          i++;
          break;
        }
        if (text[i] === '\n') lineNo++;
        value += text[i++];
      }
      line.push(value);
    } else {
      let j = i;
      while (j < n && text[j] !== ',' && text[j] !== '\n' && text[j] !== '\r') j++;
      const raw = text.slice(i, j);
      line.push(raw === '' ? null : raw);
      i = j;
    }
    if (i >= n) { endLine(); break; }
    if (text[i] === ',') { i++; continue; }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    endLine();
    if (i >= n) break;
  }
  return out;
}

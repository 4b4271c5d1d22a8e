/**
 * The CLI's row formats: the text table never passes terminal control characters from data through and
 * tells null from the string "null"; json, jsonl, csv and canonical stay exact (values read back equal).
 */
import { describe, expect, it } from 'vitest';
import { formatRows, NULL_MARK, tableString, terminalMessage, textTable } from './output.ts';

const NASTY = ['\u001b[31mred\u001b[0m', 'a\rb', 'line1\nline2', 'tab\there', 'nul\u0000x', 'rtl\u202eevil', 'c1\u009bcsi', 'del\u007f', 'zw\u200bj', 'bom\ufeff'];

/** Every character a text table line may hold: printable, no control, bidi or invisible formatting. */
const SAFE_LINE = /^[^\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]*$/;

describe('text table', () => {
  it('escapes control, bidi and invisible characters from data and column names', () => {
    const rows = NASTY.map((s) => ({ 'col\u001b]0;x\u0007': s }));
    const out = formatRows('table', ['col\u001b]0;x\u0007'], rows);
    const lines = out.split('\n');
    expect(lines).toHaveLength(NASTY.length + 3); // header, rule, rows, count: no row broke the table
    for (const line of lines) expect(line).toMatch(SAFE_LINE);
    expect(out).toContain('"\\x1b[31mred\\x1b[0m"');
    expect(out).toContain('"a\\rb"');
    expect(out).toContain('"line1\\nline2"');
    expect(out).toContain('"tab\\there"');
    expect(out).toContain('"nul\\0x"');
    expect(out).toContain('"rtl\\u202eevil"');
    expect(out).toContain('"c1\\x9bcsi"');
    expect(lines[0]).toContain('"col\\x1b]0;x\\x07"');
  });

  it('shows null and the string "null" (and "∅", "", quotes, edge spaces) differently', () => {
    const out = textTable(['v'], [{ v: null }, { v: 'null' }, { v: NULL_MARK }, { v: '' }, { v: ' x' }, { v: '"q"' }, { v: 'plain' }, { v: 'a\\b' }]);
    expect(out.split('\n').slice(2)).toEqual(['∅', '"null"', '"∅"', '""', '" x"', '"\\"q\\""', 'plain', 'a\\b']);
    expect(tableString('a\\b\n')).toBe('"a\\\\b\\n"'); // once quoted, a backslash is escaped too: unambiguous
  });

  it('nested values print as JSON with unsafe characters escaped (still valid JSON)', () => {
    const out = textTable(['v'], [{ v: { a: 'x\u202ey\u001b' } }], 100);
    const cell = out.split('\n')[2];
    expect(cell).toMatch(SAFE_LINE);
    expect(JSON.parse(cell)).toEqual({ a: 'x\u202ey\u001b' });
  });

  it('metadata listings may print empty strings as blanks; null is still ∅', () => {
    expect(textTable(['a', 'b'], [{ a: '', b: null }], 40, { blankEmpty: true }).split('\n')[2]).toBe('   ∅');
  });
});

describe('machine formats stay exact', () => {
  const rows = [...NASTY, 'null', '', NULL_MARK, 'a,b', 'say "hi"', ' lead'].map((s, i) => ({ i, s })).concat([{ i: 99, s: null as unknown as string }]);
  it('json and jsonl read back to the same values', () => {
    expect(JSON.parse(formatRows('json', ['i', 's'], rows))).toEqual(rows);
    expect(formatRows('jsonl', ['i', 's'], rows).split('\n').map((l) => JSON.parse(l))).toEqual(rows);
  });

  it('csv quotes fields properly: a small RFC 4180 reader gets every value back; null is an empty field, "" the empty string', () => {
    const csv = formatRows('csv', ['i', 's'], rows);
    const back = parseCsv(csv);
    expect(back[0]).toEqual(['i', 's']);
    expect(back.slice(1)).toEqual(rows.map((r) => [String(r.i), r.s === null ? null : r.s]));
  });
});

/** RFC 4180 reader that keeps an unquoted empty field (null) apart from a quoted one (""). */
function parseCsv(text: string): (string | null)[][] {
  const out: (string | null)[][] = [];
  let row: (string | null)[] = [];
  let i = 0;
  while (i <= text.length) {
    if (text[i] === '"') {
      let v = '';
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') { v += '"'; i += 2; } else if (text[i] === '"') { i++; break; } else v += text[i++];
      }
      row.push(v);
    } else {
      let j = i;
      while (j < text.length && text[j] !== ',' && text[j] !== '\n') j++;
      const v = text.slice(i, j);
      row.push(v === '' ? null : v);
      i = j;
    }
    if (i >= text.length || text[i] === '\n') { out.push(row); row = []; if (i >= text.length) break; }
    i++;
  }
  return out;
}

describe('terminalMessage', () => {
  it('keeps a message\'s own lines but indented, with escapes inside each line (issue 18)', () => {
    expect(terminalMessage('bad at line 1, column 8\n  SELECT x\n         ^')).toBe('bad at line 1, column 8\n    SELECT x\n           ^');
    // A newline from a table cannot start a line that looks like the CLI's own, and ESC stays escaped.
    const m = terminalMessage('file "a\nlakescope: ok\u001b[2J"');
    expect(m.split('\n').every((l, i) => i === 0 || l.startsWith('  '))).toBe(true);
    expect(m).not.toContain('\u001b');
  });
});

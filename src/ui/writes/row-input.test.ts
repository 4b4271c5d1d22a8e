import { describe, expect, it } from 'vitest';
import type { SchemaDto } from '../../core/api/table-dto.ts';
import { en } from '../../core/messages/en.ts';
import { translator } from '../common/messages.ts';
import { parseCsv } from './csv.ts';
import { cellValue, columnKind, problemText, rowColumns, rowsFromCsv, rowsFromForm } from './row-input.ts';

/** A Paimon primary-key schema as the table DTO gives it (pk_mor_pk_table_scan_and_read_mor plus a few types). */
const schema: SchemaDto = {
  schemaId: '0', isCurrent: true, identifierFieldIds: [0, 1, 2],
  columns: [
    { id: 0, name: 'f0', type: 'STRING NOT NULL', required: true },
    { id: 1, name: 'f1', type: 'INT NOT NULL', required: true },
    { id: 2, name: 'f2', type: 'INT NOT NULL', required: true },
    { id: 3, name: 'f3', type: 'DOUBLE', required: false },
    { id: 4, name: 'big', type: 'BIGINT', required: false },
    { id: 5, name: 'd', type: 'DATE', required: false },
    { id: 6, name: 'ok', type: 'BOOLEAN', required: false },
    { id: 7, name: 'amt', type: 'DECIMAL(10, 2)', required: false },
    { id: 8, name: 'tags', type: 'ARRAY<STRING>', required: false },
  ],
};
const all = rowColumns(schema, 'rows');
const { t } = translator(en);

describe('csv parser', () => {
  it('keeps commas, doubled quotes and line breaks inside quotes; empty unquoted is null, "" the empty string; CRLF; blank lines skipped', () => {
    const r = parseCsv('a,b,c\r\n"x, y","say ""hi""",\n\n"multi\nline","",z\n');
    expect(r).toEqual({ ok: true, lines: [
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', null] },
      { line: 4, fields: ['multi\nline', '', 'z'] },
    ] });
  });

  it('names the line of an unclosed quote and of text after a closing quote', () => {
    expect(parseCsv('a,b\n1,"open\n2,3')).toEqual({ ok: false, problem: 'unclosedQuote', line: 2 });
    expect(parseCsv('a,b\n"x"y,1')).toEqual({ ok: false, problem: 'textAfterQuote', line: 2 });
  });
});

describe('row input', () => {
  it('reads column kinds from any format’s type names; key columns from the identifier fields', () => {
    expect(['INT NOT NULL', 'integer', 'long', 'BIGINT', 'DECIMAL(10, 2)', 'timestamp_ntz', 'TIMESTAMP(6) WITH LOCAL TIME ZONE', 'STRING', 'struct<a:int>', 'ARRAY<STRING>'].map(columnKind))
      .toEqual(['int', 'int', 'bigint', 'bigint', 'decimal', 'timestamp', 'timestamp', 'string', 'nested', 'nested']);
    expect(all.filter((c) => c.key).map((c) => c.name)).toEqual(['f0', 'f1', 'f2']);
    expect(rowColumns(schema, 'keys').map((c) => c.name)).toEqual(['f0', 'f1', 'f2']);
    expect(rowColumns({ ...schema, identifierFieldIds: [], keyColumns: ['f3'] }, 'keys').map((c) => c.name)).toEqual(['f3']);
  });

  it('converts values exactly and refuses what does not fit', () => {
    const col = (name: string) => all.find((c) => c.name === name)!;
    expect(cellValue(col('f1'), ' 42 ')).toEqual({ value: 42 });
    expect(cellValue(col('f1'), '2147483648')).toBe('bad');
    expect(cellValue(col('big'), '9223372036854775807')).toEqual({ value: '9223372036854775807' });
    expect(cellValue(col('big'), '9223372036854775808')).toBe('bad');
    expect(cellValue(col('f3'), '1.5e3')).toEqual({ value: 1500 });
    expect(cellValue(col('f3'), 'abc')).toBe('bad');
    expect(cellValue(col('d'), '2024-02-29')).toEqual({ value: '2024-02-29' });
    expect(cellValue(col('d'), '2023-02-29')).toBe('bad');
    expect(cellValue(col('ok'), 'TRUE')).toEqual({ value: true });
    expect(cellValue(col('amt'), '12.5')).toEqual({ value: '12.5' });
    expect(cellValue(col('amt'), '1,5')).toBe('bad');
  });

  it('the form gives one row; empty fields are NULL; a NOT NULL or key column left empty is named', () => {
    expect(rowsFromForm(all, { f0: 'k', f1: '10', f2: '3', f3: '' }, 'rows')).toEqual({ ok: true, rows: [{ f0: 'k', f1: 10, f2: 3 }] });
    const r = rowsFromForm(all, { f0: 'k', f1: '10' }, 'rows');
    expect(r.ok === false && problemText(t, r.problem)).toBe('Row 1, column f2: a value is needed (a key or NOT NULL column).');
    const keys = rowColumns(schema, 'keys');
    expect(rowsFromForm(keys, { f0: 'k', f1: '10', f2: '1' }, 'keys')).toEqual({ ok: true, rows: [{ f0: 'k', f1: 10, f2: 1 }] });
  });

  it('CSV: rows by header; unknown columns and bad values named by row and column', () => {
    expect(rowsFromCsv(all, 'f0,f1,f2,f3\n"a,b",10,1,2.5\nc,20,2,', 'rows')).toEqual({ ok: true, rows: [{ f0: 'a,b', f1: 10, f2: 1, f3: 2.5 }, { f0: 'c', f1: 20, f2: 2 }] });
    const text = (csv: string, input: 'rows' | 'keys' = 'rows') => { const r = rowsFromCsv(all, csv, input); return r.ok ? 'ok' : problemText(t, r.problem); };
    expect(text('f0,f1,f2,nope\na,1,1,1')).toBe('The table has no column "nope"; its columns are: f0, f1, f2, f3, big, d, ok, amt, tags.');
    expect(text('f0,f1,f2\na,1,1\nb,x,2')).toBe('Row 2, column f1: "x" is not a valid INT NOT NULL.');
    expect(text('f0,f1,f2\na,1')).toBe('Row 1: 2 values, but the header names 3 columns.');
    expect(text('f0,f1,f2,tags\na,1,1,[x]')).toBe('Row 1, column tags: ARRAY<STRING> is a nested type, which cannot be typed here.');
    expect(text('f0,f1,f1\na,1,1')).toBe('CSV header: column name "f1" is empty or repeated.');
    expect(text('f0,f1,f2')).toBe('The CSV has a header line but no rows.');
    expect(text('f0,f1,f2\n"a,1,1')).toBe('CSV line 2: a quoted value is not closed.');
    // Deletes by key: the key columns are needed, others may be given.
    expect(text('f0,f1\na,1', 'keys')).toBe('Row 1, column f2: a value is needed (a key or NOT NULL column).');
    expect(text('f0,f1,f2,f3\na,1,1,', 'keys')).toBe('ok');
  });
});

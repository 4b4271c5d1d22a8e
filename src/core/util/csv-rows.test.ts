import { describe, expect, it } from 'vitest';
import { parseCsvRows } from './csv-rows.ts';

describe('parseCsvRows', () => {
  it('reads quoted fields, doubled quotes, CRLF, empty fields as null and "" as empty text', () => {
    expect(parseCsvRows('id,name,note\r\n1,"a, ""b""",\r\n2,"",x\n\n3,"multi\nline",y')).toEqual([
      { id: '1', name: 'a, "b"', note: null },
      { id: '2', name: '', note: 'x' },
      { id: '3', name: 'multi\nline', note: 'y' },
    ]);
  });

  it('names the line whose field count differs, an open quote and a repeated column', () => {
    expect(() => parseCsvRows('a,b\n1,2\n3')).toThrow(/line 3 has 1 field/);
    expect(() => parseCsvRows('a,b\n"1,2')).toThrow(/line 2: a quoted field is not closed/);
    expect(() => parseCsvRows('a,a\n1,2')).toThrow(/repeated/);
  });

  it('gives no rows for a header only or empty text', () => {
    expect(parseCsvRows('a,b\n')).toEqual([]);
    expect(parseCsvRows('')).toEqual([]);
  });
});

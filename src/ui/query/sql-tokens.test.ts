import { describe, expect, it } from 'vitest';
import { quoteIdent, tokenizeSql } from './sql-tokens.ts';

describe('tokenizeSql', () => {
  const samples = [
    'SELECT day, count(*) AS n FROM "sales/orders" FOR TIMESTAMP AS OF \'2024-03-01T00:00:00Z\' GROUP BY day',
    "SELECT * FROM t CHANGES BETWEEN 1 AND 'it''s' -- trailing\nLIMIT 5",
    'SELECT "a""b", x.y FROM "t$snapshots" /* open comment',
    'EXPLAIN SELECT 1.5e3, .5, id>=10 FROM t WHERE name LIKE \'%x',
    '',
  ];

  it('covers every character exactly once, in order', () => {
    for (const s of samples) {
      const tokens = tokenizeSql(s);
      expect(tokens.map((t) => t.text).join('')).toBe(s);
      let at = 0;
      for (const t of tokens) { expect(t.start).toBe(at); at += t.text.length; }
    }
  });

  it('tells keywords, functions, strings, quoted names, numbers and comments apart', () => {
    const kinds = (s: string) => tokenizeSql(s).filter((t) => t.kind !== 'space').map((t) => `${t.kind}:${t.text}`);
    expect(kinds("select count(id) from \"t$snapshots\" for version as of 7505300640432048841 -- c")).toEqual([
      'keyword:select', 'function:count', 'op:(', 'ident:id', 'op:)', 'keyword:from', 'quoted:"t$snapshots"',
      'keyword:for', 'keyword:version', 'keyword:as', 'keyword:of', 'number:7505300640432048841', 'comment:-- c',
    ]);
    // A doubled quote stays inside the string; a name that is also a function is an identifier without "(".
    expect(kinds("'it''s' count")).toEqual(["string:'it''s'", 'ident:count']);
    // Unterminated strings and comments run to the end instead of failing.
    expect(kinds("where x = 'abc")).toEqual(['keyword:where', 'ident:x', 'op:=', "string:'abc"]);
  });
});

describe('quoteIdent', () => {
  it('quotes what a bare identifier cannot be', () => {
    expect(quoteIdent('orders')).toBe('orders');
    expect(quoteIdent('sales/orders')).toBe('"sales/orders"');
    expect(quoteIdent('t$snapshots')).toBe('"t$snapshots"');
    expect(quoteIdent('order')).toBe('"order"');
    expect(quoteIdent('a"b')).toBe('"a""b"');
  });
});

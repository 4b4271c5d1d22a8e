import { describe, expect, it } from 'vitest';
import { completionsAt, type CompletionSource } from './sql-complete.ts';

const src: CompletionSource = {
  tables: [{ name: 't' }, { name: 'sales/orders' }, { name: 'sales/orders$snapshots' }, { name: 'events/clicks' }],
  columns: [{ name: 'order_id', type: 'long' }, { name: 'order_ts', type: 'timestamptz' }, { name: 'region', type: 'string' }],
};
const at = (sql: string, explicit = false) => {
  const caret = sql.indexOf('|');
  return completionsAt(sql.replace('|', ''), caret, src, explicit);
};

describe('completionsAt', () => {
  it('offers columns, functions and keywords by prefix, columns first with their type', () => {
    const r = at('SELECT or| FROM t');
    expect(r?.items.map((i) => i.label)).toEqual(['order_id', 'order_ts', 'ORDER', 'OR']);
    expect(r?.items[0]).toMatchObject({ kind: 'column', detail: 'long', insert: 'order_id' });
    expect(r).toMatchObject({ from: 7, to: 9 });
    expect(at('SELECT co|')?.items.map((i) => i.label)).toEqual(['count()', 'coalesce()', 'concat()']);
  });

  it('offers tables after FROM and JOIN, quoted when the name needs it', () => {
    const r = at('SELECT * FROM sa|');
    expect(r?.items.map((i) => i.insert)).toEqual(['"sales/orders"', '"sales/orders$snapshots"']);
    expect(at('SELECT * FROM t JOIN |')?.items.map((i) => i.label)).toEqual(['t', 'sales/orders', 'sales/orders$snapshots', 'events/clicks']);
    // Inside an opened quote the quote is replaced too.
    const q = at('SELECT * FROM "sales/orders$|');
    expect(q?.items.map((i) => i.insert)).toEqual(['"sales/orders$snapshots"']);
    expect(q?.from).toBe(14);
  });

  it('replaces the rest of the word under the caret', () => {
    expect(at('SELECT reg|xx FROM t')).toMatchObject({ from: 7, to: 12 });
  });

  it('stays quiet in strings, comments, on an empty word and on a word typed in full', () => {
    expect(at("SELECT * FROM t WHERE region = 'or|")).toBeNull();
    expect(at('-- or|')).toBeNull();
    expect(at('SELECT |')).toBeNull();
    expect(at('SELECT |', true)?.items.length).toBeGreaterThan(3);
    expect(at('SELECT region|')).toBeNull();
  });

  it('offers only columns after a dot', () => {
    expect(at('SELECT a.|', false)?.items.every((i) => i.kind === 'column')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { addToHistory, HISTORY_MAX, loadHistory, type KeyValueStore } from './query-history.ts';

function memory(): KeyValueStore & { m: Map<string, string> } {
  const m = new Map<string, string>();
  return { m, getItem: (k) => m.get(k) ?? null, setItem: (k, v) => { m.set(k, v); } };
}

describe('query history', () => {
  it('keeps queries per table, newest first, without duplicates, capped', () => {
    const s = memory();
    addToHistory(s, 'sales/orders/', { sql: 'SELECT 1', at: 1 });
    addToHistory(s, 'sales/orders/', { sql: 'SELECT 2', at: 2, rows: 1 });
    addToHistory(s, 'sales/orders/', { sql: '  SELECT 1 ', at: 3 });
    addToHistory(s, 'events/clicks/', { sql: 'SELECT 3', at: 4 });
    expect(loadHistory(s, 'sales/orders/').map((e) => [e.sql, e.at])).toEqual([['SELECT 1', 3], ['SELECT 2', 2]]);
    expect(loadHistory(s, 'events/clicks/').map((e) => e.sql)).toEqual(['SELECT 3']);
    for (let i = 0; i < HISTORY_MAX + 5; i++) addToHistory(s, 'x/', { sql: `SELECT ${i}`, at: i });
    const all = loadHistory(s, 'x/');
    expect(all.length).toBe(HISTORY_MAX);
    expect(all[0]!.sql).toBe(`SELECT ${HISTORY_MAX + 4}`);
  });

  it('never keeps a query that carries a key or a signature, nor an empty one', () => {
    const s = memory();
    addToHistory(s, 't/', { sql: "SELECT * FROM t WHERE url = 'https://b/k?X-Amz-Signature=abc'", at: 1 });
    addToHistory(s, 't/', { sql: "SELECT 'AKIAIOSFODNN7EXAMPLE'", at: 2 });
    addToHistory(s, 't/', { sql: '   ', at: 3 });
    expect(loadHistory(s, 't/')).toEqual([]);
    expect([...s.m.values()].join('')).not.toMatch(/AKIA|Signature/);
  });

  it('reads a damaged entry as an empty history', () => {
    const s = memory();
    s.setItem('lakescope.queryHistory:t/', '{not json');
    expect(loadHistory(s, 't/')).toEqual([]);
    s.setItem('lakescope.queryHistory:t/', JSON.stringify([{ sql: 1 }, { sql: 'ok', at: 1 }]));
    expect(loadHistory(s, 't/').map((e) => e.sql)).toEqual(['ok']);
  });
});

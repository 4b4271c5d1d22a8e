/**
 * The benches' generated click-stream table: one schema and deterministic rows, shared by the compaction and
 * full-read benches so both measure the same data (the README's "1M rows, 200 files, 17.9 MB" tables).
 */

/** The Iceberg schema of the event table. */
export const EVENT_SCHEMA = {
  type: 'struct', fields: [
    { id: 1, name: 'id', required: true, type: 'long' },
    { id: 2, name: 'ts', required: true, type: 'timestamptz' },
    { id: 3, name: 'user', required: true, type: 'string' },
    { id: 4, name: 'event', required: true, type: 'string' },
    { id: 5, name: 'url', required: false, type: 'string' },
    { id: 6, name: 'amount', required: false, type: 'double' },
    { id: 7, name: 'qty', required: false, type: 'int' },
  ],
};
const EVENTS = ['view', 'click', 'add_to_cart', 'purchase', 'search', 'share'];

/** Median of a non-empty list. */
export const median = (xs: readonly number[]) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };

/** Deterministic rows of file `file` (a 32-bit LCG); ids are `file * n + i`. */
export function rowsOf(file: number, n: number): Record<string, unknown>[] {
  let s = (file * 2654435761) >>> 0;
  const r = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
  const t0 = 1_740_000_000_000_000n + BigInt(file) * 3_600_000_000n;
  return Array.from({ length: n }, (_, i) => ({
    id: BigInt(file * n + i), ts: t0 + BigInt(Math.floor(r() * 3_600_000_000)), user: `user-${Math.floor(r() * 50_000)}`,
    event: EVENTS[Math.floor(r() * EVENTS.length)], url: r() < 0.1 ? null : `https://shop.example.com/p/${Math.floor(r() * 10_000)}?ref=${Math.floor(r() * 100)}`,
    amount: r() < 0.3 ? null : Math.round(r() * 100_000) / 100, qty: Math.floor(r() * 5) + 1,
  }));
}


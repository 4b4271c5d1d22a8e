import { describe, expect, it } from 'vitest';
import { tokenizeSql } from './sql-tokens.ts';
import { queryExamples } from './query-examples.ts';

const versions = [
  { id: '2583323556896698852', timestampMs: Date.UTC(2025, 2, 3, 6, 10), refs: [] },
  { id: '7042393298178764547', timestampMs: Date.UTC(2025, 2, 31, 23, 20), refs: ['month-end'] },
  { id: '7543208278952585564', timestampMs: Date.UTC(2025, 3, 2, 6, 10), refs: ['main'] },
];

describe('queryExamples', () => {
  it('writes examples with the table’s own versions, tag, time and columns (ids exact)', () => {
    const ex = Object.fromEntries(queryExamples({ path: 'sales/orders', columns: ['order_id', 'order ts'], versions }).map((e) => [e.kind, e.sql]));
    expect(ex.versionId).toContain('FOR VERSION AS OF 7042393298178764547');
    expect(ex.versionTag).toContain("FOR VERSION AS OF 'month-end'");
    expect(ex.timestamp).toContain("FOR TIMESTAMP AS OF '2025-03-31T23:20:00.000Z'");
    expect(ex.changes).toContain('CHANGES BETWEEN 2583323556896698852 AND 7543208278952585564');
    expect(ex.groupBy).toContain('GROUP BY order_id');
    expect(ex.byPath).toContain('FROM "sales/orders"');
    // Every example is complete SQL text: no unterminated string or quoted name.
    for (const sql of Object.values(ex)) {
      for (const t of tokenizeSql(sql)) if (t.kind === 'string' || t.kind === 'quoted') expect(t.text.endsWith(t.text[0]!)).toBe(true);
    }
  });

  it('leaves out what the table cannot show: one version, no tag, one column', () => {
    const kinds = queryExamples({ path: 't', columns: ['a'], versions: versions.slice(2) }).map((e) => e.kind);
    expect(kinds).not.toContain('versionId');
    expect(kinds).not.toContain('versionTag');
    expect(kinds).not.toContain('changes');
    expect(kinds).not.toContain('groupBy');
    expect(kinds).toContain('snapshots');
    expect(queryExamples({ path: 't', columns: [], versions: [] }).map((e) => e.kind)).toContain('first');
  });
});

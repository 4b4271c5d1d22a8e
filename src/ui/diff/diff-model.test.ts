import { describe, expect, it } from 'vitest';
import type { PartitionChangeDto, RowProvenanceDto } from '../../core/api/diff/diff-dto.ts';
import { en } from '../../core/messages/en.ts';
import { translator } from '../common/messages.ts';
import { rowViewColumns, changesOfKind, updatedColumns, csvCell, diffCsv, partitionHeat, provenanceText, viewRowsOf } from './diff-model.ts';

const { t } = translator(en);
const prov = (over: Partial<RowProvenanceDto> = {}): RowProvenanceDto => ({ version: '2', files: ['data/a.parquet'], partition: 'region=eu', ...over });

describe('diff model', () => {
  it('guards CSV cells against formula injection and quotes what needs it', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const s of ['+1', '-2', '@SUM(A1)', '\tx']) expect(csvCell(s)).toBe(`'${s}`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    // A negative number is data, yet a spreadsheet would read "-2" as a formula too: it is guarded the same.
    expect(csvCell(-2)).toBe("'-2");
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('writes a changed row as update-before and update-after lines with provenance columns', () => {
    const rows = viewRowsOf('changed', [{
      key: { id: 1 }, changedColumns: ['amount'],
      before: { row: { id: 1, amount: '=1+1' }, provenance: prov({ version: '1', position: '0' }) },
      after: { row: { id: 1, amount: '3' }, provenance: prov({ files: ['data/b.parquet'] }) },
    }]);
    const added = viewRowsOf('added', [{ row: { id: 2, amount: '5' }, provenance: prov() }]);
    const csv = diffCsv(['id', 'amount'], [...rows, ...added]);
    expect(csv.split('\r\n')).toEqual([
      'change,id,amount,partition,file,position',
      "update-before,1,'=1+1,region=eu,data/a.parquet,0",
      'update-after,1,3,region=eu,data/b.parquet,',
      'added,2,5,region=eu,data/a.parquet,',
      '',
    ]);
  });

  it('says where a row lives and what removed it', () => {
    expect(provenanceText(t, 'added', prov({ position: '7' }))).toBe('In data/a.parquet, row 7 (partition region=eu) at version 2.');
    const removed = provenanceText(t, 'removed', prov({ version: '1', via: [{ kind: 'position-deletes', path: 's3://b/t/del.parquet', key: 'del.parquet', records: '3' }] }));
    expect(removed).toBe('Was in data/a.parquet (partition region=eu) at version 1. Removed by position delete file del.parquet (3 rows).');
    expect(provenanceText(t, 'removed', prov({ partition: '', fileGone: true }))).toContain('not live in the later version');
  });

  it('scales the heat map by rows added and removed against the busiest partition', () => {
    const side = (records: number) => ({ files: records > 0 ? 1 : 0, records: String(records), bytes: '0' });
    const parts: PartitionChangeDto[] = [
      { partition: 'a', added: side(10), removed: side(30), deletesChanged: 0 },
      { partition: 'b', added: side(20), removed: side(0), deletesChanged: 0 },
      { partition: 'c', added: side(0), removed: side(0), deletesChanged: 0 },
    ];
    expect([...partitionHeat(parts)]).toEqual([['a', 1], ['b', 0.5], ['c', 0]]);
    expect(partitionHeat([]).size).toBe(0);
  });

  it('sorts change-log rows into the row view’s kinds: inserts added, deletes removed, update pairs changed', () => {
    const rows = (['insert', 'delete', 'update-before', 'update-after', 'insert'] as const).map((changeType, i) => ({ changeType, version: String(i), row: { id: i } }));
    const all = changesOfKind(rows, undefined);
    expect(all.rows).toBe(rows);
    expect(all.counts).toEqual({ added: 2, removed: 1, changed: 2 });
    expect(changesOfKind(rows, 'changed').rows.map((r) => r.changeType)).toEqual(['update-before', 'update-after']);
    expect(changesOfKind(rows, 'added').rows.map((r) => r.version)).toEqual(['0', '4']);
    expect(changesOfKind([], 'removed')).toEqual({ rows: [], counts: { added: 0, removed: 0, changed: 0 } });
  });

  it('finds the cells an update changed from its before row of the same version', () => {
    const r = (changeType: 'insert' | 'update-before' | 'update-after', version: string, row: Record<string, unknown>) => ({ changeType, version, row });
    const rows = [r('update-before', '3', { id: 1, s: 'a', n: 1 }), r('update-after', '3', { id: 1, s: 'b', n: 1 }), r('update-after', '4', { id: 1, s: 'c', n: 2 }), r('insert', '4', { id: 2, s: 'x', n: 0 })];
    expect(updatedColumns(rows, 1, ['id', 's', 'n'])).toEqual(['s']);
    // No before row of the same version just before it, or not an update-after: nothing to highlight.
    expect(updatedColumns(rows, 2, ['id', 's', 'n'])).toEqual([]);
    expect(updatedColumns(rows, 3, ['id', 's', 'n'])).toEqual([]);
    expect(updatedColumns(rows, 0, ['id', 's', 'n'])).toEqual([]);
  });

  it('puts the key and the changed columns first when only changed rows are shown', () => {
    const cols = ['id', 'at', 'region', 'weight', 'status'];
    expect(rowViewColumns(cols, ['id'], ['status', 'weight'], true)).toEqual(['id', 'status', 'weight', 'at', 'region']);
    expect(rowViewColumns(cols, ['id'], ['status'], false)).toBe(cols);
    // A key column that also changed is listed once; names not in the columns are ignored.
    expect(rowViewColumns(cols, ['region', 'id'], ['id', 'gone'], true)).toEqual(['region', 'id', 'at', 'weight', 'status']);
  });
});

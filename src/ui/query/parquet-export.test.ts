import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { describe, expect, it } from 'vitest';
import type { SqlColumnDto } from '../../core/api/sql/sql-contract.ts';
import { resultParquet } from './parquet-export.ts';

describe('resultParquet', () => {
  it('writes a file hyparquet reads back with exact 64-bit ids, decimals as text, nulls kept, duplicate names told apart', async () => {
    const columns: SqlColumnDto[] = [
      { name: 'id', kind: 'bigint' }, { name: 'amount', kind: 'decimal' }, { name: 'ok', kind: 'boolean' },
      { name: 'at', kind: 'timestamp' }, { name: 'x', kind: 'number' }, { name: 'id', kind: 'string' },
    ];
    const rows = [
      ['7505300640432048841', '12.30', true, '2024-03-01T10:00:00.123Z', 1.5, 'a'],
      [null, null, false, null, null, null],
    ];
    const buf = await resultParquet(columns, rows);
    const meta = parquetMetadata(buf);
    expect(meta.schema.slice(1).map((s) => s.name)).toEqual(['id', 'amount', 'ok', 'at', 'x', 'id_2']);
    const back = await parquetReadObjects({ file: buf });
    expect(back[0]).toMatchObject({ id: 7505300640432048841n, amount: '12.30', ok: true, x: 1.5, id_2: 'a' });
    expect((back[0]!.at as Date).toISOString()).toBe('2024-03-01T10:00:00.123Z');
    expect(back[1]).toEqual({ id: null, amount: null, ok: false, at: null, x: null, id_2: null });
  });

  it('keeps microsecond timestamps as text rather than cut them', async () => {
    const buf = await resultParquet([{ name: 'at', kind: 'timestamp' }], [['2024-03-01T10:00:00.123456Z']]);
    expect(await parquetReadObjects({ file: buf })).toEqual([{ at: '2024-03-01T10:00:00.123456Z' }]);
  });
});

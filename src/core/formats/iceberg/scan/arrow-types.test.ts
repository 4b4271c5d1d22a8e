import { describe, expect, it } from 'vitest';
import { Type } from 'apache-arrow';
import type { IcebergType } from '../spec/types.ts';
import { arrowType } from './arrow-types.ts';

describe('arrowType', () => {
  it('gives every type without parameters as one shared object, so each file read does not bring new types', () => {
    const plain: IcebergType[] = ['boolean', 'int', 'long', 'float', 'double', 'date', 'time', 'timestamp', 'timestamptz', 'timestamp_ns', 'timestamptz_ns', 'string', 'uuid', 'binary', 'unknown']
      .map((kind) => ({ kind }) as IcebergType);
    for (const t of plain) expect(arrowType(t), t.kind).toBe(arrowType({ ...t } as IcebergType));
    expect(arrowType({ kind: 'timestamptz' } as IcebergType)).not.toBe(arrowType({ kind: 'timestamp' } as IcebergType));
    expect(String(arrowType({ kind: 'timestamptz_ns' } as IcebergType))).toBe('Timestamp<NANOSECOND, UTC>');
  });

  it('makes the types with parameters from them', () => {
    const d = arrowType({ kind: 'decimal', precision: 10, scale: 3 } as IcebergType) as unknown as { typeId: Type; scale: number; precision: number };
    expect([d.typeId, d.scale, d.precision]).toEqual([Type.Decimal, 3, 10]);
    const f = arrowType({ kind: 'fixed', length: 7 } as IcebergType) as unknown as { byteWidth: number };
    expect(f.byteWidth).toBe(7);
  });
});

import { describe, expect, it } from 'vitest';
import { chunkBounds, statKindOf, statValue, type ChunkMeta } from './statistics.ts';

const meta = (type: string, statistics: Record<string, unknown>): ChunkMeta =>
  ({ type, statistics, num_values: 10n, path_in_schema: ['c'] }) as unknown as ChunkMeta;

describe('Parquet statistics as exact values', () => {
  it('widens millisecond timestamps by one unit of the Date on each side (a bound is never too tight)', () => {
    const d = new Date(1_700_000_000_123);
    expect(statValue(d, 'timestamp-us', -1)).toBe(1_700_000_000_122_000n);
    expect(statValue(d, 'timestamp-us', 1)).toBe(1_700_000_000_124_000n);
    expect(statValue(d, 'timestamp-ns', 1)).toBe(1_700_000_000_124_000_000n);
    expect(statValue(new Date(NaN), 'timestamp-us', 1)).toBeUndefined();
  });

  it('refuses values that are not exact for the kind', () => {
    expect(statValue(1.5, 'int', 1)).toBeUndefined();
    expect(statValue(1.5, 'long', 1)).toBeUndefined();
    expect(statValue('1', 'long', 1)).toBeUndefined();
    expect(statValue(7, 'long', 1)).toBe(7n);
    expect(statValue(new Date(86_400_000 * 3), 'date', 1)).toBe(3);
  });

  it('uses only min_value/max_value for byte arrays (the deprecated min/max had signed byte order)', () => {
    expect(chunkBounds(meta('BYTE_ARRAY', { min: 'a', max: 'z' }), 'string')).toEqual([undefined, undefined]);
    expect(chunkBounds(meta('BYTE_ARRAY', { min_value: 'a', max_value: 'z' }), 'string')).toEqual(['a', 'z']);
    expect(chunkBounds(meta('INT32', { min: 1, max: 9 }), 'int')).toEqual([1, 9]);
  });

  it('gives no kind to floats, decimals, binary or time (their statistics are never used)', () => {
    for (const k of ['float', 'double', 'decimal', 'binary', 'fixed', 'uuid', 'time']) expect(statKindOf(k)).toBeUndefined();
    expect(statKindOf('timestamptz_ns')).toBe('timestamp-ns');
    expect(statKindOf('timestamp')).toBe('timestamp-us');
  });
});

import { describe, expect, it } from 'vitest';
import { OP_COLORS, opCategory, opColor } from './operations.ts';

describe('opCategory', () => {
  it('maps every format’s operation names onto one category', () => {
    expect(['append', 'APPEND', 'WRITE', 'commit', 'deltacommit', 'STREAMING UPDATE'].map(opCategory)).toEqual(Array(6).fill('append'));
    expect(['delete', 'DELETE'].map(opCategory)).toEqual(['delete', 'delete']);
    expect(['overwrite', 'OVERWRITE', 'MERGE', 'UPDATE', 'REPLACE TABLE', 'replacecommit'].map(opCategory)).toEqual(Array(6).fill('overwrite'));
    expect(['replace', 'COMPACT', 'OPTIMIZE', 'compaction', 'clustering', 'clean'].map(opCategory)).toEqual(Array(6).fill('compaction'));
    expect(['CREATE TABLE', 'SET TBLPROPERTIES', 'ADD COLUMNS', 'ANALYZE'].map(opCategory)).toEqual(Array(4).fill('metadata'));
    expect(['RESTORE', 'rollback'].map(opCategory)).toEqual(['rollback', 'rollback']);
    expect(opCategory('something-new')).toBe('other');
  });

  it('colours follow the design note (append green, delete red, compaction blue)', () => {
    expect(opColor('append')).toBe(OP_COLORS.append);
    expect(new Set(Object.values(OP_COLORS)).size).toBe(Object.keys(OP_COLORS).length);
  });
});

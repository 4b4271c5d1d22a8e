import { describe, expect, it } from 'vitest';
import { isUnderRoot, resolveRelativeKey } from './table-root.ts';

describe('resolveRelativeKey', () => {
  it('returns normal keys unchanged and resolves empty, "." and ".." segments', () => {
    const cases: [string, string][] = [
      ['data/a.parquet', 'data/a.parquet'], ['data/.hidden/x', 'data/.hidden/x'], ['a/./b//c', 'a/b/c'], ['a/../b', 'b'],
      ['a/../../x', '../x'], ['/a/b', 'a/b'], ['a/b/', 'a/b'], ['./a', 'a'], ['..', '..'], ['a/..', ''], ['', ''], ['.x/y', '.x/y'],
    ];
    for (const [key, want] of cases) expect(resolveRelativeKey(key), key).toBe(want);
    expect(isUnderRoot('a/../../x')).toBe(false);
    expect(isUnderRoot('data/x.parquet')).toBe(true);
  });
});

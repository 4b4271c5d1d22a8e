import { describe, expect, it } from 'vitest';
import { commitAt, fileName, stepAfterKey } from './story-model.ts';

describe('story page model', () => {
  it('moves between steps with the arrow keys, Home and End, and stops at the ends', () => {
    expect(stepAfterKey('ArrowRight', 0, 7)).toBe(1);
    expect(stepAfterKey('ArrowLeft', 0, 7)).toBeUndefined();
    expect(stepAfterKey('ArrowRight', 6, 7)).toBeUndefined();
    expect(stepAfterKey('End', 2, 7)).toBe(6);
    expect(stepAfterKey('Home', 2, 7)).toBe(0);
    expect(stepAfterKey('a', 2, 7)).toBeUndefined();
  });

  it('finds the commit made at a step’s time, and none when the table made none then', () => {
    const commits = [{ timestampMs: Date.parse('2025-04-07T10:00:00Z'), v: 1 }, { v: 2 }];
    expect(commitAt(commits, '2025-04-07T10:00:00Z')?.v).toBe(1);
    expect(commitAt(commits, '2025-04-07T09:00:00Z')).toBeUndefined();
    expect(commitAt(undefined, '2025-04-07T09:00:00Z')).toBeUndefined();
    expect(fileName('metadata/v2.metadata.json')).toBe('v2.metadata.json');
  });
});

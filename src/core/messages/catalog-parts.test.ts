import { describe, expect, it } from 'vitest';
import { catalogOfParts } from './catalog-parts.ts';
import { en } from './en.ts';
import { enEngine } from './en-engine.ts';
import { enErrors14 } from './en-errors14.ts';
import { enPage } from './en-page.ts';

describe('catalogOfParts', () => {
  it('merges as a spread does: every key, the later part winning, the parts left as they are', () => {
    const a = { x: () => 'a.x', y: () => 'a.y' };
    const b = { y: () => 'b.y', z: () => 'b.z' };
    const merged = catalogOfParts(a, b);
    expect(Object.keys(merged).sort()).toEqual(['x', 'y', 'z']);
    expect(merged.y()).toBe('b.y');
    expect(merged).not.toBe(a);
    expect(Object.keys(a)).toEqual(['x', 'y']);
  });

  it('builds the English catalog as the spreads did: the engine part, then the page part, in order', () => {
    expect(en).toEqual({ ...enEngine, ...enPage });
    expect(Object.keys(en)).toEqual(Object.keys({ ...enEngine, ...enPage }));
    // A key two parts define keeps the later part's text (en-engine.ts).
    expect(enEngine['error.iceberg.readFrom']).toBe(enErrors14['error.iceberg.readFrom']);
  });
});

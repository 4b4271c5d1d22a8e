import { Bool, Field, Float64, Int32, List, Struct, Utf8, vectorFromArray, Vector } from 'apache-arrow';
import { afterEach, describe, expect, it } from 'vitest';
import { dataFromValues } from './from-values.ts';

const realFunction = globalThis.Function;

/** Makes `new Function(...)` throw, as a page without 'unsafe-eval' in its CSP does. */
function forbidCodeGeneration(): void {
  globalThis.Function = new Proxy(realFunction, {
    construct() { throw new EvalError('Evaluating a string as JavaScript violates the Content Security Policy'); },
    apply() { throw new EvalError('Evaluating a string as JavaScript violates the Content Security Policy'); },
  });
}

describe('Arrow data from values without code generation (CSP without unsafe-eval)', () => {
  afterEach(() => { globalThis.Function = realFunction; });

  it('apache-arrow’s vectorFromArray generates code (so this test can fail)', () => {
    forbidCodeGeneration();
    expect(() => vectorFromArray(['a', null], new Utf8())).toThrow(/Content Security Policy/);
  });

  it('builds primitive and nested columns with nulls, no generated code', () => {
    forbidCodeGeneration();
    const s = new Vector([dataFromValues(['a', null, undefined, ''], new Utf8())]);
    expect(s.toArray()).toEqual(['a', null, null, '']);
    expect(s.nullCount).toBe(2);
    expect(new Vector([dataFromValues([1.5, null, -2], new Float64())]).toArray()).toEqual(new Float64Array([1.5, 0, -2]));
    expect(new Vector([dataFromValues([true, null, false], new Bool())]).toJSON()).toEqual([true, null, false]);
    const struct = new Struct([new Field('x', new Int32(), true), new Field('tags', new List(new Field('item', new Utf8(), true)), true)]);
    const rows = new Vector([dataFromValues([{ x: 1, tags: ['p', null] }, null, { x: null, tags: null }], struct)]);
    expect(rows.nullCount).toBe(1);
    expect(rows.get(0)?.toJSON()).toEqual({ x: 1, tags: expect.anything() });
    expect([...rows.get(0)!.tags]).toEqual(['p', null]);
    expect(rows.get(1)).toBeNull();
    expect(rows.get(2)?.x).toBeNull();
    expect(rows.get(2)?.tags).toBeNull();
  });
});

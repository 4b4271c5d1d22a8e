import { Bool, Field, Float64, Int32, List, Struct, Utf8, vectorFromArray, type DataType } from 'apache-arrow';
import { afterEach, describe, expect, it } from 'vitest';
import { dataFromValues } from './from-values.ts';

const saved = globalThis.Function;
afterEach(() => { globalThis.Function = saved; });

/** Makes `new Function(...)` throw, as the app's CSP does in the browser. */
function forbidEval(): void {
  const refuse = () => { throw new Error('EvalError: code generation from strings disallowed'); };
  globalThis.Function = new Proxy(saved, { construct: refuse, apply: refuse });
}

const cases: [string, DataType, unknown[]][] = [
  ['strings with nulls', new Utf8(), ['a', null, 'ccc', undefined, '']],
  ['ints', new Int32(), [1, null, -3, 0]],
  ['doubles', new Float64(), [1.5, null, Number.NaN, -0]],
  ['booleans', new Bool(), [true, false, null]],
  ['lists of strings', new List(new Field('item', new Utf8(), true)), [['x', null], null, [], ['y']]],
  ['structs', new Struct([new Field('a', new Int32(), true), new Field('b', new Utf8(), true)]), [{ a: 1, b: 'x' }, null, { a: null, b: 'y' }]],
];

describe('dataFromValues', () => {
  it.each(cases)('%s: the same values and validity as vectorFromArray, with new Function forbidden', (_name, type, values) => {
    const expected = vectorFromArray(values, type as never);
    forbidEval();
    expect(() => vectorFromArray(values, type as never)).toThrow(/disallowed/); // the mechanism this replaces
    const data = dataFromValues(values, type);
    globalThis.Function = saved;
    expect(data.length).toBe(values.length);
    expect(data.nullCount).toBe(expected.nullCount);
    const got = vectorFromArray(data as never);
    expect(JSON.stringify(got.toArray(), (_k, v) => (Number.isNaN(v) ? 'NaN' : v))).toBe(JSON.stringify(expected.toArray(), (_k, v) => (Number.isNaN(v) ? 'NaN' : v)));
  });
});

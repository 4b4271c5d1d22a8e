/** jsonText: bigints are written as bare JSON integers, exact beyond 2^53, and strings stay strings. */
import { describe, expect, it } from 'vitest';
import { parseJson } from '../core/util/json.ts';
import { stringifyJson } from '../core/util/json.ts';
import { jsonText, textTable } from './output.ts';

describe('jsonText', () => {
  it('writes bigints as exact bare integers', () => {
    const text = jsonText({ id: 9158179788527662767n, n: [1n, -2n], s: 'big:1', t: '\u0000' }, 2);
    expect(JSON.parse(jsonText({ a: 1n, b: [2n] }))).toEqual({ a: 1, b: [2] });
    expect(parseJson(text)).toEqual({ id: 9158179788527662767n, n: [1, -2], s: 'big:1', t: '\u0000' });
  });
  it('is the core stringifier, and the text table prints bigint cells as digits (never "\\u0000big:")', () => {
    expect(jsonText).toBe(stringifyJson);
    const t = textTable(['records'], [{ records: 4n }, { records: 9158179788527662767n }]);
    expect(t).not.toMatch(/big:|\\u0000/);
    expect(t.split('\n').slice(2).map((l) => l.trim())).toEqual(['4', '9158179788527662767']);
  });
});

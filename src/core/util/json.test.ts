import { describe, expect, it } from 'vitest';
import { parseJson, stringifyJson } from './json.ts';
import { isLakeError } from '../errors.ts';

describe('parseJson', () => {
  it('keeps 64-bit snapshot ids exact as bigint and safe integers as numbers', () => {
    const v = parseJson('{"snapshot-id": 5276958600260276572, "seq": 3, "neg": -9223372036854775808, "max": 9007199254740991}') as Record<string, unknown>;
    expect(v['snapshot-id']).toBe(5276958600260276572n);
    expect(v.seq).toBe(3);
    expect(v.neg).toBe(-9223372036854775808n);
    expect(v.max).toBe(9007199254740991);
    expect(typeof v.max).toBe('number');
  });

  it('turns the first unsafe integer 2^53 + 1 into bigint but leaves 16-digit safe ones as numbers', () => {
    expect(parseJson('[9007199254740993, 1000000000000000, -1000000000000000]')).toEqual([9007199254740993n, 1e15, -1e15]);
    expect(parseJson('9007199254740992')).toBe(9007199254740992n); // 2^53 itself is not a safe integer
  });

  it('leaves floats, exponents and digits inside strings alone', () => {
    const v = parseJson('{"a": 12345678901234567890.5, "b": 1e+1234567890123456, "c": "12345678901234567890", "d\\"12345678901234567890": 1.25e-3}');
    expect(v).toEqual({ a: 12345678901234567890.5, b: Infinity, c: '12345678901234567890', 'd"12345678901234567890': 0.00125 });
  });

  it('handles escaped quotes and backslashes before long integers', () => {
    expect(parseJson('["a\\\\", 12345678901234567890, "b\\"c", 12345678901234567891]'))
      .toEqual(['a\\', 12345678901234567890n, 'b"c', 12345678901234567891n]);
  });

  it('falls back to the slow path when the text contains the tag escape, and still gets it right', () => {
    const v = parseJson('{"s": "\\u0001#123", "id": 12345678901234567890}');
    expect(v).toEqual({ s: '\u0001#123', id: 12345678901234567890n });
  });

  it('nested structures', () => {
    expect(parseJson('{"x":[{"y":[[18446744073709551615]]}]}')).toEqual({ x: [{ y: [[18446744073709551615n]] }] });
  });

  it('invalid JSON is a DataInvalid LakeError starting with "json:"', () => {
    for (const bad of ['{"a":', '{"a": 12345678901234567890', '"unterminated', '']) {
      try {
        parseJson(bad);
        expect.unreachable();
      } catch (e) {
        expect(isLakeError(e, 'DataInvalid')).toBe(true);
        expect((e as Error).message).toMatch(/^json: /);
      }
    }
  });
});

describe('stringifyJson', () => {
  it('writes bigint as a bare integer literal and round-trips', () => {
    const v = { 'snapshot-id': 5276958600260276572n, n: 1.5, s: 'x', a: [null, true, -9223372036854775808n], u: undefined };
    const text = stringifyJson(v);
    expect(text).toBe('{"snapshot-id":5276958600260276572,"n":1.5,"s":"x","a":[null,true,-9223372036854775808]}');
    expect(parseJson(text)).toEqual({ 'snapshot-id': 5276958600260276572n, n: 1.5, s: 'x', a: [null, true, -9223372036854775808n] });
  });

  it('indents like JSON.stringify', () => {
    const v = { a: [1, { b: 'c' }], d: {} };
    expect(stringifyJson(v, 2)).toBe(JSON.stringify(v, null, 2));
  });
});

/** The inventory of errors without a catalog message (issue 20) finds them, and none of them is a commit conflict. */
import { describe, expect, it } from 'vitest';
import { unrefErrors, unrefErrorsIn } from './error-refs.ts';

describe('error-refs inventory', () => {
  it('counts new LakeError(…) without a ref, not with one (also through a conditional or a spread), nor in strings', () => {
    const text = [
      "throw new LakeError('Conflict', `x: ${a}`, { key });",
      "throw new LakeError('Io', 'y', {}, { cause: e });",
      "throw new LakeError('Io', 'z', {}, { cause: e, ref: e.ref });",
      "throw new LakeError('Io', 'w', {}, cause === undefined ? { ref } : { cause, ref });",
      "throw new LakeError('Io', 'v', {}, { ...opts });",
      "const s = \"new LakeError('Io', 'not code')\";",
    ].join('\n');
    expect(unrefErrorsIn('x.ts', text).map((e) => [e.line, e.code])).toEqual([[1, "'Conflict'"], [2, "'Io'"]]);
  });

  it('every commit conflict the app can meet carries its catalog message', () => {
    expect(unrefErrors().filter((e) => e.code === "'Conflict'").map((e) => `${e.file}:${e.line} ${e.message}`)).toEqual([]);
  });
});

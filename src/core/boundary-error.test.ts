/** boundaryError builds exactly the error messageError builds, for every page-side message (issue 17). */
import { describe, expect, it } from 'vitest';
import { boundaryError, type BoundaryKey } from './boundary-error.ts';
import { messageError } from './message-error.ts';
import { enBoundary } from './messages/en-boundary.ts';
import { en } from './messages/en.ts';

// A value for each parameter a page-side message takes, with the private-use marks message-parts strips.
const SAMPLE: Record<string, string> = { what: 'openTable', method: 'open\uE000Table', detail: 'Script error \uE001(x)' };

describe('boundaryError', () => {
  const keys = Object.keys(enBoundary) as BoundaryKey[];

  it('covers messages the catalog has, with the catalog\'s own English', () => {
    expect(keys.length).toBe(10);
    for (const k of keys) expect(en[k]).toBe(enBoundary[k]);
  });

  it('gives messageError\'s message, ref, code, context and cause for every key', () => {
    for (const k of keys) {
      const names = /^\(p\)|^\(p:/.test(String(enBoundary[k])) ? (String(enBoundary[k]).match(/p\.(\w+)/g) ?? []).map((m) => m.slice(2)) : [];
      const params = (names.length ? Object.fromEntries(names.map((n) => [n, SAMPLE[n]])) : undefined) as never;
      const cause = new Error('why');
      for (const c of [undefined, cause]) {
        const a = boundaryError('Internal', k, params, { method: 'm' }, c);
        const b = messageError('Internal', k, params, { method: 'm' }, c);
        expect({ message: a.message, ref: a.ref, code: a.code, context: a.context, cause: a.cause }, k)
          .toEqual({ message: b.message, ref: b.ref, code: b.code, context: b.context, cause: b.cause });
      }
    }
  });
});

/**
 * A LakeError's catalog message (`ref`, issue 20) survives everything an error goes through on its way to the
 * page: the worker boundary (serialize → structured clone → deserialize), added context, and toLakeError.
 */
import { describe, expect, it } from 'vitest';
import { deserializeError, LakeError, serializeError, toLakeError } from './errors.ts';
import { messageError } from './message-error.ts';
import { errorText } from './messages/message-parts.ts';
import { zh } from './messages/zh.ts';

const notFound = () => messageError('NotFound', 'error.open.nothing', { location: 'wh/orders' }, { location: 'wh/orders' });

describe('LakeError ref', () => {
  it('messageError: the message is the catalog’s English text, the ref its key and parameters', () => {
    const e = notFound();
    expect(e.message).toBe('table: nothing at wh/orders (no such folder, or it is empty)');
    expect(e.ref).toEqual({ key: 'error.open.nothing', params: { location: 'wh/orders' } });
    expect(errorText(e.ref!, zh)).toBe('表：wh/orders 处什么也没有（没有这个文件夹，或它是空的）');
  });

  it('serialize → structuredClone → deserialize keeps the ref, the code, the message and the context', () => {
    const inner = messageError('Conflict', 'error.iceberg.committedSince', { newest: 'v3.metadata.json', base: 'v2.metadata.json' });
    const outer = messageError('DataInvalid', 'error.sql.at', { message: inner.ref!, line: 2, column: 8 }, { line: 2 }, inner);
    const back = deserializeError(structuredClone(serializeError(outer)));
    expect(back).toBeInstanceOf(LakeError);
    expect(back.ref).toEqual(outer.ref);
    expect(back.ref).toEqual({ key: 'error.sql.at', params: { message: { key: 'error.iceberg.committedSince', params: { newest: 'v3.metadata.json', base: 'v2.metadata.json' } }, line: 2, column: 8 } });
    expect(back.message).toBe('sql: iceberg commit: v3.metadata.json was committed since v2.metadata.json was read at line 2, column 8');
    expect(back.context).toEqual({ line: 2 });
    expect((back.cause as LakeError).ref).toEqual(inner.ref);
  });

  it('an error without a ref crosses without one (no empty ref appears)', () => {
    const s = serializeError(new LakeError('Io', 's3: read: HTTP 500'));
    expect('ref' in s).toBe(false);
    expect(deserializeError(s).ref).toBeUndefined();
  });

  it('a ref that is not an object reference (a hostile or garbled message) is dropped, the error kept', () => {
    const s = { ...serializeError(notFound()), ref: 'error.open.nothing' as never };
    const back = deserializeError(s);
    expect(back.ref).toBeUndefined();
    expect(back.message).toBe(notFound().message);
  });

  it('withContext and toLakeError keep the ref (also for a LakeError that crossed as a plain object)', () => {
    const e = notFound();
    expect(e.withContext({ file: 'x' }).ref).toEqual(e.ref);
    expect(toLakeError(e, 'open', { file: 'x' }).ref).toEqual(e.ref);
    const cloned = structuredClone(serializeError(e));
    const wrapped = toLakeError(cloned, 'open', { file: 'x' });
    expect(wrapped.ref).toEqual(e.ref);
    expect(wrapped.context).toEqual({ file: 'x', location: 'wh/orders' });
    // Anything else is another library's text: quoted whole as data under error.foreign, not made a message of its own.
    expect(toLakeError(new Error('boom'), 'open').ref).toEqual({ key: 'error.foreign', params: { where: 'open', detail: 'boom' } });
  });
});

/** Rendering an error's catalog reference: names and paths come back as data pieces, in any language. */
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { errorRef, errorText, isErrorRef, messageParts } from './message-parts.ts';
import { zh } from './zh.ts';

describe('messageParts', () => {
  it('sets every string parameter apart as data, numbers stay text', () => {
    const ref = errorRef('error.parquet.footerLength', { length: 99, size: 40 });
    expect(messageParts(ref, zh)).toEqual(['parquet：文件尾长度 99 超出了这个 40 字节的文件']);
    const open = errorRef('error.open.nothing', { location: 'wh/orders' });
    expect(messageParts(open, en)).toEqual(['table: nothing at ', { data: 'wh/orders' }, ' (no such folder, or it is empty)']);
    expect(messageParts(open, zh)).toEqual(['表：', { data: 'wh/orders' }, ' 处什么也没有（没有这个文件夹，或它是空的）']);
  });

  it('renders an inner reference first, in the same language, its data still apart', () => {
    const ref = errorRef('error.sql.at', { message: errorRef('error.sql.columnNotFound', { column: 'no_such', known: 'a, b' }), line: 2, column: 8 });
    expect(messageParts(ref, zh)).toEqual(['SQL 错误（第 2 行，第 8 列）：没有列 "', { data: 'no_such' }, '"。可用的列：', { data: 'a, b' }]);
    expect(errorText(ref)).toBe('sql: Column "no_such" not found. Available columns: a, b at line 2, column 8');
  });

  it('an operation word is translated, not quoted as data', () => {
    const ref = errorRef('error.because', { subject: errorRef('error.s3.subject', { op: 'read', key: 'm.avro', where: 's3://b/t' }), reason: errorRef('error.s3.noSuchKey', undefined) });
    expect(errorText(ref)).toBe("s3: read 'm.avro' in s3://b/t: no such key (NoSuchKey)");
    expect(messageParts(ref, zh)).toEqual(['s3：在 ', { data: 's3://b/t' }, " 中读取 '", { data: 'm.avro' }, "'：没有这个键（NoSuchKey）"]);
  });

  it('data holding the delimiters cannot split the message', () => {
    const ref = errorRef('error.open.nothing', { location: 'a\uE001b\uE000c' });
    expect(messageParts(ref, en)).toEqual(['table: nothing at ', { data: 'abc' }, ' (no such folder, or it is empty)']);
  });

  it('isErrorRef knows only catalog keys', () => {
    expect(isErrorRef({ key: 'error.open.nothing', params: { location: 'x' } })).toBe(true);
    expect(isErrorRef({ key: 'no.such.key' })).toBe(false);
    expect(isErrorRef('error.open.nothing')).toBe(false);
    expect(isErrorRef({ key: 'error.open.nothing', params: 'x' })).toBe(false);
  });
});

/**
 * The messages of en-orc-errors.ts (the ORC reader's errors) render exactly the English their throw sites wrote
 * before they carried a reference, and zh-CN renders each in Chinese with the same data. Every key has a sample
 * here, so a new key cannot go untested. Real damaged files: codecs/orc/orc.test.ts and fixtures.test.ts.
 */
import { describe } from 'vitest';
import { enOrcErrors } from './en-orc-errors.ts';
import { errorRef, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
/** `orc: <finding>`, with ` (<file>)` after it when a file is given — what errors.ts orcInvalid builds. */
const orc = (key: string, params?: Record<string, unknown>, file?: string): ErrorRef => {
  const inner = r('error.orc', { message: r(key, params) });
  return file ? r('error.inFile', { message: inner, file }) : inner;
};
const col = (column: number, key: string, params?: Record<string, unknown>) => orc('error.orc.column', { column, message: r(key, params) }, 'a.orc');
const stream = r('error.orc.stream.name', { column: 3, kind: 'DATA' });
const absent = r('error.orc.stream.absent', { column: 4, kind: 'LENGTH' });

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [orc('error.orc.tail.postscript', { length: 200, size: 12 }, 'a.orc'), 'orc: postscript length 200 does not fit the file of 12 bytes (a.orc)'],
  [orc('error.orc.tail.magic', undefined, 'a.orc'), 'orc: not an ORC file (no ORC magic in the postscript or header) (a.orc)'],
  [orc('error.orc.tail.footer', { footer: 300, metadata: 40 }, 'a.orc'), 'orc: footer (300 bytes) and metadata (40 bytes) do not fit the file (a.orc)'],
  [orc('error.orc.encrypted', undefined, 'enc.orc'), 'orc: encrypted ORC files (column encryption) are not supported (enc.orc)'],
  [orc('error.orc.timeZone', { zone: '"Mars/Olympus"' }), 'orc: unknown writer time zone "Mars/Olympus"'],
  [orc('error.orc.protobuf.truncated', { wireType: 'varint' }), 'orc: protobuf: truncated varint'],
  [orc('error.orc.protobuf.field'), 'orc: protobuf: truncated field'],
  [orc('error.orc.protobuf.varint'), 'orc: protobuf: varint longer than 10 bytes'],
  [orc('error.orc.protobuf.length'), 'orc: protobuf: length-delimited field beyond its message'],
  [orc('error.orc.protobuf.wireType', { wireType: 6 }), 'orc: protobuf: unknown wire type 6'],
  [orc('error.orc.compression.kind', { kind: 9 }, 'x.orc'), 'orc: unknown compression kind 9 (x.orc)'],
  [orc('error.orc.compression.header'), 'orc: compression: truncated chunk header'],
  [orc('error.orc.compression.chunk', { length: 4096 }), 'orc: compression: chunk of 4096 bytes runs past the stream'],
  [orc('error.orc.codec.input', { codec: 'lz4' }), 'orc: lz4: input overrun'],
  [orc('error.orc.codec.output', { codec: 'lzo' }), 'orc: lzo: output overrun'],
  [orc('error.orc.codec.literal', { codec: 'lz4' }), 'orc: lz4: literal overrun'],
  [orc('error.orc.codec.lookbehind', { codec: 'lzo' }), 'orc: lzo: lookbehind overrun'],
  [orc('error.orc.codec.offset', { codec: 'lz4', offset: 70000 }), 'orc: lz4: offset 70000 out of range'],
  [orc('error.orc.codec.claims', { codec: 'snappy', length: 1 << 20 }), 'orc: snappy: chunk claims 1048576 bytes'],
  [orc('error.orc.stripe.missing', { stripe: 5 }, 'a.orc'), 'orc: no stripe 5 (a.orc)'],
  [orc('error.orc.stripe.pastData', { stripe: 1 }, 'a.orc'), 'orc: stripe 1 runs past the data section (a.orc)'],
  [orc('error.orc.stripe.short', undefined, 'a.orc'), 'orc: stripe shorter than its footer (a.orc)'],
  [orc('error.orc.stripe.encodings', { encodings: 2, columns: 5 }, 'a.orc'), 'orc: stripe footer has 2 column encodings for 5 columns (a.orc)'],
  [orc('error.orc.stripe.streamPast', { kind: 'DATA', column: 2 }, 'a.orc'), 'orc: stream DATA of column 2 runs past its stripe (a.orc)'],
  [orc('error.orc.stripe.streamNotRead', { kind: 'PRESENT', column: 1 }, 'a.orc'), 'orc: stream PRESENT of column 1 was not read (a.orc)'],
  [orc('error.orc.stripe.encoding', { column: 3, type: 'INT', encoding: 2 }, 'a.orc'), 'orc: column 3 (INT) has encoding kind 2, not valid for its type (a.orc)'],
  [orc('error.orc.stream.varint', { stream }), 'orc: column 3 DATA stream: varint too long'],
  [orc('error.orc.stream.end', { stream: absent, byte: 0 }), 'orc: column 4 LENGTH stream (missing): unexpected end of stream at byte 0'],
  [orc('error.orc.stream.patch', { stream }), 'orc: column 3 DATA stream: patch beyond its run'],
  [orc('error.orc.stream.delta', { stream }), 'orc: column 3 DATA stream: delta run shorter than 2 values'],
  [orc('error.orc.schema.deep', undefined, 'a.orc'), 'orc: type tree nested too deep (a.orc)'],
  [orc('error.orc.schema.kind', { kind: 42 }), 'orc: unknown type kind 42'],
  [orc('error.orc.schema.kindOf', { kind: 42, column: 3 }, 'a.orc'), 'orc: unknown type kind 42 for column 3 (a.orc)'],
  [orc('error.orc.schema.order', { column: 1, subtype: 1 }, 'a.orc'), 'orc: column 1 has subtype 1 out of order (a.orc)'],
  [orc('error.orc.schema.count', { type: 'MAP', column: 2, count: 1 }, 'a.orc'), 'orc: MAP column 2 has 1 subtypes (a.orc)'],
  [orc('error.orc.schema.primitive', { column: 4 }, 'a.orc'), 'orc: primitive column 4 has subtypes (a.orc)'],
  [col(2, 'error.orc.value.negativeLength', { length: -3 }), 'orc: column 2: negative length -3 (a.orc)'],
  [col(2, 'error.orc.value.over2GiB'), 'orc: column 2: string data over 2 GiB in one stripe (a.orc)'],
  [col(2, 'error.orc.value.dictionaryLength', { length: -1 }), 'orc: column 2: dictionary entry length -1 out of range (a.orc)'],
  [col(2, 'error.orc.value.dictionaryId', { id: 7, size: 4 }), 'orc: column 2: dictionary id 7 outside a dictionary of 4 (a.orc)'],
  [col(5, 'error.orc.value.nanos', { nanos: 1_000_000_000 }), 'orc: column 5: nanoseconds 1000000000 out of range (a.orc)'],
  [col(6, 'error.orc.value.scale', { scale: 140 }), 'orc: column 6: decimal scale 140 out of range (a.orc)'],
  [col(6, 'error.orc.value.decimal128'), 'orc: column 6: decimal beyond 128 bits (a.orc)'],
  [col(7, 'error.orc.value.listLength', { length: -2 }), 'orc: column 7: list length -2 out of range (a.orc)'],
  [col(8, 'error.orc.value.unionTag', { tag: 3, variants: 2 }), 'orc: column 8: union tag 3 beyond its 2 variants (a.orc)'],
  [col(8, 'error.orc.schema.kind', { kind: 99 }), 'orc: column 8: unknown type kind 99 (a.orc)'],
];

/** Terms kept in English: format names and the ORC and protobuf terms Chinese data engineers use as they are. */
const KEPT = /^(orc|protobuf|varint|wire|type|length|delimited|message|chunk|stream|stripe|footer|metadata|postscript|literal|patch|delta|run|decimal|scale|union|tag|list|GiB)$/i;

describe('en-orc-errors / zh-orc-errors', () => {
  catalogSampleChecks(enOrcErrors, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_]+/, allowed: (w, next) => KEPT.test(w) || KEPT.test(next) });
});

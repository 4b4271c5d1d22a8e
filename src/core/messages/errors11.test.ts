/**
 * The messages of en-errors11.ts (the worker boundary, stopped calls, Lakescope's own bugs) render exactly the
 * English their throw sites wrote before they carried a reference, and zh-CN renders each in Chinese with the
 * same data. Every key has a sample here, so a new key cannot go untested.
 */
import { describe, expect, it } from 'vitest';
import { abortError, toLakeError } from '../errors.ts';
import { internalError } from '../message-error.ts';
import { enErrors11 } from './en-errors11.ts';
import { errorRef, errorText, messageParts, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { zh } from './zh.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('error.internal', { detail: 'arrow batch: fields and columns differ in number' }), 'arrow batch: fields and columns differ in number'],
  [r('error.aborted', { what: 'openTable' }), 'openTable: aborted'],
  [r('error.read.stopped'), 'read: stopped'],
  [r('error.rows.closed'), 'rows: cursor closed'],
  [r('error.paimon.write.aborted'), 'paimon write: aborted'],
  [r('error.worker.unknownMethod', { method: 'nope' }), "worker: unknown method 'nope'"],
  [r('error.worker.resultClone', { method: 'planScan' }), "worker: result of 'planScan' cannot be sent to the page"],
  [r('error.worker.paramsClone', { method: 'planScan' }), "worker: parameters of 'planScan' cannot be sent to the worker"],
  [r('error.worker.abortedByPage'), 'worker: call aborted by the page'],
  [r('error.worker.serverStopped'), 'worker: server stopped'],
  [r('error.worker.connectionClosed'), 'worker: connection closed'],
  [r('error.worker.engineClosed'), 'worker: the engine was closed'],
  [r('error.worker.recycled'), 'worker: recycled'],
  [r('error.worker.failed', { detail: 'Uncaught RangeError: Array buffer allocation failed' }), 'worker: Uncaught RangeError: Array buffer allocation failed'],
  [r('error.decode.bomb', { what: 'avro: m0.avro', max: 100, bytes: '5000' }),
    'avro: m0.avro: decompresses to more than 100 bytes (claims or reaches 5000) — refused as a possible decompression bomb'],
  [r('error.decode.bombLimit', { what: 'parquet: a.parquet', max: 100 }), 'parquet: a.parquet: decompresses to more than 100 bytes (limit) — refused as a possible decompression bomb'],
  [r('error.decode.gzip', { what: 'hudi archived timeline: a.gz', detail: 'incorrect header check' }), 'hudi archived timeline: a.gz: not valid gzip (incorrect header check)'],
  [r('error.bytes.hex'), 'bytes: invalid hex string'],
  [r('error.bytes.utf8'), 'bytes: invalid UTF-8'],
  [r('error.bytes.pastEnd', { width: 4, offset: 10, length: 12 }), 'bytes: read of 4 bytes at offset 10 past the end (12 bytes)'],
  [r('error.json.depth', { depth: 512 }), 'json: nested deeper than 512 levels (the decode limit; util/decode-limits.ts)'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.short', { bytes: 10 }) }), 'puffin: file of 10 bytes is too short'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.magicStart') }), 'puffin: bad magic at file start'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.magicEnd') }), 'puffin: bad magic at file end'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.magicFooter') }), 'puffin: bad magic at footer start'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.payloadSize', { size: 999 }) }), 'puffin: footer payload size 999 does not fit in the file'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.noBlobs') }), 'puffin: footer has no blobs list'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.blobField', { blob: 0, field: 'offset' }) }), 'puffin: blob 0 has no valid offset'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.blobNo', { blob: 1, field: 'type' }) }), 'puffin: blob 1 has no type'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.blobBeyond', { offset: 4, length: 90 }) }), 'puffin: blob at 4+90 is beyond the file end'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.dvShort', { bytes: 8 }) }), 'puffin: deletion vector of 8 bytes is too short'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.dvLength', { length: 30, size: 40 }) }), 'puffin: deletion vector length 30 does not match blob size 40'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.dvMagic') }), 'puffin: bad deletion vector magic'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.dvCrc') }), 'puffin: deletion vector CRC mismatch'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.dvBeyond', { offset: 4, length: 90 }) }), 'puffin: deletion vector at 4+90 is beyond the file end'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.overlap', { size: 500, offset: 4, length: 40 }) }), 'puffin: footer payload size 500 makes the footer overlap the blob at 4+40'],
  [r('error.within', { where: 'puffin', message: r('error.puffin.noBlobAt', { offset: 4, length: 40 }) }), 'puffin: the footer lists no blob at 4+40'],
  [r('error.puffin.lz4'), 'puffin: LZ4-compressed footers are not supported'],
  [r('error.puffin.notJson', { detail: 'Unexpected token' }), 'puffin: footer payload is not JSON: Unexpected token'],
  [r('error.puffin.codec', { codec: 'lz4' }), 'puffin: blob compression lz4 is not supported'],
  [r('error.rows.noIncremental'), 'rows: this table format offers no incremental read ("changes since a version")'],
  [r('error.rows.filterIncremental'), 'rows: a filter cannot be combined with "changes since a version" yet'],
  [r('error.rows.page', { offset: 0, limit: 5000, max: 1000 }), 'rows: page 0+5000 is out of range (at most 1000 rows a page)'],
];

describe('en-errors11 / zh-errors11', () => {
  catalogSampleChecks(enErrors11, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_]+/, allowed: (w, next) => /^(lakescope|worker|json|util|decode|limits|ts|gzip|utf|puffin|footer|payload|blob|blobs|magic|deletion|vector|crc|lz4)$/i.test(w) || /^(lakescope|worker|json|util|decode|limits|ts|gzip|utf|puffin|footer|payload|blob|blobs|magic|deletion|vector|crc|lz4)$/i.test(next) });

  it('a bug of our own says so in Chinese and keeps its English sentence whole, as data', () => {
    const e = internalError('arrow rename: wrong number of names', { file: 'x' });
    expect(e.code).toBe('Internal');
    expect(e.message).toBe('arrow rename: wrong number of names');
    expect(messageParts(e.ref!, zh)).toEqual(['Lakescope 内部错误（程序缺陷），引擎的英文原文是：', { data: 'arrow rename: wrong number of names' }]);
  });

  it('an aborted call, from a signal or a library\'s AbortError, is Chinese too', () => {
    const a = abortError(undefined, 'plan');
    expect(errorText(a.ref!)).toBe(a.message);
    expect(errorText(a.ref!, zh)).toBe('plan：已中止');
    const b = toLakeError(Object.assign(new Error('x'), { name: 'AbortError' }), 's3: get');
    expect(b.message).toBe('s3: get: aborted');
    expect(errorText(b.ref!, zh)).toBe('s3: get：已中止');
  });
});

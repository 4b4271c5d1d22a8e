/**
 * The messages of en-errors4.ts (opening a bucket, folder or URL; the sandbox; the filter box; the rows form)
 * render exactly the English text their throw sites wrote before they carried a reference, and zh-CN renders
 * each in Chinese with the same data. Every key has a sample here, so a new key cannot go untested.
 */
import { describe, expect, it } from 'vitest';
import { parseFilter } from '../api/explain-scan.ts';
import { isLakeError, type LakeError } from '../errors.ts';
import { parseCsvRows } from '../util/csv-rows.ts';
import { enErrors4 } from './en-errors4.ts';
import { errorRef, errorText, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { zh } from './zh.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const expr = (what: ErrorRef) => r('error.expr', { message: r('error.expr.syntax', { what, position: 3, text: 'a >' }) });

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('error.s3.noBucket'), 's3: a bucket name is required'],
  [r('error.s3.keysPair'), 's3: give both the access key id and the secret access key, or neither for anonymous access to a public bucket'],
  [r('error.s3.tokenWithoutKeys'), 's3: a session token needs the access key id and secret access key it was issued with'],
  [r('error.s3.headNoLength', { key: 'a/b' }), "s3: head 'a/b': response without a valid Content-Length"],
  [r('error.s3.r2Account'), 's3: an R2 endpoint needs the account id'],
  [r('error.s3.endpointRequired', { provider: 'minio' }), 's3: a minio endpoint URL is required'],
  [r('error.http.notKeyManifest'), 'http: index.json is not a key manifest ({"version":1,"files":[{"key","size"}]})'],
  [r('error.http.sizeMismatch', { key: 'k', got: 120, known: 4096, contentType: 'text/html' }),
    "http: read 'k': the server answered with 120 bytes where the key list says 4096 (content-type text/html) — most likely the file is missing and a fallback page was served"],
  [r('error.http.headNoSize', { key: 'k' }), "http: head 'k': the server gave no usable size (Content-Length / Content-Range)"],
  [r('error.presigned.none'), 'presigned: no URLs given'],
  [r('error.presigned.notUrl'), 'presigned: not a URL'],
  [r('error.presigned.notHttp'), 'presigned: only http(s) URLs'],
  [r('error.dropped.unreadable', { key: 'x/y.json' }), "dropped files: read 'x/y.json': the file can no longer be read (changed on disk?)"],
  [r('error.dropped.readOnly', { op: 'write', key: 'k' }), "dropped files: write 'k': dropped files are read-only"],
  [r('error.dropped.readOnly', { op: 'delete', key: 'k' }), "dropped files: delete 'k': dropped files are read-only"],
  [r('error.dropped.noSuchKey', { op: 'read', key: 'k' }), "dropped files: read: no such key 'k'"],
  [r('error.folder.badKey', { op: 'write', key: '"a//b"' }), 'folder: write: key "a//b" cannot be stored in a folder'],
  [r('error.folder.failed', { op: 'read', key: 'k', why: r('error.folder.why.noSuchKey') }), "folder: read 'k': no such key"],
  [r('error.folder.failed', { op: 'list', why: r('error.folder.why.permission') }), 'folder: list: permission to the folder was not granted'],
  [r('error.folder.failed', { op: 'write', key: 'k', why: 'The operation failed.' }), "folder: write 'k': The operation failed."],
  [r('error.worker.warehouseGone'), 'worker: this warehouse is no longer open (the worker restarted?)'],
  [r('error.worker.tableGone'), 'worker: this table is no longer open (the worker restarted?)'],
  [r('error.worker.cursorClosed'), 'worker: this row cursor is closed'],
  [r('error.worker.diffClosed'), 'worker: this row diff is closed'],
  [r('error.worker.noVersion', { version: '42' }), "worker: version 42 is not in this table's history"],
  [r('error.sandbox.noOpfs'), 'sandbox: this browser has no private file system (OPFS)'],
  [r('error.sandbox.noOpfsToHold'), 'sandbox: this browser has no private file system (OPFS) to hold a sandbox'],
  [r('error.sandbox.openFailed', { name: 'demo', detail: 'QuotaExceededError' }), 'sandbox: could not open sandbox "demo": QuotaExceededError'],
  [r('error.sandbox.deleteFailed', { name: 'demo', detail: 'x' }), 'sandbox: could not delete sandbox "demo": x'],
  [r('error.sandbox.badName'), 'sandbox: a sandbox name is 1-64 of a-z, 0-9, . _ - (starting with a letter or digit)'],
  [r('error.sandbox.tooBig', { what: 'sales/orders/', mb: '300.5', limit: '200' }),
    "sandbox: sales/orders/ holds 300.5 MB, over the sandbox limit of 200 MB (the browser's private storage is a shared quota)"],
  [r('error.expr', { message: r('error.expr.unknownColumn', { column: 'nope' }) }), "expr: unknown column 'nope'"],
  [r('error.expr', { message: r('error.expr.onlyNullTests', { column: 'm' }) }), "expr: column 'm' cannot be filtered except with is null / is not null"],
  [r('error.expr', { message: r('error.expr.startsWithString', { column: 'id', type: 'long' }) }), "expr: starts with needs a string column; 'id' is long"],
  [r('error.expr', { message: r('error.expr.nan', { column: 'x' }) }), "expr: comparing 'x' with NaN never matches; use 'is nan' instead"],
  [expr(r('error.expr.what.unterminatedQuote')), "expr: unterminated quote at position 3 of 'a >'"],
  [expr(r('error.expr.what.unexpectedChar', { char: '#' })), "expr: unexpected character '#' at position 3 of 'a >'"],
  [expr(r('error.expr.what.expected', { token: ')' })), "expr: expected ')' at position 3 of 'a >'"],
  [expr(r('error.expr.what.unexpectedText')), "expr: unexpected text at position 3 of 'a >'"],
  [expr(r('error.expr.what.expectedColumn')), "expr: expected a column name at position 3 of 'a >'"],
  [expr(r('error.expr.what.expectedNullOrNan')), "expr: expected 'null' or 'nan' at position 3 of 'a >'"],
  [expr(r('error.expr.what.prefixOnly')), "expr: only prefix patterns like 'abc%' are supported at position 3 of 'a >'"],
  [expr(r('error.expr.what.expectedComparison')), "expr: expected a comparison, is [not] null, in (…) or starts with at position 3 of 'a >'"],
  [expr(r('error.expr.what.expectedString')), "expr: expected a quoted string at position 3 of 'a >'"],
  [expr(r('error.expr.what.nullCompare')), "expr: compare with null using 'is null' at position 3 of 'a >'"],
  [expr(r('error.expr.what.expectedLiteral')), "expr: expected a literal at position 3 of 'a >'"],
  [r('error.filter', { message: r('error.expr.syntax', { what: r('error.expr.what.expectedLiteral'), position: 3, text: 'a >' }) }), "filter: expected a literal at position 3 of 'a >'"],
  [r('error.tableRoot.outside', { subsystem: 'iceberg', path: '../victim/m.avro', root: 'wh/t', why: r('error.tableRoot.why.consent') }),
    'iceberg: ../victim/m.avro lies outside the table root wh/t; Lakescope does not send your credentials outside the table without your consent'],
  [r('error.tableRoot.outside', { subsystem: 'delta', path: '/x', root: 'wh/t', why: r('error.tableRoot.why.never', { op: 'delete' }) }),
    'delta: /x lies outside the table root wh/t; Lakescope never deletes outside the table it opened'],
  [r('error.deletes.noPositions', { format: 'paimon' }), 'deletes: paimon tables do not list deleted positions here'],
  [r('error.deletes.notShown', { file: 'a.avro' }), 'deletes: rows of a.avro are not shown (only Parquet and ORC data files)'],
  [r('error.sql', { message: r('error.sql.castObject', { to: 'BIGINT' }) }), 'sql: Cannot CAST object to BIGINT'],
  [r('error.csv.badHeader', { name: 'a' }), "csv: line 1: column name 'a' is empty or repeated"],
  [r('error.csv.fieldCount', { line: 3, count: 2, header: 3 }), 'csv: line 3 has 2 field(s), the header 3'],
  [r('error.csv.unclosedQuote', { line: 4 }), 'csv: line 4: a quoted field is not closed'],
  [r('error.write.notPositive', { what: 'targetFileSizeBytes', value: '-1' }), 'write: targetFileSizeBytes must be a positive number, got -1'],
  [r('error.write.notSnapshotId', { value: 'abc' }), 'write: "abc" is not a snapshot id'],
  [r('error.write.noFormat', { format: 'orc', formats: 'iceberg, delta' }), 'write: no table format named "orc" (formats: iceberg, delta)'],
  [r('error.write.cannotCreate', { title: 'Hudi', creatable: 'iceberg, delta, paimon' }), 'write: Lakescope cannot create Hudi tables yet (it creates: iceberg, delta, paimon)'],
];

/** Latin words that may stand in Chinese text: names of formats, protocols and terms kept in English. */
const TERMS = /^(s3|http|https|url|urls|endpoint|access|key|secret|session|content|length|range|type|json|index|opfs|minio|worker|csv|lakescope|hudi|null|nan|starts|with|not|is|in|version|files|size|long|abc|parquet|orc|cast|sql|iceberg|delta|paimon)$/i;

describe('en-errors4 / zh-errors4', () => {
  catalogSampleChecks(enErrors4, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}]+/, allowed: (w, next) => TERMS.test(w) || TERMS.test(next) });

  it('the filter box and the rows form throw them: English as before, Chinese in zh-CN, one prefix each', () => {
    const caught = (f: () => unknown) => { try { f(); } catch (e) { return e as LakeError; } throw new Error('no error'); };
    const filter = caught(() => parseFilter('a >'));
    expect(isLakeError(filter, 'DataInvalid')).toBe(true);
    expect(filter.message).toBe("filter: expected a literal at position 4 of 'a >'");
    expect(errorText(filter.ref!)).toBe(filter.message);
    expect(errorText(filter.ref!, zh)).toBe("过滤条件：'a >' 的第 4 个字符处：这里应为字面值");
    const csv = caught(() => parseCsvRows('a,b\n1'));
    expect(csv.message).toBe('csv: line 2 has 1 field(s), the header 2');
    expect(errorText(csv.ref!, zh)).toBe('CSV：第 2 行有 1 个字段，表头有 2 个');
  });
});

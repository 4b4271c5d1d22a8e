/**
 * The messages of en-errors12.ts render exactly the English their throw sites wrote before they carried a
 * reference, and zh-CN renders each in Chinese with the same data. Every key has a sample here, so a new key
 * cannot go untested. Below, real failures of the code that raises them.
 */
import { describe, expect, it } from 'vitest';
import { LakeError, toLakeError } from '../errors.ts';
import { checkPartial, checkRange } from '../io/byte-range.ts';
import { checkKey, normalizePrefix } from '../io/key.ts';
import { MemoryStorage } from '../io/memory-storage.ts';
import { parseListObjectsV2 } from '../io/s3-listing.ts';
import { decodeXmlText, parseXml } from '../io/s3-xml.ts';
import { withinError } from '../message-error.ts';
import { enErrors12 } from './en-errors12.ts';
import { errorRef, errorText, messageParts, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { zh } from './zh.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const xml = (why: ErrorRef, offset = 7) => r('error.xml.malformed', { why, offset });
const unterminated = (what: string) => r('error.xml.why.unterminated', { what: r(what) });
const list = (why: ErrorRef) => r('error.s3.list.invalid', { where: 's3://b/p', why });

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('error.foreign', { where: 'orc: read stripe', detail: 'offset is out of bounds' }), 'orc: read stripe: offset is out of bounds'],
  [r('error.within', { where: 'iceberg deletion vector', message: r('error.untranslated', { text: 'puffin: bad magic' }) }), 'iceberg deletion vector: puffin: bad magic'],
  [r('error.inFile', { message: r('error.aborted', { what: 'orc: read' }), file: 'a.orc' }), 'orc: read: aborted (a.orc)'],
  [r('error.range.invalid', { what: 's3: read', range: '{"offset":-1,"length":4}' }), 's3: read: invalid byte range {"offset":-1,"length":4}'],
  [r('error.range.partial', { what: 'http: read', why: r('error.range.why.header', { header: '"bytes */10"' }) }), 'http: read: inconsistent partial response (Content-Range "bytes */10")'],
  [r('error.range.partial', { what: 'http: read', why: r('error.range.why.length', { bytes: 3, header: 'bytes 0-9/10' }) }), 'http: read: inconsistent partial response (got 3 bytes for bytes 0-9/10)'],
  [r('error.range.partial', { what: 's3: read', why: r('error.range.why.suffixEnd', { header: 'bytes 0-3/10' }) }), 's3: read: inconsistent partial response (suffix range answered with bytes 0-3/10)'],
  [r('error.range.partial', { what: 's3: read', why: r('error.range.why.suffixLonger', { suffix: 4, header: 'bytes 2-9/10' }) }), 's3: read: inconsistent partial response (asked for the last 4 bytes, got bytes 2-9/10)'],
  [r('error.range.partial', { what: 's3: read', why: r('error.range.why.slice', { offset: 2, length: 4, header: 'bytes 0-3/10' }) }), 's3: read: inconsistent partial response (asked for offset 2 length 4, got bytes 0-3/10)'],
  [r('error.key.invalid', { what: 'memory: read', key: '"../a"' }), 'memory: read: invalid key "../a"'],
  [r('error.key.invalidPrefix', { what: 's3', prefix: '"a/../b"' }), 's3: invalid prefix "a/../b"'],
  [r('error.list.maxKeys', { what: 's3: list' }), 's3: list: maxKeys must be a positive integer'],
  [r('error.memory.noKey', { op: 'read', key: 'a.json' }), "memory: read: no such key 'a.json'"],
  [r('error.http.baseOrUrls'), 'http: give exactly one of baseUrl, urls or listed'],
  [r('error.http.headConcurrency'), 'http: headConcurrency must be a positive integer'],
  [r('error.s3.presignExpires'), 's3: presign: expiresSeconds must be an integer in 1…604800'],
  [r('error.fetch.failed', { subject: r('error.s3.listSubject'), detail: 'terminated' }), 's3: list: request failed: terminated'],
  [list(r('error.s3.list.unexpected', { element: 'Error' })), 's3: list in s3://b/p: unexpected response <Error>'],
  [list(r('error.s3.list.outside', { key: 'q/a' })), "s3: list in s3://b/p: key 'q/a' outside the requested prefix"],
  [list(r('error.s3.list.entry')), 's3: list in s3://b/p: entry without Key or Size'],
  [list(r('error.s3.list.noToken')), 's3: list in s3://b/p: truncated listing without NextContinuationToken'],
  [r('error.xml.charRef', { ref: '#xFFFFFF' }), 's3 xml: bad character reference &#xFFFFFF;'],
  [r('error.xml.entity', { ref: 'nbsp' }), 's3 xml: unknown entity &nbsp;'],
  [xml(unterminated('error.xml.what.pi')), 's3 xml: unterminated processing instruction at offset 7'],
  [xml(unterminated('error.xml.what.comment')), 's3 xml: unterminated comment at offset 7'],
  [xml(unterminated('error.xml.what.cdata')), 's3 xml: unterminated CDATA at offset 7'],
  [xml(unterminated('error.xml.what.endTag')), 's3 xml: unterminated end tag at offset 7'],
  [xml(unterminated('error.xml.what.startTag')), 's3 xml: unterminated start tag at offset 7'],
  [xml(r('error.xml.why.textOutside')), 's3 xml: text outside the root element at offset 7'],
  [xml(r('error.xml.why.dtd')), 's3 xml: DTDs are not supported at offset 7'],
  [xml(r('error.xml.why.unexpectedEnd', { name: 'Key' })), 's3 xml: unexpected </Key> at offset 7'],
  [xml(r('error.xml.why.emptyName')), 's3 xml: empty tag name at offset 7'],
  [xml(r('error.xml.why.secondRoot')), 's3 xml: a second root element at offset 7'],
  [xml(r('error.xml.why.unclosed', { name: 'Contents' })), 's3 xml: unclosed <Contents> at offset 7'],
  [xml(r('error.xml.why.noRoot')), 's3 xml: no root element at offset 7'],
];

/** Terms a Chinese data engineer keeps in English (headers, settings, S3 element names). */
const KEPT = /^(content|range|maxkeys|headconcurrency|baseurl|urls|expiresseconds|key|size|istruncated|nextcontinuationtoken|cdata|dtd|xml|http|lakescope)$/i;

function caught(f: () => unknown): LakeError {
  try { f(); } catch (e) { return e as LakeError; }
  throw new Error('no error');
}

describe('en-errors12 / zh-errors12', () => {
  catalogSampleChecks(enErrors12, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_&#]+/, allowed: (w, next) => KEPT.test(w) || KEPT.test(next) });

  it('a library\'s exception turned into a LakeError keeps its English whole as data, said to be the original', () => {
    const e = toLakeError(new RangeError('offset is out of bounds'), 'orc: read stripe', { file: 'a.orc' }, 'DataInvalid');
    expect(e.message).toBe('orc: read stripe: offset is out of bounds');
    expect(errorText(e.ref!)).toBe(e.message);
    expect(messageParts(e.ref!, zh)).toEqual([{ data: 'orc: read stripe' }, '：', { data: 'offset is out of bounds' }, '（其他库或运行环境给出的英文原文，未翻译）']);
  });

  it('a wrapper around an error without a message is said in Chinese, the inner English marked', () => {
    const e = withinError(new LakeError('DataInvalid', 'x: y'), 'paimon manifest', {}, 'm-0');
    expect(errorText(e.ref!)).toBe('paimon manifest: m-0: x: y');
    expect(errorText(e.ref!, zh)).toBe('paimon manifest：m-0：x: y（英文原文，尚未翻译）');
  });

  it('malformed S3 XML and listings, bad keys and ranges, raised by the code, render in Chinese', async () => {
    const cases: [LakeError, string][] = [
      [caught(() => parseXml('<a><b></a>')), 's3 XML：偏移 6 处出现了意外的 </a>'],
      [caught(() => parseXml('<a><!-- x')), 's3 XML：偏移 3 处注释没有结束'],
      [caught(() => parseXml('<a></a><b/>')), 's3 XML：偏移 7 处出现了第二个根元素'],
      [caught(() => decodeXmlText('&nbsp;')), 's3 XML：未知的实体 &nbsp;'],
      [caught(() => parseListObjectsV2('<ListBucketResult><Contents><Key>q/a</Key><Size>1</Size></Contents></ListBucketResult>',
        { fullPrefix: 'p/', rootPrefix: 'p/', bucket: 'b', where: 's3://b/p' })), "s3：列出 s3://b/p 时出错：键 'q/a' 不在请求的前缀之下"],
      [caught(() => checkKey('a/../b', 'memory: read')), 'memory: read：无效的键 "a/../b"'],
      [caught(() => normalizePrefix('a/./b', 's3')), 's3：无效的前缀 "a/./b"'],
      [caught(() => checkRange({ offset: -1, length: 2 }, 'http: read')), 'http: read：无效的字节范围 {"offset":-1,"length":2}'],
      [caught(() => checkPartial(new Uint8Array(3), 'bytes 0-9/10', { offset: 0, length: 10 }, 'http: read', {})), 'http: read：分段响应（206）与请求不一致（bytes 0-9/10 却收到 3 字节）'],
      [await new MemoryStorage().read('a.json').catch((e: LakeError) => e) as LakeError, "内存：读取：没有键 'a.json'"],
    ];
    for (const [e, want] of cases) {
      expect(errorText(e.ref!), e.message).toBe(e.message);
      expect(errorText(e.ref!, zh)).toBe(want);
    }
  });
});

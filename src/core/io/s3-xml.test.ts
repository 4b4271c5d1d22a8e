import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { parseListObjectsV2 } from './s3-listing.ts';
import { child, childText, decodeXmlText, escapeXml, parseXml } from './s3-xml.ts';

function dataInvalid(fn: () => unknown): boolean {
  try {
    fn();
    return false;
  } catch (e) {
    return isLakeError(e, 'DataInvalid');
  }
}

describe('parseXml', () => {
  it('reads elements, entities, CDATA, comments and drops namespaces', () => {
    const root = parseXml(`<?xml version="1.0" encoding="UTF-8"?>
      <s3:Error xmlns:s3="http://s3.amazonaws.com/doc/2006-03-01/"><!-- c --><Code>NoSuchKey</Code>
      <Message>a &amp; b &lt;c&gt; &#233;&#x4E2D;</Message><Empty/><Raw><![CDATA[<not a tag> & ]]></Raw></s3:Error>`);
    expect(root.name).toBe('Error');
    expect(childText(root, 'Code')).toBe('NoSuchKey');
    expect(childText(root, 'Message')).toBe('a & b <c> é中');
    expect(child(root, 'Empty')?.text).toBe('');
    expect(childText(root, 'Raw')).toBe('<not a tag> & ');
  });

  it('handles ">" inside attribute values', () => {
    expect(childText(parseXml('<a x="1>2"><b>t</b></a>'), 'b')).toBe('t');
  });

  it('rejects malformed or truncated documents with DataInvalid', () => {
    for (const bad of ['', '<a>', '<a></b>', '<a><b></a>', '<a/><b/>', 'text<a/>', '<a>&bogus;</a>', '<!DOCTYPE x><a/>', '<a><![CDATA[x</a>']) {
      expect(dataInvalid(() => parseXml(bad)), bad).toBe(true);
    }
  });

  it('escapeXml and decodeXmlText round-trip', () => {
    const s = `a<b>&"c"'d'`;
    expect(decodeXmlText(escapeXml(s))).toBe(s);
  });
});

describe('parseListObjectsV2', () => {
  const ctx = { fullPrefix: 'root/t/', rootPrefix: 'root/', bucket: 'b', where: 's3://b/root' };
  const doc = (body: string) => `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${body}</ListBucketResult>`;

  it('strips the root prefix and unquotes ETags', () => {
    const page = parseListObjectsV2(doc(`<IsTruncated>true</IsTruncated><NextContinuationToken>tok</NextContinuationToken>
      <Contents><Key>root/t/a&amp;b.txt</Key><Size>12</Size><ETag>&quot;abc&quot;</ETag><LastModified>2024-01-02T03:04:05.000Z</LastModified></Contents>
      <CommonPrefixes><Prefix>root/t/dir/</Prefix></CommonPrefixes>`), ctx);
    expect(page).toEqual({
      objects: [{ key: 't/a&b.txt', size: 12, etag: 'abc', lastModified: Date.UTC(2024, 0, 2, 3, 4, 5) }],
      prefixes: ['t/dir/'],
      continuationToken: 'tok',
    });
  });

  it('rejects truncated listings without a token, entries without size, keys outside the prefix', () => {
    expect(dataInvalid(() => parseListObjectsV2(doc('<IsTruncated>true</IsTruncated>'), ctx))).toBe(true);
    expect(dataInvalid(() => parseListObjectsV2(doc('<Contents><Key>root/t/x</Key></Contents>'), ctx))).toBe(true);
    expect(dataInvalid(() => parseListObjectsV2(doc('<Contents><Key>other/x</Key><Size>1</Size></Contents>'), ctx))).toBe(true);
    expect(dataInvalid(() => parseListObjectsV2('<Error><Code>X</Code></Error>', ctx))).toBe(true);
  });
});

/**
 * Parsing a ListObjectsV2 response body (https://docs.aws.amazon.com/AmazonS3/latest/API/API_ListObjectsV2.html)
 * into a ListPage with keys relative to the storage's root prefix.
 */
import { messageError } from '../message-error.ts';
import { errorRef, type ErrorRef } from '../messages/message-parts.ts';
import { child, childrenNamed, childText, parseXml } from './s3-xml.ts';
import { normalizeEtag, type ListPage, type ObjectInfo } from './storage.ts';

export interface ListingContext {
  /** The prefix sent to S3 (root prefix + requested prefix). */
  readonly fullPrefix: string;
  /** The storage's root prefix, stripped from every returned key. */
  readonly rootPrefix: string;
  readonly bucket: string;
  /** `s3://bucket/prefix`, for messages. */
  readonly where: string;
}

/**
 * Must hold: a truncated listing without NextContinuationToken, an entry without Key/Size or a key
 * outside the requested prefix is DataInvalid — a damaged listing never reads as a shorter one.
 */
export function parseListObjectsV2(text: string, ctx: ListingContext): ListPage {
  const invalid = (why: ErrorRef) => messageError('DataInvalid', 'error.s3.list.invalid', { where: ctx.where, why }, { bucket: ctx.bucket });
  const root = parseXml(text);
  if (root.name !== 'ListBucketResult') throw invalid(errorRef('error.s3.list.unexpected', { element: root.name }));
  const strip = (k: string): string => {
    if (!k.startsWith(ctx.fullPrefix)) throw invalid(errorRef('error.s3.list.outside', { key: k }));
    return k.slice(ctx.rootPrefix.length);
  };
  const objects = childrenNamed(root, 'Contents').map((c): ObjectInfo => {
    const size = Number(childText(c, 'Size'));
    const key = childText(c, 'Key');
    if (key === undefined || !Number.isSafeInteger(size) || size < 0) throw invalid(errorRef('error.s3.list.entry', undefined));
    const modified = Date.parse(childText(c, 'LastModified') ?? '');
    return { key: strip(key), size, etag: normalizeEtag(childText(c, 'ETag')), ...(Number.isNaN(modified) ? {} : { lastModified: modified }) };
  });
  const prefixes = childrenNamed(root, 'CommonPrefixes').map((p) => strip(childText(p, 'Prefix') ?? ''));
  const truncated = childText(root, 'IsTruncated') === 'true';
  const token = child(root, 'NextContinuationToken')?.text;
  if (truncated && !token) throw invalid(errorRef('error.s3.list.noToken', undefined));
  return truncated ? { objects, prefixes, continuationToken: token } : { objects, prefixes };
}

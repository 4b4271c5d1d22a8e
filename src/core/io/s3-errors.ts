/**
 * S3 error responses → LakeErrors. The error body is XML `<Error><Code>…</Code><Message>…</Message>`
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html); HEAD responses have no body.
 * Must hold: messages and context never carry credentials, signatures, string-to-sign or presigned
 * query strings — only the S3 error code, its message, the bucket and the key.
 */
import type { LakeError, LakeErrorCode, LakeErrorContext, LakeErrorRef } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { errorRef } from '../messages/message-parts.ts';
import { codeForStatus } from './fetch-errors.ts';
import { childText, parseXml } from './s3-xml.ts';

/** S3 error codes whose meaning is "your credentials were refused". */
const AUTH_CODES = new Set([
  'SignatureDoesNotMatch', 'InvalidAccessKeyId', 'AccessDenied', 'ExpiredToken', 'InvalidToken',
  'TokenRefreshRequired', 'RequestTimeTooSkewed', 'AuthorizationHeaderMalformed', 'AllAccessDisabled',
  'AccountProblem', 'InvalidSecurity', 'MissingSecurityHeader', 'RequestExpired',
]);

/** The `<Code>` and `<Message>` of an S3 error body, when it is one. */
export function parseS3ErrorBody(body: string): { code?: string; message?: string } {
  if (!body.includes('<Error')) return {};
  try {
    const root = parseXml(body);
    if (root.name !== 'Error') return {};
    return { code: childText(root, 'Code'), message: childText(root, 'Message') };
  } catch {
    return {};
  }
}

/** The LakeError code for an S3 status + error code. */
function s3ErrorCode(status: number, code: string | undefined): LakeErrorCode {
  if (code && AUTH_CODES.has(code)) return 'Auth';
  if (code === 'NoSuchKey' || code === 'NoSuchBucket' || code === 'NoSuchUpload') return 'NotFound';
  if (code === 'PreconditionFailed' || code === 'ConditionalRequestConflict') return 'Conflict';
  if (status === 416 || code === 'InvalidRange') return 'Io';
  return codeForStatus(status);
}

/** What the request was doing, for the message: `s3: read 'k' in s3://bucket/prefix`. */
export interface S3ErrorSubject {
  readonly op: string;
  readonly key?: string;
  readonly bucket: string;
  readonly where: string;
  /** The request was unsigned: refusals then mean "not public", not "wrong keys". */
  readonly anonymous?: boolean;
}

/**
 * Builds the LakeError for a failed S3 response. Reads the body (bounded: S3 error bodies are tiny;
 * anything over 64 KiB is ignored). `bucketMissing` tells a body-less HEAD 404 apart: NoSuchBucket
 * vs NoSuchKey.
 */
export async function s3ResponseError(res: Response, subject: S3ErrorSubject, bucketMissing?: boolean): Promise<LakeError> {
  let body = '';
  try {
    const len = Number(res.headers.get('content-length') ?? '0');
    if (len <= 65536) body = await res.text();
    else await res.body?.cancel();
  } catch {
    /* a body we cannot read does not change the status */
  }
  const parsed = parseS3ErrorBody(body);
  let s3Code = parsed.code ?? res.headers.get('x-amz-error-code') ?? undefined;
  if (!s3Code && res.status === 404) s3Code = bucketMissing ? 'NoSuchBucket' : subject.key !== undefined ? 'NoSuchKey' : 'NoSuchBucket';
  const code = s3ErrorCode(res.status, s3Code);
  const context: LakeErrorContext = { bucket: subject.bucket, key: subject.key, status: res.status, s3Code };
  return messageError(code, 'error.because', { subject: s3Subject(subject.op, subject.key, subject.where), reason: describe(res.status, s3Code, parsed.message, subject) }, context);
}

/** What an S3 request was doing, as the message reference `s3: read 'k' in s3://bucket/prefix`. */
export function s3Subject(op: string, key: string | undefined, where: string): LakeErrorRef {
  return errorRef('error.s3.subject', key === undefined ? { op, where } : { op, key, where });
}

function describe(status: number, s3Code: string | undefined, message: string | undefined, s: S3ErrorSubject): LakeErrorRef {
  if (s.anonymous && (s3Code === 'AccessDenied' || (status === 403 && !s3Code) || status === 401)) {
    return errorRef('error.s3.anonymousRefused', { status: s3Code ?? `HTTP ${status}` });
  }
  switch (s3Code) {
    case 'NoSuchKey': return errorRef('error.s3.noSuchKey', undefined);
    case 'NoSuchBucket': return errorRef('error.s3.noSuchBucket', { bucket: s.bucket });
    case 'SignatureDoesNotMatch': return errorRef('error.s3.signature', undefined);
    case 'InvalidAccessKeyId': return errorRef('error.s3.unknownAccessKey', undefined);
    case 'ExpiredToken': return errorRef('error.s3.expiredToken', undefined);
    case 'PreconditionFailed': return errorRef('error.s3.preconditionFailed', undefined);
    case 'ConditionalRequestConflict': return errorRef('error.s3.concurrentWrite', undefined);
    case 'AccessDenied': return errorRef('error.s3.accessDenied', undefined);
    default: {
      if (status === 403 && !s3Code) return errorRef('error.s3.forbidden', undefined);
      return errorRef('error.s3.status', { status, ...(s3Code ? { s3Code } : {}), ...(message ? { detail: message.slice(0, 300) } : {}) });
    }
  }
}

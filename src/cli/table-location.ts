/**
 * Turns the CLI's `<table>` argument into a Storage rooted at the table: a local path (node fs, read-write),
 * `s3://bucket/prefix` (SigV4 with the standard AWS_* environment variables, AWS_ENDPOINT_URL for
 * S3-compatible servers) or an `http(s)://` URL of the table root (read-only). Any of them may instead
 * name an Iceberg metadata file (`…/t/metadata/v3.metadata.json`): the table at `…/t` in that state
 * (the way to open an Iceberg table over plain HTTP when it has no version hint).
 */
import { resolve } from 'node:path';
import { LakeError } from '../core/errors.ts';
import { splitTableRef } from '../core/api/open-location.ts';
import { HttpStorage, S3Storage, type Storage } from '../core/io/index.ts';
import { FsStorage } from '../platform/node/fs-storage.ts';
import { nodeFetch } from '../platform/node/node-fetch.ts';

export interface TableLocation {
  readonly storage: Storage;
  /** What the user typed, for messages. */
  readonly display: string;
  /** Set when the argument named an Iceberg metadata file: its key under the table root. */
  readonly metadataPath?: string;
}

/** Parses `s3://bucket/prefix` into its parts (prefix without leading/trailing slash). */
export function parseS3Url(url: string): { bucket: string; prefix: string } {
  const m = /^s3a?:\/\/([^/]+)\/?(.*)$/.exec(url);
  if (!m || !m[1]) throw new LakeError('DataInvalid', `cli: "${url}" is not an s3://bucket/prefix URL`, { location: url });
  return { bucket: m[1], prefix: m[2].replace(/\/+$/, '') };
}

/** Builds the Storage for a table argument. `env` defaults to process.env. */
export function openTableLocation(ref: string, env: NodeJS.ProcessEnv = process.env): TableLocation {
  const { root, metadataPath } = splitTableRef(ref);
  const located = openRoot(root === '' ? '.' : root, env);
  return metadataPath ? { ...located, display: ref, metadataPath } : located;
}

function openRoot(arg: string, env: NodeJS.ProcessEnv): TableLocation {
  if (/^s3a?:\/\//.test(arg)) {
    const { bucket, prefix } = parseS3Url(arg);
    // AWS_NO_SIGN_REQUEST=true (as the AWS CLI's --no-sign-request) reads public-read buckets unsigned.
    const anonymous = env.AWS_NO_SIGN_REQUEST === 'true' || env.AWS_NO_SIGN_REQUEST === '1';
    const accessKeyId = anonymous ? undefined : env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = anonymous ? undefined : env.AWS_SECRET_ACCESS_KEY;
    if (!anonymous && (!accessKeyId || !secretAccessKey)) {
      throw new LakeError('Auth', 'cli: s3:// tables need AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment (or AWS_NO_SIGN_REQUEST=true for a public-read bucket)', { location: arg });
    }
    const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
    const endpoint = env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL ?? `https://s3.${region}.amazonaws.com`;
    // A custom endpoint (MinIO, Ceph, R2 …) almost always wants path-style; AWS_S3_FORCE_PATH_STYLE overrides.
    const forced = env.AWS_S3_FORCE_PATH_STYLE;
    const forcePathStyle = forced !== undefined ? forced === 'true' || forced === '1' : Boolean(env.AWS_ENDPOINT_URL_S3 ?? env.AWS_ENDPOINT_URL);
    const storage = new S3Storage({
      endpoint, region, bucket, prefix, accessKeyId, secretAccessKey,
      sessionToken: anonymous ? undefined : env.AWS_SESSION_TOKEN || undefined, forcePathStyle,
    });
    return { storage, display: arg };
  }
  if (/^https?:\/\//.test(arg)) {
    return { storage: new HttpStorage({ baseUrl: arg.replace(/\/?$/, '/'), fetch: nodeFetch }), display: arg };
  }
  const root = resolve(arg.replace(/^file:\/\//, ''));
  return { storage: new FsStorage(root), display: root };
}

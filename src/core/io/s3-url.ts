/**
 * S3 request URLs: path style (`https://host/bucket/key`) and virtual-hosted style
 * (`https://bucket.host/key`), key encoding for SigV4, and endpoint presets for S3-compatible services.
 */
import { messageError } from '../message-error.ts';

/** S3-compatible services with a known endpoint shape. */
export type S3Provider = 'aws' | 'aliyun' | 'r2' | 'minio' | 'ceph';

/** What {@link s3Endpoint} returns: the options that differ per service. */
export interface S3EndpointPreset {
  readonly endpoint: string;
  readonly region: string;
  readonly forcePathStyle: boolean;
}

/**
 * Endpoint, signing region and addressing style for a service:
 * - `aws`: `https://s3.<region>.amazonaws.com`, virtual-hosted style (AWS's default; path style is
 *   deprecated for new buckets). Region as in the bucket's location (`us-east-1`, `eu-central-1`, …).
 * - `aliyun` (Alibaba Cloud OSS, its S3-compatible API): `https://s3.oss-<region>.aliyuncs.com`
 *   (`-internal` variant inside a VPC), region id such as `cn-hangzhou`; OSS accepts ONLY
 *   virtual-hosted style (path style fails with SecondLevelDomainForbidden).
 * - `r2` (Cloudflare R2): `https://<accountId>.r2.cloudflarestorage.com`, region `auto`; path style.
 * - `minio`, `ceph` (RADOS Gateway): the server's own URL (`http://127.0.0.1:7480` in tests), any region
 *   (`us-east-1` by convention); path style, since self-hosted servers rarely have wildcard DNS.
 */
export function s3Endpoint(
  provider: S3Provider,
  opts: { region?: string; accountId?: string; endpoint?: string; internal?: boolean } = {},
): S3EndpointPreset {
  switch (provider) {
    case 'aws': {
      const region = opts.region ?? 'us-east-1';
      return { endpoint: opts.endpoint ?? `https://s3.${region}.amazonaws.com`, region, forcePathStyle: false };
    }
    case 'aliyun': {
      const region = opts.region ?? 'cn-hangzhou';
      const host = `s3.oss-${region}${opts.internal ? '-internal' : ''}.aliyuncs.com`;
      return { endpoint: opts.endpoint ?? `https://${host}`, region, forcePathStyle: false };
    }
    case 'r2': {
      if (!opts.accountId && !opts.endpoint) throw messageError('Unsupported', 'error.s3.r2Account', undefined);
      return { endpoint: opts.endpoint ?? `https://${opts.accountId}.r2.cloudflarestorage.com`, region: 'auto', forcePathStyle: true };
    }
    case 'minio':
    case 'ceph': {
      if (!opts.endpoint) throw messageError('Unsupported', 'error.s3.endpointRequired', { provider });
      return { endpoint: opts.endpoint, region: opts.region ?? 'us-east-1', forcePathStyle: true };
    }
  }
}

/** Percent-encodes one path segment the way SigV4 canonicalises it (RFC 3986 unreserved kept). */
function encodeSegment(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Encodes a whole key, keeping its '/' separators. */
export function encodeKey(key: string): string {
  return key.split('/').map(encodeSegment).join('/');
}

/** True when the host is an IP address or localhost, where virtual-hosted style cannot work. */
export function isIpOrLocalhost(host: string): boolean {
  return host === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
}

/**
 * The URL of a bucket-relative resource. `key` undefined addresses the bucket itself (listing,
 * bucket subresources). Must hold: the bucket is never part of the path in virtual-hosted style,
 * and the key keeps every character (encoded) so the signature covers exactly the object addressed.
 */
export function s3Url(
  endpoint: string,
  bucket: string,
  key: string | undefined,
  pathStyle: boolean,
  query?: Record<string, string | undefined>,
): URL {
  const base = new URL(endpoint);
  const basePath = base.pathname.replace(/\/+$/, '');
  const encodedKey = key === undefined ? '' : encodeKey(key);
  if (pathStyle) {
    base.pathname = `${basePath}/${encodeSegment(bucket)}${key === undefined ? '' : `/${encodedKey}`}`;
  } else {
    base.hostname = `${bucket}.${base.hostname}`;
    base.pathname = `${basePath}/${encodedKey}`;
  }
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) base.searchParams.set(k, v);
  return base;
}

/**
 * The exact bucket CORS rule this page needs, in the two forms providers accept: S3 JSON (as taken by
 * `aws s3api put-bucket-cors`, R2 and MinIO tooling) and S3 XML (PutBucketCors body; Ceph RGW, OSS).
 * Origins: this page's origin; for 127.0.0.1/localhost both spellings, because browsers treat them as
 * different origins (notes/s3-test-server.md).
 */

const CORS_METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'] as const;
/** Headers the engine must read: ETag for conditional commits, Content-Range/Length for range reads. */
const CORS_EXPOSE = ['ETag', 'Content-Range', 'Content-Length', 'x-amz-version-id'] as const;
const CORS_MAX_AGE = 3600;

/** The origins to allow for a page served from `origin`. */
export function corsOrigins(origin: string): string[] {
  let u: URL;
  try { u = new URL(origin); } catch { return [origin]; }
  const base = `${u.protocol}//${u.host}`;
  const alt = u.hostname === '127.0.0.1' ? 'localhost' : u.hostname === 'localhost' ? '127.0.0.1' : undefined;
  return alt ? [base, `${u.protocol}//${alt}${u.port ? `:${u.port}` : ''}`] : [base];
}

/** S3 JSON form (`{"CORSRules": [...]}`). */
export function corsRuleJson(origins: readonly string[]): string {
  return JSON.stringify({
    CORSRules: [{
      AllowedOrigins: origins,
      AllowedMethods: CORS_METHODS,
      AllowedHeaders: ['*'],
      ExposeHeaders: CORS_EXPOSE,
      MaxAgeSeconds: CORS_MAX_AGE,
    }],
  }, null, 2);
}

const xmlEscape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** S3 XML form (`<CORSConfiguration>`). */
export function corsRuleXml(origins: readonly string[]): string {
  const line = (tag: string, v: string | number) => `    <${tag}>${xmlEscape(String(v))}</${tag}>`;
  return [
    '<CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">',
    '  <CORSRule>',
    ...origins.map((o) => line('AllowedOrigin', o)),
    ...CORS_METHODS.map((m) => line('AllowedMethod', m)),
    line('AllowedHeader', '*'),
    ...CORS_EXPOSE.map((h) => line('ExposeHeader', h)),
    line('MaxAgeSeconds', CORS_MAX_AGE),
    '  </CORSRule>',
    '</CORSConfiguration>',
  ].join('\n');
}

/** A shell command applying the JSON form with the AWS CLI (works against any S3-compatible endpoint). */
export function corsCommand(bucket: string, endpoint?: string): string {
  const ep = endpoint && !/amazonaws\.com/.test(endpoint) ? ` --endpoint-url ${endpoint}` : '';
  return `aws s3api put-bucket-cors --bucket ${bucket || '<bucket>'} --cors-configuration file://cors.json${ep}`;
}

/**
 * Provider presets for the S3 form: they fill the endpoint pattern, signing region and addressing style.
 * Kept in step with core/io/s3-url.ts `s3Endpoint` (the UI may not import core at runtime).
 */

export type ProviderId = 'aws' | 'aliyun' | 'r2' | 'minio' | 'ceph' | 'custom';

export interface ProviderPreset {
  readonly id: ProviderId;
  readonly label: string;
  /** The field the endpoint depends on, besides nothing: region (AWS, OSS) or account id (R2). */
  readonly needs: 'region' | 'account' | 'endpoint';
  readonly defaultRegion: string;
  readonly pathStyle: boolean;
  /** Endpoint for a region / account id; for self-hosted stores the usual local URL. */
  endpoint(value: string): string;
  /** One line shown under the form: a catalog key (s3-form.tsx shows it in the reader's language). */
  readonly hint: 'ui.s3.hint.aws' | 'ui.s3.hint.aliyun' | 'ui.s3.hint.r2' | 'ui.s3.hint.minio' | 'ui.s3.hint.ceph' | 'ui.s3.hint.custom';
}

export const PROVIDERS: readonly ProviderPreset[] = [
  {
    id: 'aws', label: 'AWS S3', needs: 'region', defaultRegion: 'us-east-1', pathStyle: false,
    hint: 'ui.s3.hint.aws',
    endpoint: (r) => `https://s3.${r || 'us-east-1'}.amazonaws.com`,
  },
  {
    id: 'aliyun', label: 'Aliyun OSS', needs: 'region', defaultRegion: 'cn-hangzhou', pathStyle: false,
    hint: 'ui.s3.hint.aliyun',
    endpoint: (r) => `https://s3.oss-${r || 'cn-hangzhou'}.aliyuncs.com`,
  },
  {
    id: 'r2', label: 'Cloudflare R2', needs: 'account', defaultRegion: 'auto', pathStyle: true,
    hint: 'ui.s3.hint.r2',
    endpoint: (a) => `https://${a || '<account-id>'}.r2.cloudflarestorage.com`,
  },
  {
    id: 'minio', label: 'MinIO', needs: 'endpoint', defaultRegion: 'us-east-1', pathStyle: true,
    hint: 'ui.s3.hint.minio',
    endpoint: () => 'http://127.0.0.1:9000',
  },
  {
    id: 'ceph', label: 'Ceph RGW', needs: 'endpoint', defaultRegion: 'us-east-1', pathStyle: true,
    hint: 'ui.s3.hint.ceph',
    endpoint: () => 'http://127.0.0.1:7480',
  },
  {
    id: 'custom', label: 'Other', needs: 'endpoint', defaultRegion: 'us-east-1', pathStyle: true,
    hint: 'ui.s3.hint.custom',
    endpoint: () => '',
  },
];

export function providerById(id: string): ProviderPreset {
  return PROVIDERS.find((p) => p.id === id) ?? PROVIDERS[PROVIDERS.length - 1];
}

/** Best guess of the provider of an endpoint URL (for links and remembered connections). */
export function guessProvider(endpoint: string): ProviderId {
  if (/\.amazonaws\.com/.test(endpoint)) return 'aws';
  if (/aliyuncs\.com/.test(endpoint)) return 'aliyun';
  if (/r2\.cloudflarestorage\.com/.test(endpoint)) return 'r2';
  if (/:7480\b/.test(endpoint)) return 'ceph';
  if (/:9000\b/.test(endpoint)) return 'minio';
  return 'custom';
}

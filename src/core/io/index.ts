/**
 * The public surface of core/io: the Storage contract, its adapters (need only fetch and
 * crypto.subtle, so they run in Node, pages and workers alike) and decorators.
 */
export {
  type ByteRange, type ListOptions, type ListPage, type ObjectInfo, type ReadOptions, type Storage, type WriteOptions,
  listAll, normalizeEtag,
} from './storage.ts';
export { MemoryStorage } from './memory-storage.ts';
export { HttpStorage, type HttpStorageOptions, type PresignedEntry } from './http-storage.ts';
export { S3Storage, type S3StorageOptions, type PresignMethod } from './s3-storage.ts';
export { s3Endpoint, s3Url, type S3EndpointPreset, type S3Provider } from './s3-url.ts';
export { CachedStorage, isMutableKey, type CachedStorageOptions } from './cached-storage.ts';
export { CountingStorage, type StorageCall, type StorageMethod } from './counting-storage.ts';
export { FaultStorage, type FaultMode, type FaultOptions, type FaultRule } from './fault-storage.ts';
export { subStorage } from './sub-storage.ts';
export { tableRootStorage, outsideRootError, resolveRelativeKey, isUnderRoot, type OutsideRootConsent, type OutsideRootRequest, type TableRootOptions } from './table-root.ts';
export { ReadRetryStorage } from './read-retry-storage.ts';
export { DEFAULT_READ_POLICY, RELEASES_ABORT_LISTENERS, isThrottle, readBackoffMs, withReadRetries, type ReadPolicy } from './read-policy.ts';
export { compareKeys, PageBuilder, MAX_KEYS } from './list-page.ts';
export { checkKey } from './key.ts';
export { resolveRange } from './byte-range.ts';
export { isAmbiguousFailure, resolveConditionalWrite, type WriteOutcome } from './conditional-write.ts';

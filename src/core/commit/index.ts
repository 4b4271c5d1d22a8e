/**
 * Format-agnostic pieces of committing to a table in object storage: the exclusive create that is the
 * commit point, retrying lost races with backoff, and the preview/result shapes of write operations.
 */
export { createExclusive, isCommitStateUnknown, COMMIT_STATE_UNKNOWN, type ExclusiveCreateOptions } from './exclusive-create.ts';
export {
  retryOnConflict, retryPolicyFromProperties, backoffMs, sleep, DEFAULT_RETRY_POLICY,
  type RetryPolicy, type RetryOutcome,
} from './retry-policy.ts';
export { totalBytes, rowsText, ROWS_BEFORE_DELETES, type ChangePreview, type ChangeResult, type FileChange, type TableTotals } from './change-preview.ts';
export { bestEffortDelete } from './cleanup.ts';
export { unreadableNewestError, unreadableNewestRefusal, unreadableNewestWarning, type UnreadableNewest } from './unreadable-newest.ts';

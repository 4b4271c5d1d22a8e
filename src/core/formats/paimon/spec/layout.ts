/**
 * The Paimon file layout under a table root (Paimon docs "Concepts / Basic Concepts / File Layouts";
 * paimon-core `utils/FileStorePathFactory`, `SnapshotManager`, `SchemaManager`, `TagManager`,
 * `BranchManager`, `ConsumerManager`):
 *
 * ```
 * snapshot/snapshot-N, snapshot/LATEST, snapshot/EARLIEST   (hints only: list to be sure)
 * schema/schema-N
 * manifest/manifest-list-…, manifest/manifest-…, manifest/index-manifest-…
 * index/index-…                                            (deletion vectors, hash indexes)
 * tag/tag-NAME, consumer/consumer-ID, changelog/changelog-N
 * branch/branch-NAME/{snapshot,schema,tag,…}                (a branch shares manifests and data)
 * k1=v1/k2=v2/bucket-N/data-….parquet                       (data files)
 * ```
 * Every function returns a storage key relative to the table root.
 */
import { messageError } from '../../../message-error.ts';

export const SNAPSHOT_DIR = 'snapshot/';
export const SCHEMA_DIR = 'schema/';
const MANIFEST_DIR = 'manifest/';
const INDEX_DIR = 'index/';
export const TAG_DIR = 'tag/';
export const CONSUMER_DIR = 'consumer/';
export const BRANCH_DIR = 'branch/';

export const SNAPSHOT_PREFIX = 'snapshot-';
export const SCHEMA_PREFIX = 'schema-';
export const TAG_PREFIX = 'tag-';
export const CONSUMER_PREFIX = 'consumer-';
export const BRANCH_PREFIX = 'branch-';

/** Folder of a branch's own metadata ('' for the main branch). */
export function branchRoot(branch?: string): string {
  return branch === undefined || branch === 'main' ? '' : `${BRANCH_DIR}${BRANCH_PREFIX}${branch}/`;
}

export const snapshotKey = (id: bigint, branch?: string): string => `${branchRoot(branch)}${SNAPSHOT_DIR}${SNAPSHOT_PREFIX}${id}`;
export const snapshotHintKey = (hint: 'LATEST' | 'EARLIEST', branch?: string): string => `${branchRoot(branch)}${SNAPSHOT_DIR}${hint}`;
export const schemaKey = (id: number, branch?: string): string => `${branchRoot(branch)}${SCHEMA_DIR}${SCHEMA_PREFIX}${id}`;
export const tagKey = (name: string, branch?: string): string => `${branchRoot(branch)}${TAG_DIR}${TAG_PREFIX}${name}`;
export const consumerKey = (id: string, branch?: string): string => `${branchRoot(branch)}${CONSUMER_DIR}${CONSUMER_PREFIX}${id}`;
export const manifestKey = (name: string): string => `${MANIFEST_DIR}${name}`;
export const indexFileKey = (name: string): string => `${INDEX_DIR}${name}`;

/** The number of a versioned file name (`snapshot-12` → 12n), undefined when the name is not `<prefix><digits>`. */
export function versionedId(name: string, prefix: string): bigint | undefined {
  if (!name.startsWith(prefix)) return undefined;
  const digits = name.slice(prefix.length);
  return /^\d{1,19}$/.test(digits) ? BigInt(digits) : undefined;
}

/**
 * Checks a tag or branch name the way Paimon does (`TagManager.createTag`, `BranchManager.validateBranch`):
 * not blank, not purely numeric (it would be confused with a snapshot id), no '/'.
 */
export function checkRefName(name: string, what: 'tag' | 'branch'): void {
  if (name.trim() === '') throw messageError('DataInvalid', 'error.paimon.ref.blank', { subsystem: `paimon ${what}` });
  if (/^\d+$/.test(name)) throw messageError('DataInvalid', 'error.paimon.ref.numeric', { subsystem: `paimon ${what}`, name }, { [what]: name });
  if (name.includes('/') || name === '.' || name === '..') throw messageError('DataInvalid', 'error.paimon.ref.fileName', { subsystem: `paimon ${what}`, name }, { [what]: name });
  if (what === 'branch' && name === 'main') throw messageError('DataInvalid', 'error.paimon.ref.main', undefined, { branch: name });
}

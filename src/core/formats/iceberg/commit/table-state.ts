/**
 * Loading the state a commit builds on (spec "File System Tables"): the newest readable metadata file,
 * its raw JSON (the reducer keeps fields it does not model) and how the table names its metadata files.
 *
 * Which file is current: the highest version in `metadata/`, never `version-hint.text` alone — the hint is
 * written after the new version file, so a crash between the two leaves it stale, and a stale hint must
 * not make a writer build on an old state (that would fork the history). A newest file that is not valid
 * JSON/metadata refuses every write (core/commit/unreadable-newest.ts): it may be a crashed writer's torn
 * file or a committed version damaged since, and building on the file before it would drop that commit.
 */
import { unreadableNewestError, unreadableNewestOf } from '../../../commit/unreadable-newest.ts';
import { LakeError, isLakeError } from '../../../errors.ts';
import type { Storage } from '../../../io/storage.ts';
import { listMetadataFiles, type MetadataFileRef, readMetadataDocument, VERSION_HINT_KEY } from '../io/metadata-files.ts';
import { Relocation } from '../io/relocation.ts';
import { TableFiles } from '../io/table-files.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import type { JsonDoc } from './table-update.ts';
import { internalError, messageError } from '../../../message-error.ts';

/** `v3.metadata.json` + version-hint.text (Hadoop tables) or `00003-<uuid>.metadata.json` (catalog writers). */
export type MetadataNaming = 'hadoop' | 'uuid';

/** The state of a table as of one metadata file. */
export interface TableState {
  readonly storage: Storage;
  readonly metadata: TableMetadata;
  /** The metadata JSON as parsed (bigint-safe); the reducer's input. */
  readonly doc: JsonDoc;
  /** Storage key of the metadata file. */
  readonly key: string;
  /** Its location as metadata refers to it (`<location>/metadata/<name>`), for the metadata log. */
  readonly metadataLocation: string;
  readonly version: number;
  /** Highest version number in `metadata/`; equal to `version` for every state a commit may build on. */
  readonly highestVersion: number;
  readonly naming: MetadataNaming;
  /** True when the table has a `version-hint.text` (kept up to date on commit). */
  readonly hasVersionHint: boolean;
  readonly relocation: Relocation;
  readonly files: TableFiles;
}

/**
 * Loads the newest metadata of the table rooted at `storage`: the file with the highest version. Throws
 * NotFound when there is no metadata file, Unsupported for format versions this build cannot write, and
 * DataInvalid (`retryable: false`, naming the file) when the newest file does not parse — never an
 * older state to build on.
 */
export async function loadTableState(storage: Storage, signal?: AbortSignal): Promise<TableState> {
  const [files, hasVersionHint] = await Promise.all([listMetadataFiles(storage, signal), exists(storage, VERSION_HINT_KEY, signal)]);
  if (files.length === 0) {
    throw messageError('NotFound', 'error.iceberg.commit.noMetadata', { storage: storage.description }, { storage: storage.description });
  }
  const ref = files[files.length - 1];
  try {
    const { json, metadata } = await readMetadataDocument(storage, ref.key, signal);
    return stateOf(storage, ref, json as JsonDoc, metadata, { highestVersion: ref.version, hasVersionHint });
  } catch (e) {
    // A torn or damaged newest file (not gzip/UTF-8/JSON/metadata): refuse rather than build on an older one.
    if (isLakeError(e, 'DataInvalid')) throw unreadableNewestError('iceberg commit', unreadableNewestOf(ref.key, e), e);
    throw e;
  }
}

/**
 * Checks, right before the commit point, that no metadata file newer than `base` has appeared (a gap
 * the exclusive create of `v<N+1>` cannot see, e.g. `v<N+2>`, or a torn file of another writer).
 * Must hold: a newer readable file → Conflict (retryable: rebuild on it); a newer unreadable file →
 * DataInvalid naming it (not retryable); a storage that cannot list → no check (the create decides).
 */
export async function checkStillNewest(base: TableState, signal?: AbortSignal): Promise<void> {
  let files: MetadataFileRef[];
  try {
    files = await listMetadataFiles(base.storage, signal);
  } catch (e) {
    if (isLakeError(e, 'Unsupported')) return;
    throw e;
  }
  const newer = files.filter((f) => f.version > base.version);
  if (newer.length === 0) return;
  const newest = newer[newer.length - 1];
  try {
    await readMetadataDocument(base.storage, newest.key, signal);
  } catch (e) {
    if (isLakeError(e, 'DataInvalid')) throw unreadableNewestError('iceberg commit', unreadableNewestOf(newest.key, e), e);
    throw e;
  }
  throw messageError('Conflict', 'error.iceberg.committedSince', { newest: newest.key, base: base.key }, { file: newest.key, retryable: true });
}

/** Builds the state for an already parsed metadata file (also used right after a commit). */
export function stateOf(
  storage: Storage, ref: MetadataFileRef, doc: JsonDoc, metadata: TableMetadata,
  extra: { highestVersion: number; hasVersionHint: boolean },
): TableState {
  const relocation = new Relocation(metadata.location);
  return {
    storage, metadata, doc, key: ref.key,
    metadataLocation: `${metadata.location.replace(/\/+$/, '')}/${ref.key}`,
    version: ref.version,
    highestVersion: Math.max(extra.highestVersion, ref.version),
    naming: /^v\d+/.test(ref.name) ? 'hadoop' : 'uuid',
    hasVersionHint: extra.hasVersionHint,
    relocation,
    files: new TableFiles(storage, relocation),
  };
}

async function exists(storage: Storage, key: string, signal?: AbortSignal): Promise<boolean> {
  try {
    await storage.head(key, { signal });
    return true;
  } catch (e) {
    if (isLakeError(e, 'NotFound')) return false;
    throw e;
  }
}

/**
 * The key of the next metadata file. Hadoop naming: `v<N+1>.metadata.json`. UUID naming:
 * `<N+1, 5 digits>-<uuid>.metadata.json` where the uuid is derived from the table uuid and the version, so
 * that every Lakescope writer racing for version N+1 picks the same key and the exclusive create decides
 * (a random uuid per writer would let two writers both "win" the same version).
 */
export async function nextMetadataKey(state: TableState): Promise<{ key: string; version: number }> {
  if (state.version !== state.highestVersion) {
    // Never number a commit after a file it did not build on (that would drop the newer file's commit).
    throw internalError(`iceberg commit: base ${state.key} is not the newest metadata file (version ${state.highestVersion} exists)`, { file: state.key });
  }
  const version = state.highestVersion + 1;
  if (state.naming === 'hadoop') return { key: `metadata/v${version}.metadata.json`, version };
  const uuid = await versionUuid(state.metadata.tableUuid ?? state.metadata.location, version);
  return { key: `metadata/${String(version).padStart(5, '0')}-${uuid}.metadata.json`, version };
}

/** A UUID (version 8, RFC 9562 "custom") from SHA-256 of the table identity and version number. */
export async function versionUuid(table: string, version: number): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`lakescope-metadata:${table}:${version}`)));
  const b = digest.slice(0, 16);
  b[6] = (b[6] & 0x0f) | 0x80;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

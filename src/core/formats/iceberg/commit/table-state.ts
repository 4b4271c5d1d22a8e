/**
 * Loading the state a commit builds on (spec "File System Tables"): the newest readable metadata file,
 * its raw JSON (the reducer keeps fields it does not model) and how the table names its metadata files.
 *
 * Which file is current: the highest version in `metadata/`, never `version-hint.text` alone — the hint is
 * written after the new version file, so a crash between the two leaves it stale, and a stale hint must
 * not make a writer build on an old state (that would fork the history). A newest file that is not valid
 * JSON/metadata can only be a torn write from a crash on a store without atomic PUT: it is skipped (and
 * reported in `skipped`), and the next commit takes the version after it, since its name is taken.
 */
import { LakeError, isLakeError } from '../../../errors.ts';
import type { Storage } from '../../../io/storage.ts';
import { listMetadataFiles, type MetadataFileRef, readMetadataDocument, VERSION_HINT_KEY } from '../io/metadata-files.ts';
import { Relocation } from '../io/relocation.ts';
import { TableFiles } from '../io/table-files.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import type { JsonDoc } from './table-update.ts';

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
  /** Highest version number taken in `metadata/` (a skipped torn file counts). */
  readonly highestVersion: number;
  readonly naming: MetadataNaming;
  /** True when the table has a `version-hint.text` (kept up to date on commit). */
  readonly hasVersionHint: boolean;
  readonly relocation: Relocation;
  readonly files: TableFiles;
  /** Newer metadata files that could not be parsed, with why. */
  readonly skipped: readonly { readonly key: string; readonly reason: string }[];
}

/**
 * Loads the newest readable metadata of the table rooted at `storage`. Throws NotFound when there is no
 * metadata file, Unsupported for format versions this build cannot write, and DataInvalid when no
 * metadata file parses.
 */
export async function loadTableState(storage: Storage, signal?: AbortSignal): Promise<TableState> {
  const [files, hasVersionHint] = await Promise.all([listMetadataFiles(storage, signal), exists(storage, VERSION_HINT_KEY, signal)]);
  if (files.length === 0) {
    throw new LakeError('NotFound', `iceberg commit: no metadata/*.metadata.json under ${storage.description}`, { storage: storage.description });
  }
  const highestVersion = files[files.length - 1].version;
  const skipped: { key: string; reason: string }[] = [];
  for (let i = files.length - 1; i >= 0; i--) {
    const ref = files[i];
    try {
      // A torn newest file is DataInvalid (not gzip/UTF-8/JSON/metadata): skipped, older ones tried.
      const { json, metadata } = await readMetadataDocument(storage, ref.key, signal);
      return stateOf(storage, ref, json as JsonDoc, metadata, { highestVersion, hasVersionHint, skipped });
    } catch (e) {
      if (!isLakeError(e, 'DataInvalid')) throw e;
      skipped.push({ key: ref.key, reason: e.message });
    }
  }
  throw new LakeError('DataInvalid', `iceberg commit: no readable metadata file under ${storage.description} (${skipped.length} tried)`, { storage: storage.description });
}

/** Builds the state for an already parsed metadata file (also used right after a commit). */
export function stateOf(
  storage: Storage, ref: MetadataFileRef, doc: JsonDoc, metadata: TableMetadata,
  extra: { highestVersion: number; hasVersionHint: boolean; skipped?: { key: string; reason: string }[] },
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
    skipped: extra.skipped ?? [],
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

/**
 * Which metadata file is current, read and parsed (spec "File System Tables" and "Metastore Tables").
 *
 * - `version-hint.text` is only a hint: writers create `v<N+1>.metadata.json` first and update the hint
 *   after, so a writer that stops in between leaves it stale. The current file is the highest version
 *   among the hinted file and a listing of `metadata/` (as Java's HadoopTableOperations, which probes
 *   for `v<N+1>` after reading the hint). Where the storage cannot list (plain HTTP without a key list),
 *   we probe `v<N+1>`, `v<N+2>`… with HEAD requests instead, and without a hint `v1`, `v2`, ….
 * - On a store without atomic PUT a crashed writer can leave a torn newest file. It must not make the
 *   table unreadable: files that fail to parse (DataInvalid) or vanish (NotFound) are skipped, newest
 *   first, and named in `warnings`. The writer (commit/table-state.ts) does not skip: an unparseable
 *   newest file refuses writes (`unreadableNewest`), or the next commit would drop it.
 *
 * Speed: the listing and the hint are read in parallel, and the hinted file is read while the listing
 * is still running, so a table whose hint is right opens in two sequential round trips, as without a listing.
 */
import { unreadableNewestOf, unreadableNewestWarningRef, type UnreadableNewest } from '../../../commit/unreadable-newest.ts';
import { LakeError, isLakeError, toLakeError, type LakeErrorRef } from '../../../errors.ts';
import { errorRef, errorText } from '../../../messages/message-parts.ts';
import type { Storage } from '../../../io/storage.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import { basename } from '../../../util/paths.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import { brokenLineage, lineageError } from './metadata-lineage.ts';
import { METADATA_DIR, type MetadataFileRef, VERSION_HINT_KEY, listMetadataFiles, metadataText, metadataVersion, readTableMetadata } from './metadata-files.ts';
import { messageError } from '../../../message-error.ts';

/** The current metadata of a table and how it was found. */
export interface CurrentMetadata {
  readonly key: string;
  /** `version-hint` when the hint named the file that is current; else `latest-version`. */
  readonly via: 'version-hint' | 'latest-version';
  readonly metadata: TableMetadata;
  /** Every metadata file found (empty when the storage cannot list). */
  readonly files: readonly MetadataFileRef[];
  /** What the reader had to work around: a stale hint, skipped unreadable files. */
  readonly warnings: readonly string[];
  /** The same warnings as catalog messages, in order (for the reader's language). */
  readonly warningMessages: readonly LakeErrorRef[];
  /** The newest metadata file, when it could not be parsed and an older one is read instead: writes must refuse. */
  readonly unreadableNewest?: UnreadableNewest;
}

/** How far {@link loadCurrentMetadata} probes past the hint when it cannot list (bounds the requests). */
const MAX_PROBES = 100;

type Settled<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: LakeError };

/**
 * Finds, reads and parses the current metadata file. Must hold: the highest version wins over a stale
 * hint; unparseable newer files are skipped with a warning naming them; NotFound when the folder has no
 * metadata file; DataInvalid naming the newest file when no candidate parses; other errors (Auth, Io,
 * Unsupported format versions, Aborted) are thrown as they are.
 */
export async function loadCurrentMetadata(
  storage: Storage, signal?: AbortSignal, known?: { readonly key: string; readonly metadata: TableMetadata }, onText?: (text: string) => void | Promise<void>,
): Promise<CurrentMetadata> {
  const listing = settle(listMetadataFiles(storage, signal));
  const hint = await readVersionHint(storage, signal);
  const attempts = new Map<string, Promise<Settled<TableMetadata>>>();
  // A metadata file never changes once written: one already parsed (a refresh) is not read again.
  if (known) attempts.set(known.key, Promise.resolve({ ok: true, value: known.metadata }));
  // `onText` sees the file that will be current: once the candidates are known, the newest of them; before,
  // the hinted one (usually the same; a stale hint shows an older, still true, history until the open ends).
  let current: string | undefined;
  const attempt = (key: string) => {
    let p = attempts.get(key);
    if (!p) {
      const seen = onText && ((text: string) => (current === undefined || current === key ? onText(text) : undefined));
      attempts.set(key, (p = settle(readTableMetadata(storage, key, signal, seen))));
    }
    return p;
  };
  // Read the hinted file while the listing runs (the common case: the hint is right).
  const hintKey = hint === undefined ? undefined : hintedMetadataKey(hint);
  if (hintKey) void attempt(hintKey);

  const { candidates, files, hinted, warnings } = await chooseCandidates(storage, await listing, hint, hintKey, attempt, signal);
  current = candidates.at(-1);
  // Newest first; skip what cannot be read (a torn write, a file removed since the listing).
  const skipped: LakeError[] = [];
  const listedNames = new Set(files.map((f) => f.name));
  for (let i = candidates.length - 1; i >= 0; i--) {
    const key = candidates[i]!;
    const r = await lineageChecked(key, await attempt(key), listedNames, attempt);
    if (r.ok) {
      const torn = skipped.filter((e) => e.code === 'DataInvalid').map((e) => unreadableNewestOf(String(e.context.file), e));
      for (const e of skipped) {
        warnings.push(e.code === 'DataInvalid' ? unreadableNewestWarningRef(unreadableNewestOf(String(e.context.file), e), key)
          : errorRef('error.iceberg.skippedMetadata', { file: String(e.context.file ?? ''), reason: e.ref ?? e.message }));
      }
      return {
        key, via: key === hinted ? 'version-hint' : 'latest-version', metadata: r.value, files, warnings: warnings.map((w) => errorText(w)), warningMessages: warnings,
        ...(torn.length ? { unreadableNewest: torn[0] } : {}),
      };
    }
    if (!isLakeError(r.error, 'DataInvalid') && !isLakeError(r.error, 'NotFound')) throw r.error;
    skipped.push(r.error.context.file === undefined ? new LakeError(r.error.code, r.error.message, { ...r.error.context, file: key }, { cause: r.error, ref: r.error.ref }) : r.error);
  }
  const newest = candidates[candidates.length - 1]!;
  throw messageError('DataInvalid', 'error.iceberg.noReadableMetadata', { storage: storage.description, newest, reason: skipped[0]!.ref ?? skipped[0]!.message },
    { file: newest, tried: candidates.length }, skipped[0]);
}

interface Candidates {
  /** Keys to try, oldest first (the last one is current unless it cannot be read). */
  readonly candidates: string[];
  readonly files: MetadataFileRef[];
  /** The key the hint resolved to, if any. */
  readonly hinted?: string;
  readonly warnings: LakeErrorRef[];
}

async function chooseCandidates(
  storage: Storage, listed: Settled<MetadataFileRef[]>, hint: string | undefined, hintKey: string | undefined,
  attempt: (key: string) => Promise<Settled<TableMetadata>>, signal?: AbortSignal,
): Promise<Candidates> {
  const warnings: LakeErrorRef[] = [];
  if (!listed.ok) {
    if (!isLakeError(listed.error, 'Unsupported')) throw listed.error;
    if (!hintKey) {
      // A Hadoop-style table whose hint is missing: its metadata files are numbered v1, v2, … (spec "File System Tables").
      const numbered = await probeNewer(storage, '0', signal);
      if (numbered.length > 0) return { candidates: numbered, files: [], warnings };
      throw messageError('NotFound', 'error.iceberg.cannotListNoHint', { storage: storage.description, hint: VERSION_HINT_KEY, first: `${METADATA_DIR}v1.metadata.json` },
        { storage: storage.description });
    }
    return { candidates: [hintKey, ...(await probeNewer(storage, hint!, signal))], files: [], hinted: hintKey, warnings };
  }
  const files = listed.value;
  if (files.length === 0 && !hintKey) throw noMetadata(storage);
  let candidates = files.map((f) => f.key);
  const inListing = hint === undefined ? undefined : files.find((f) => f.name === hint || (f.version === Number(hint) && f.name.startsWith('v')));
  let hinted = inListing?.key;
  if (inListing) candidates = withHinted(candidates, inListing.key);
  else if (hintKey && (await attempt(hintKey)).ok) {
    // A listing that lags the hint (e.g. a key list given to an http storage): the hinted file exists.
    if (isNewer(hintKey, files)) { candidates.push(hintKey); hinted = hintKey; }
  } else if (hintKey && files.length > 0) {
    warnings.push(errorRef('error.iceberg.hintUnreadable', { hint: hint! }));
  }
  if (candidates.length === 0) throw noMetadata(storage);
  const newest = candidates[candidates.length - 1]!;
  if (inListing && newest !== inListing.key) {
    warnings.push(errorRef('error.iceberg.hintStale', { hint: inListing.name, newest: basename(newest) }));
  }
  return { candidates, files, hinted, warnings };
}

function noMetadata(storage: Storage): LakeError {
  return messageError('NotFound', 'error.iceberg.noMetadata', { storage: storage.description }, { storage: storage.description });
}

/** The keys in order with the hinted file moved behind every other file of its version (the hint breaks ties). */
function withHinted(keys: string[], hinted: string): string[] {
  const version = metadataVersion(basename(hinted)) ?? -1;
  const out = keys.filter((k) => k !== hinted);
  let at = out.length;
  while (at > 0 && (metadataVersion(basename(out[at - 1]!)) ?? -1) > version) at--;
  out.splice(at, 0, hinted);
  return out;
}

function isNewer(key: string, files: readonly MetadataFileRef[]): boolean {
  const v = metadataVersion(basename(key));
  return v !== undefined && (files.length === 0 || v > files[files.length - 1]!.version);
}

/** Without a listing: `v<N+1>.metadata.json`, `v<N+2>`… as long as they exist (HEAD), oldest first. */
async function probeNewer(storage: Storage, hint: string, signal?: AbortSignal): Promise<string[]> {
  const n = /^\d+$/.test(hint) ? Number(hint) : /^v\d+\./.test(hint) ? metadataVersion(hint) : undefined;
  if (n === undefined) return [];
  const out: string[] = [];
  for (let v = n + 1; v <= n + MAX_PROBES; v++) {
    const key = `${METADATA_DIR}v${v}.metadata.json`;
    try {
      await storage.head(key, { signal });
    } catch (e) {
      if (isLakeError(e, 'NotFound')) break;
      throw e;
    }
    out.push(key);
  }
  return out;
}

/** What version-hint.text holds: a version number, or a file name (its base name); undefined when empty. */
export function parseVersionHint(bytes: Uint8Array): string | undefined {
  const text = utf8Decode(bytes).trim();
  if (text === '') return undefined;
  return /^\d+$/.test(text) ? text : basename(text);
}

/** The metadata file a hint names, relative to the table root: `v<N>.metadata.json` for a number (spec "File System Tables"). */
export function hintedMetadataKey(hint: string): string {
  return `${METADATA_DIR}${/^\d+$/.test(hint) ? `v${hint}.metadata.json` : hint}`;
}

/** Who wants the text of the metadata file a prefetch reads (an outline drawn from it): asked before each step. */
export interface PrefetchedText {
  wanted(): boolean;
  take(text: string): void;
}

/**
 * Starts reading the version hint and the metadata file it names — what {@link loadCurrentMetadata} reads
 * first, beside its listing — and offers both (TableFormat.prefetchOpen); `onText` gets that file's text once
 * it arrives, while it is wanted (the file `loadCurrentMetadata` shows an outline of before its listing
 * answers). Never throws; resolves once the metadata file's read is offered (or the hint named none), not
 * when its text is taken; a file that cannot be read or decoded gives no text (the open reports it).
 */
export function prefetchCurrentMetadata(storage: Storage, offer: (key: string, bytes: Promise<Uint8Array>) => void, signal: AbortSignal, onText?: PrefetchedText): Promise<void> {
  const hint = storage.read(VERSION_HINT_KEY, { signal });
  offer(VERSION_HINT_KEY, hint);
  return hint.then((bytes) => {
    const named = parseVersionHint(bytes);
    if (named === undefined) return;
    const key = hintedMetadataKey(named);
    const read = storage.read(key, { signal });
    offer(key, read);
    if (onText) void read.then((raw) => handOver(raw, key, signal, onText), () => undefined);
  }, () => undefined);
}

/** Hands the prefetched file's text to `onText` if it is still wanted and the read was not aborted; never rejects. */
async function handOver(raw: Uint8Array, key: string, signal: AbortSignal, onText: PrefetchedText): Promise<void> {
  try {
    if (signal.aborted || !onText.wanted()) return;
    const text = await metadataText(raw, key);
    if (!signal.aborted && onText.wanted()) onText.take(text);
  } catch {
    // Not gzip or not UTF-8: the open reads the same bytes and reports it, naming the file.
  }
}

/** The content of version-hint.text (a number, or a file name), or undefined when absent or empty. */
async function readVersionHint(storage: Storage, signal?: AbortSignal): Promise<string | undefined> {
  try {
    return parseVersionHint(await storage.read(VERSION_HINT_KEY, { signal }));
  } catch (e) {
    if (isLakeError(e, 'NotFound')) return undefined;
    throw e;
  }
}

/**
 * A parsed file that does not continue its readable predecessor counts as unreadable
 * (metadata-lineage.ts). Costs a read only in that rare case, to tell a torn predecessor from a swap.
 */
async function lineageChecked(key: string, r: Settled<TableMetadata>, listedNames: ReadonlySet<string>, attempt: (key: string) => Promise<Settled<TableMetadata>>): Promise<Settled<TableMetadata>> {
  if (!r.ok) return r;
  const broken = brokenLineage(key, r.value, listedNames);
  if (!broken || !(await attempt(key.slice(0, key.length - basename(key).length) + broken.previous)).ok) return r;
  return { ok: false, error: lineageError(key, broken) };
}

/** A promise's outcome as a value (so a rejection nobody may await is not "unhandled"). */
async function settle<T>(p: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await p };
  } catch (e) {
    return { ok: false, error: toLakeError(e, 'iceberg metadata', {}, 'Internal') };
  }
}

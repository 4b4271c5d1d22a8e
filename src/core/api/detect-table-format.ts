/**
 * Which table format lives in a folder, decided cheaply: one delimiter listing of the folder (often
 * already at hand) plus one confirming request for the marker found. Markers (each format's spec):
 * - Iceberg: `metadata/` holding `*.metadata.json` (also `.metadata.json.gz`, `.gz.metadata.json`) or
 *   `version-hint.text` (Iceberg spec, "File System Tables" / Hadoop catalog layout);
 * - Delta: `_delta_log/` holding `NNNNNNNNNNNNNNNNNNNN.json|.checkpoint…parquet` or `_last_checkpoint`
 *   (Delta PROTOCOL.md, "Delta Log Entries");
 * - Paimon: `snapshot/` (with `snapshot-N`) beside `schema/` (Paimon "file layouts");
 * - Hudi: `.hoodie/hoodie.properties` (Hudi "table & query types", timeline layout).
 * A folder whose marker folder exists but holds no marker file is NOT a table (no wrong answers).
 */
import { isLakeError, toLakeError } from '../errors.ts';
import type { DetectedTableDto, TableFormatName } from './dto.ts';
import { type ApiContext, type Children, baseName, folderPrefix, newContext, prefixExists, readChildren } from './listing.ts';
import type { Storage } from '../io/storage.ts';

/** Primary-format order when markers of several formats share a folder: the source of truth first
 * (Delta UniForm and Paimon's Iceberg compatibility both add an Iceberg `metadata/` to their own table). */
const PRIORITY: readonly TableFormatName[] = ['delta', 'hudi', 'paimon', 'iceberg'];

/** Marker folders whose presence makes a format a candidate. */
const MARKER_FOLDERS: Record<TableFormatName, readonly string[]> = {
  delta: ['_delta_log'],
  hudi: ['.hoodie'],
  paimon: ['snapshot', 'schema'],
  iceberg: ['metadata'],
};

// Commits, checkpoints, CRCs and log compactions all start with the 20-digit zero-padded version.
const DELTA_LOG_FILE = /^(\d{20}\..+|_last_checkpoint)$/;
const PAIMON_SNAPSHOT_FILE = /^snapshot-\d+$/;
const ICEBERG_METADATA_FILE = /\.metadata\.json(\.gz)?$/;

/** Formats whose marker folders are all among `folders`, in priority order. Pure; no I/O. */
export function candidateFormats(folders: Iterable<string>): TableFormatName[] {
  const have = new Set(folders);
  return PRIORITY.filter((f) => MARKER_FOLDERS[f].every((m) => have.has(m)));
}

/**
 * Detects the table rooted at `prefix`, or null when the folder is not a table root.
 * Must hold: never more than one listing of the folder (none when `children` is given) plus one request
 * per candidate format, except when the folder listing was truncated (then one probe per marker).
 */
export async function detectTableFormat(
  storage: Storage,
  prefix: string,
  options: { signal?: AbortSignal; children?: Children } = {},
): Promise<DetectedTableDto | null> {
  const ctx = newContext(storage, options.signal);
  return detectWith(ctx, folderPrefix(prefix), options.children);
}

/** {@link detectTableFormat} on a shared context (request counting). */
export async function detectWith(ctx: ApiContext, prefix: string, known?: Children): Promise<DetectedTableDto | null> {
  const children = known ?? await readChildren(ctx, prefix, 1);
  const folders = new Set(children.folders);
  if (children.truncated) {
    // The marker may sit on a page we did not read: probe each missing marker directly.
    for (const f of PRIORITY) {
      for (const m of MARKER_FOLDERS[f]) {
        if (!folders.has(m) && await prefixExists(ctx, `${prefix}${m}/`)) folders.add(m);
      }
    }
  }
  const confirmed: { format: TableFormatName; evidence: string }[] = [];
  for (const format of candidateFormats(folders)) {
    const evidence = await confirm(ctx, prefix, format);
    if (evidence) confirmed.push({ format, evidence });
  }
  if (confirmed.length === 0) return null;
  return {
    format: confirmed[0].format,
    alsoReadableAs: confirmed.slice(1).map((c) => c.format),
    root: prefix,
    name: prefix === '' ? ctx.storage.description : baseName(prefix),
    evidence: confirmed[0].evidence,
  };
}

/** The key proving `format` at `prefix`, or null. */
async function confirm(ctx: ApiContext, prefix: string, format: TableFormatName): Promise<string | null> {
  switch (format) {
    // Hadoop file systems leave hidden `.N.json.crc` files that sort before the commits, so ask for keys
    // starting with the zero-padded version digits / `snapshot-` directly instead of paging past them.
    case 'delta': return firstMatch(ctx, `${prefix}_delta_log/0`, DELTA_LOG_FILE);
    case 'paimon': return firstMatch(ctx, `${prefix}snapshot/snapshot-`, PAIMON_SNAPSHOT_FILE);
    case 'hudi': return headOrNull(ctx, `${prefix}.hoodie/hoodie.properties`);
    case 'iceberg': {
      const dir = `${prefix}metadata/`;
      const first = await readChildren(ctx, dir, 1);
      if (!first.truncated) return icebergEvidence(first.files.map((o) => o.key));
      // A metadata/ folder can hold many thousands of manifests and manifest lists that sort before the
      // metadata files: list only the names a metadata file can have instead of paging through all of
      // them — `vN.metadata.json` (Hadoop tables, with `version-hint.text`), else `NNNNN-<uuid>…`.
      const hadoop = (await readChildren(ctx, `${dir}v`, 10)).files.map((o) => o.key);
      const found = icebergEvidence(hadoop) ?? icebergEvidence((await readChildren(ctx, `${dir}version-hint.text`, 1)).files.map((o) => o.key));
      if (found) return found;
      const catalog: string[] = [];
      for (const digit of '0123456789') catalog.push(...(await readChildren(ctx, `${dir}${digit}`, 10)).files.map((o) => o.key));
      return icebergEvidence(catalog);
    }
  }
}

/** The newest metadata file among `keys`, else `version-hint.text`, else null. */
function icebergEvidence(keys: readonly string[]): string | null {
  return newestMetadataFile(keys.filter((k) => ICEBERG_METADATA_FILE.test(baseName(k))))
    ?? keys.find((k) => baseName(k) === 'version-hint.text') ?? null;
}

/** The first of (at most 10) keys starting with `keyPrefix` whose name matches `pattern`, or null. One request. */
/**
 * The metadata file with the highest version number — `vN.metadata.json` (Hadoop tables) or
 * `NNNNN-uuid.metadata.json` (catalog tables) — so the evidence shown is the newest file, not v1.
 * Only a hint for display: the reader decides the current metadata (version-hint / catalog).
 */
export function newestMetadataFile(keys: readonly string[]): string | undefined {
  let best: { key: string; version: number } | undefined;
  for (const key of keys) {
    const m = /^v(\d+)\.|^(\d+)-/.exec(baseName(key));
    const version = m ? Number(m[1] ?? m[2]) : -1;
    if (!best || version > best.version || (version === best.version && key > best.key)) best = { key, version };
  }
  return best?.key;
}

async function firstMatch(ctx: ApiContext, keyPrefix: string, pattern: RegExp): Promise<string | null> {
  const children = await readChildren(ctx, keyPrefix, 1, 10);
  return children.files.find((o) => pattern.test(baseName(o.key)))?.key ?? null;
}

async function headOrNull(ctx: ApiContext, key: string): Promise<string | null> {
  ctx.requests++;
  try {
    await ctx.storage.head(key, { signal: ctx.signal });
    return key;
  } catch (e) {
    if (isLakeError(e, 'NotFound')) return null;
    throw toLakeError(e, 'warehouse: detecting table format failed', { key, storage: ctx.storage.description }, 'Io');
  }
}

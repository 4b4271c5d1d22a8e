/**
 * Finding and reading table metadata files (spec "File System Tables", "Metastore Tables", Appendix F
 * "Naming for GZIP compressed Metadata JSON files"): `vN.metadata.json` with `version-hint.text`
 * (Hadoop tables), `NNNNN-<uuid>.metadata.json` (metastore writers: pyiceberg, Trino, Athena), each
 * possibly gzip-compressed (`.gz.metadata.json`, `.metadata.json.gz`). Which one is current: current-metadata.ts.
 */
import { LakeError, throwIfAborted, toLakeError } from '../../../errors.ts';
import { messageError } from '../../../message-error.ts';
import { listPages, type Storage } from '../../../io/storage.ts';
import { nextTask } from '../../../util/async.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import { gunzipBounded } from '../../../util/decode-limits.ts';
import { parseJson } from '../../../util/json.ts';
import { basename } from '../../../util/paths.ts';
import { parseTableMetadata, type TableMetadata } from '../spec/table-metadata.ts';

export const METADATA_DIR = 'metadata/';
export const VERSION_HINT_KEY = 'metadata/version-hint.text';

/** One metadata file found in `metadata/`. */
export interface MetadataFileRef {
  readonly key: string;
  readonly name: string;
  /** N of `vN.metadata.json` or `NNNNN-uuid.metadata.json`. */
  readonly version: number;
  readonly size?: number;
  readonly lastModified?: number;
}

const NAME_RE = /^(?:v(\d+)|(\d+)-[0-9a-fA-F-]+)(?:\.gz)?\.metadata\.json(?:\.gz)?$/;

/** The version number encoded in a metadata file name, or undefined when it is not a metadata file name. */
export function metadataVersion(name: string): number | undefined {
  const m = NAME_RE.exec(name);
  return m ? Number(m[1] ?? m[2]) : undefined;
}

/** Objects in a listing page after which the listing lets other tasks run. */
const LONG_PAGE = 256;

/** Every metadata file of the table, oldest first (by version, then modification time, then name). */
export async function listMetadataFiles(storage: Storage, signal?: AbortSignal): Promise<MetadataFileRef[]> {
  const out: MetadataFileRef[] = [];
  // By page, not by object: metadata/ also holds every manifest list and manifest (10,000s of keys in a long history).
  for await (const objects of listPages(storage, { prefix: METADATA_DIR, delimiter: '/', signal })) {
    for (const o of objects) {
      // Most keys here are Avro files: a plain test first spares them the name pattern.
      if (!o.key.includes('.metadata.json')) continue;
      const name = basename(o.key);
      const version = metadataVersion(name);
      if (version !== undefined) out.push({ key: o.key, name, version, size: o.size >= 0 ? o.size : undefined, lastModified: o.lastModified });
    }
    // A long listing from memory (a static folder's key list) runs without a pause: between its pages, the
    // thread's other tasks go first — the hinted metadata file's body, read meanwhile (current-metadata.ts),
    // is not handled while a task runs (issue 17: 10,000 keys took ~45 ms of a deep link's worker).
    if (objects.length >= LONG_PAGE) await nextTask();
  }
  return out.sort((a, b) => a.version - b.version || (a.lastModified ?? 0) - (b.lastModified ?? 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** True when `bytes` start with the gzip magic (Appendix F: metadata may be gzip-compressed whatever its name). */
function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Gunzips a metadata file (DecompressionStream: browsers, workers and Node ≥ 18 all have it), bounded by
 * the decode limits (util/decode-limits.ts). Corrupt gzip or a bomb → DataInvalid naming the file.
 */
function gunzip(bytes: Uint8Array, key: string): Promise<Uint8Array> {
  return gunzipBounded(bytes, `iceberg metadata: ${key}`, { file: key });
}

/** A metadata file as parsed JSON (bigint-safe; what a writer's reducer needs) and as the model. */
export interface MetadataDocument {
  readonly json: Readonly<Record<string, unknown>>;
  readonly metadata: TableMetadata;
}

/**
 * Reads and parses one metadata file, gunzipping it when it starts with the gzip magic; `onText` sees the
 * decoded text before the exact parse (an outline drawn from it: inspect/outline.ts), and a promise it returns
 * holds the exact parse until it settles. Must hold: bytes
 * that are not gzip/UTF-8/JSON, JSON that is not an object, and invalid metadata are DataInvalid naming
 * the file (`context.file` = key); a missing key is the storage's NotFound.
 */
export async function readMetadataDocument(storage: Storage, key: string, signal?: AbortSignal, onText?: (text: string) => void | Promise<void>): Promise<MetadataDocument> {
  const raw = await storage.read(key, { signal });
  throwIfAborted(signal, 'iceberg metadata');
  const text = await metadataText(raw, key);
  // Outside the try: a failing outline sink is its own error, not this file's "not JSON".
  const held = onText?.(text);
  if (held) {
    await held;
    throwIfAborted(signal, 'iceberg metadata');
  }
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (e) {
    throw notJson(key, e);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw messageError('DataInvalid', 'error.iceberg.notObject', { file: key }, { file: key });
  }
  return { json: json as Record<string, unknown>, metadata: parseTableMetadata(json, key) };
}

/**
 * Texts decoded by {@link metadataText}, by the bytes they came from: a deep link's prefetch draws its outline
 * from the metadata file's text, and the open then parses the same bytes (taken from the prefetch, the same
 * array) — one decode of a 4 MB file, not two (20–35 ms of the engine worker on a loaded 2-core machine).
 * Weak: a text lives no longer than its bytes.
 */
const decodedTexts = new WeakMap<Uint8Array, string>();

/**
 * A metadata file's text: its bytes gunzipped when they start with the gzip magic, then UTF-8 decoded.
 * Must hold: bytes that are not gzip or not UTF-8 are DataInvalid naming the file (`context.file` = key);
 * `raw` is not changed after the call (its text is kept for a second call with the same array).
 */
export async function metadataText(raw: Uint8Array, key: string): Promise<string> {
  const known = decodedTexts.get(raw);
  if (known !== undefined) return known;
  const bytes = isGzip(raw) ? await gunzip(raw, key) : raw;
  let text: string;
  try {
    text = utf8Decode(bytes, true);
  } catch (e) {
    throw notJson(key, e);
  }
  decodedTexts.set(raw, text);
  return text;
}

/** DataInvalid naming the metadata file whose bytes are not UTF-8 JSON, with the decoder's or parser's reason. */
function notJson(key: string, e: unknown): LakeError {
  const cause = toLakeError(e, 'json', {}, 'DataInvalid');
  return messageError('DataInvalid', 'error.iceberg.notJson', { file: key, reason: cause.ref ?? cause.message }, { file: key }, cause);
}

/** Reads and parses one metadata file (see {@link readMetadataDocument}). Errors name the file. */
export async function readTableMetadata(storage: Storage, key: string, signal?: AbortSignal, onText?: (text: string) => void | Promise<void>): Promise<TableMetadata> {
  return (await readMetadataDocument(storage, key, signal, onText)).metadata;
}

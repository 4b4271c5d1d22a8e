/**
 * Finding and reading table metadata files (spec "File System Tables", "Metastore Tables", Appendix F
 * "Naming for GZIP compressed Metadata JSON files"): `vN.metadata.json` with `version-hint.text`
 * (Hadoop tables), `NNNNN-<uuid>.metadata.json` (metastore writers: pyiceberg, Trino, Athena), each
 * possibly gzip-compressed (`.gz.metadata.json`, `.metadata.json.gz`). Without a usable hint the file
 * with the highest version number is current; every other one is a past state of the table.
 */
import { LakeError, throwIfAborted, toLakeError } from '../../../errors.ts';
import { listAll, type Storage } from '../../../io/storage.ts';
import { utf8Decode } from '../../../util/bytes.ts';
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

/** Every metadata file of the table, oldest first (by version, then modification time, then name). */
export async function listMetadataFiles(storage: Storage, signal?: AbortSignal): Promise<MetadataFileRef[]> {
  const out: MetadataFileRef[] = [];
  for await (const o of listAll(storage, { prefix: METADATA_DIR, delimiter: '/', signal })) {
    const name = basename(o.key);
    const version = metadataVersion(name);
    if (version !== undefined) out.push({ key: o.key, name, version, size: o.size >= 0 ? o.size : undefined, lastModified: o.lastModified });
  }
  return out.sort((a, b) => a.version - b.version || (a.lastModified ?? 0) - (b.lastModified ?? 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** How the current metadata file was chosen (shown to the user). */
export interface CurrentMetadata {
  readonly key: string;
  readonly via: 'version-hint' | 'latest-version' | 'given';
  /** Every metadata file found (empty when the listing was not needed). */
  readonly files: readonly MetadataFileRef[];
}

/**
 * Finds the current metadata file: `version-hint.text` when it names an existing file, else the highest
 * version in `metadata/`. Throws NotFound when the folder holds no metadata file.
 */
export async function findCurrentMetadata(storage: Storage, signal?: AbortSignal): Promise<CurrentMetadata> {
  const files = await listMetadataFiles(storage, signal);
  const hinted = await readVersionHint(storage, signal);
  if (hinted !== undefined) {
    const f = files.find((x) => x.name === hinted || (x.version === Number(hinted) && x.name.startsWith('v')));
    if (f) return { key: f.key, via: 'version-hint', files };
  }
  if (files.length === 0) {
    throw new LakeError('NotFound', `iceberg: no metadata/*.metadata.json under ${storage.description}`, { storage: storage.description });
  }
  return { key: files[files.length - 1].key, via: 'latest-version', files };
}

/** The content of version-hint.text (a number, or a file name), or undefined when absent or empty. */
async function readVersionHint(storage: Storage, signal?: AbortSignal): Promise<string | undefined> {
  try {
    const text = utf8Decode(await storage.read(VERSION_HINT_KEY, { signal })).trim();
    if (text === '') return undefined;
    return /^\d+$/.test(text) ? text : basename(text);
  } catch (e) {
    if ((e as { code?: string }).code === 'NotFound') return undefined;
    throw e;
  }
}

/** Reads and parses one metadata file, gunzipping it when it starts with the gzip magic. Errors name the file. */
export async function readTableMetadata(storage: Storage, key: string, signal?: AbortSignal): Promise<TableMetadata> {
  const raw = await storage.read(key, { signal });
  throwIfAborted(signal, 'iceberg metadata');
  const bytes = raw.length >= 2 && raw[0] === 0x1f && raw[1] === 0x8b ? await gunzip(raw, key) : raw;
  let json: unknown;
  try {
    json = parseJson(utf8Decode(bytes, true));
  } catch (e) {
    const cause = toLakeError(e, 'json', {}, 'DataInvalid');
    throw new LakeError('DataInvalid', `iceberg metadata: ${key} is not valid JSON (${cause.message})`, { file: key }, { cause });
  }
  return parseTableMetadata(json, key);
}

/** gzip via the platform's DecompressionStream (browsers, workers and Node ≥ 18 all have it). */
async function gunzip(bytes: Uint8Array, key: string): Promise<Uint8Array> {
  try {
    const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new DecompressionStream('gzip'));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch (e) {
    throw toLakeError(e, `iceberg metadata: ${key} is not valid gzip`, { file: key }, 'DataInvalid');
  }
}

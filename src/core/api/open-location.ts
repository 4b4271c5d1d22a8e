/**
 * Opening "the table at this place" when the user names a place, not a table found by a warehouse scan
 * (the CLI's `<table>` argument, a pasted URL): the first readable format whose `detect` recognises the
 * root, or exactly the Iceberg metadata file named. When nothing readable is there, the error says what
 * was found instead: nothing at all, a table of a format this build cannot read yet (named), or files
 * that are no table — so a typo and a Delta table never get the same answer.
 *
 * Works on storages that cannot list (plain HTTP): formats detect by probing known keys, and an Iceberg
 * table without a version hint is opened by the URL of a metadata file (see {@link splitTableRef}).
 */
import { LakeError, isLakeError } from '../errors.ts';
import type { LakeTable, TableFormat } from '../formats/table-format.ts';
import type { Storage } from '../io/storage.ts';
import { detectTableFormat } from './detect-table-format.ts';
import type { TableFormatName } from './dto.ts';
import { TABLE_READERS } from './table-formats.ts';
import { messageError } from '../message-error.ts';

/** The names people know the formats by (for messages). */
export const FORMAT_TITLES: Readonly<Record<TableFormatName, string>> = {
  iceberg: 'Apache Iceberg', paimon: 'Apache Paimon', delta: 'Delta Lake', hudi: 'Apache Hudi',
};

/** A table reference split into the table root and, for an Iceberg metadata file, that file's key under the root. */
export interface TableRef {
  readonly root: string;
  readonly metadataPath?: string;
}

const METADATA_FILE = /^(.*?\/?)(metadata\/[^/]+\.metadata\.json(?:\.gz)?)$/;

/**
 * Splits a path or URL naming an Iceberg metadata file (`…/t/metadata/v3.metadata.json`,
 * `…/t/metadata/00002-<uuid>.metadata.json`) into the table root (`…/t/`) and `metadata/<name>`;
 * any other reference is a table root as it is. Pure.
 */
export function splitTableRef(ref: string): TableRef {
  const query = ref.search(/[?#]/);
  const path = query < 0 ? ref : ref.slice(0, query);
  const m = METADATA_FILE.exec(path);
  if (!m) return { root: ref };
  return { root: m[1]! === '' ? '' : m[1]!, metadataPath: m[2]! };
}

export interface OpenTableAtOptions {
  readonly signal?: AbortSignal;
  /** Open this Iceberg metadata file (key under the root) instead of detecting the format. */
  readonly metadataPath?: string;
  /** Formats to try, in order (default: every format this build reads, Iceberg first). */
  readonly formats?: readonly TableFormat[];
  /** How to name the place in messages (default: the storage's description). */
  readonly display?: string;
}

/**
 * Opens the table rooted at `storage`. Must hold: a readable table opens; a Delta Lake or Apache Hudi
 * table is LakeError Unsupported naming its format; an empty or missing place is NotFound "nothing at";
 * files that are no table are NotFound "no table found" naming the markers looked for.
 */
export async function openTableAt(storage: Storage, options: OpenTableAtOptions = {}): Promise<LakeTable> {
  const { signal } = options;
  const display = options.display ?? storage.description;
  if (options.metadataPath) {
    return TABLE_READERS.iceberg!.open(storage, { signal, state: options.metadataPath });
  }
  const formats = options.formats ?? (Object.values(TABLE_READERS) as TableFormat[]);
  for (const format of formats) {
    if (await format.detect(storage, signal)) return format.open(storage, { signal });
  }
  throw await notReadable(storage, display, formats.map((f) => f.name), signal);
}

/** The error that says what is at a place where no readable table was detected. */
async function notReadable(storage: Storage, display: string, tried: readonly string[], signal?: AbortSignal): Promise<LakeError> {
  const formats = tried.map((f) => FORMAT_TITLES[f as TableFormatName] ?? f).join(', ');
  let listable = true;
  let found: TableFormatName | undefined;
  let evidence: string | undefined;
  try {
    const detected = await detectTableFormat(storage, '', { signal });
    found = detected?.format; evidence = detected?.evidence;
  } catch (e) {
    if (!isLakeError(e, 'Unsupported')) throw e;
    listable = false;
    ({ found, evidence } = await probeForeignMarkers(storage, signal));
  }
  if (found !== undefined && !tried.includes(found)) {
    return messageError('Unsupported', 'error.open.otherFormat', { location: display, format: FORMAT_TITLES[found], ...(evidence === undefined ? {} : { evidence }) },
      { location: display, format: found, ...(evidence ? { file: evidence } : {}) });
  }
  if (!listable) {
    return messageError('NotFound', 'error.open.notListable', { location: display, formats }, { location: display });
  }
  const page = await storage.list({ maxKeys: 1, signal });
  if (page.objects.length === 0 && page.prefixes.length === 0) {
    return messageError('NotFound', 'error.open.nothing', { location: display }, { location: display });
  }
  return messageError('NotFound', 'error.open.noMetadata', { location: display, formats }, { location: display });
}

/** Delta Lake and Hudi markers found by HEAD requests (a storage that cannot list). */
async function probeForeignMarkers(storage: Storage, signal?: AbortSignal): Promise<{ found?: TableFormatName; evidence?: string }> {
  const markers: [TableFormatName, string][] = [
    ['delta', '_delta_log/_last_checkpoint'], ['delta', '_delta_log/00000000000000000000.json'], ['hudi', '.hoodie/hoodie.properties'],
  ];
  for (const [format, key] of markers) {
    try {
      await storage.head(key, { signal });
      return { found: format, evidence: key };
    } catch (e) {
      if (!isLakeError(e, 'NotFound')) throw e;
    }
  }
  return {};
}

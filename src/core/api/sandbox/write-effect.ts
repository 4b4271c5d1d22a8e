/**
 * What a write did to a table's files (issue 20, the sandbox): the keys it wrote and deleted, found by
 * comparing the table's key list before and after, and the change of the file that names the table's state —
 * Iceberg's metadata file (the new `…metadata.json` against the one it replaced, spec "Table Metadata"),
 * Delta's new log entry (`_delta_log/NNN.json`: the actions of one commit, PROTOCOL "Delta Log Entries";
 * shown as all added: a log entry never changes an earlier one), Paimon's new snapshot file (`snapshot/
 * snapshot-N` against the previous latest). JSON is re-indented (losslessly: 64-bit ids stay exact) so the
 * line diff compares one field per line.
 */
import { listAll, type Storage } from '../../io/storage.ts';
import { utf8Decode } from '../../util/bytes.ts';
import { parseJson, stringifyJson } from '../../util/json.ts';
import { diffLines, withContext, type DiffLine } from '../../util/line-diff.ts';

/** A key and what identifies its content (etag where the adapter has one, else the size). */
export interface KeyStamp {
  readonly key: string;
  readonly size: number;
  readonly etag?: string;
}

/** Which state file the metadata change shows. */
export type StateFileKind = 'iceberg-metadata' | 'delta-log-entry' | 'paimon-snapshot';

export interface MetadataChangeDto {
  readonly kind: StateFileKind;
  /** The file the write replaced as the table's state (absent for a Delta log entry). */
  readonly beforeKey?: string;
  readonly afterKey: string;
  /** The line diff, cut to the changes with three lines around each (a run of unchanged lines is one `…` marker). */
  readonly lines: readonly (DiffLine | { readonly op: '…'; readonly hidden: number })[];
}

export interface WriteEffectDto {
  /** New keys, and keys whose content changed (e.g. Paimon's LATEST hint), sorted. */
  readonly written: readonly KeyStamp[];
  /** Keys gone after the write, sorted. */
  readonly deleted: readonly string[];
  readonly metadata?: MetadataChangeDto;
}

/** The keys under `root` with their stamps, sorted. */
export async function tableKeys(storage: Storage, root: string, signal?: AbortSignal): Promise<KeyStamp[]> {
  const out: KeyStamp[] = [];
  for await (const o of listAll(storage, { prefix: root, signal })) out.push({ key: o.key, size: o.size, ...(o.etag !== undefined ? { etag: o.etag } : {}) });
  return out;
}

const changed = (a: KeyStamp, b: KeyStamp): boolean => a.size !== b.size || (a.etag !== undefined && b.etag !== undefined && a.etag !== b.etag);

/** Compares the key lists before and after a write. */
export function compareKeys(before: readonly KeyStamp[], after: readonly KeyStamp[]): { written: KeyStamp[]; deleted: string[] } {
  const old = new Map(before.map((k) => [k.key, k]));
  const now = new Set(after.map((k) => k.key));
  const written = after.filter((k) => { const o = old.get(k.key); return !o || changed(o, k); });
  const deleted = before.filter((k) => !now.has(k.key)).map((k) => k.key);
  return { written, deleted };
}

const ICEBERG_META = /(?:^|\/)metadata\/(?:v(\d+)|(\d+)-[^/]*)\.metadata\.json$/;
const DELTA_ENTRY = /(?:^|\/)_delta_log\/(\d{20})\.json$/;
const PAIMON_SNAPSHOT = /(?:^|\/)snapshot\/snapshot-(\d+)$/;

/** The highest-numbered key matching `re` (its first non-empty group is the number). */
function newest(keys: readonly string[], re: RegExp): string | undefined {
  let best: [bigint, string] | undefined;
  for (const k of keys) {
    const m = re.exec(k);
    if (!m) continue;
    const n = BigInt(m[1] ?? m[2]);
    if (!best || n > best[0]) best = [n, k];
  }
  return best?.[1];
}

/** Which state file changed, and the one it replaced: by the formats' file names. */
export function stateFiles(before: readonly string[], written: readonly string[]): { kind: StateFileKind; beforeKey?: string; afterKey: string } | undefined {
  for (const [kind, re] of [['iceberg-metadata', ICEBERG_META], ['paimon-snapshot', PAIMON_SNAPSHOT], ['delta-log-entry', DELTA_ENTRY]] as const) {
    const afterKey = newest(written, re);
    if (!afterKey) continue;
    const beforeKey = kind === 'delta-log-entry' ? undefined : newest(before.filter((k) => k !== afterKey), re);
    return { kind, afterKey, ...(beforeKey !== undefined ? { beforeKey } : {}) };
  }
  return undefined;
}

/** JSON re-indented two spaces (one field per line); a Delta log entry is one JSON action per line, each indented. */
export function readableJson(text: string, jsonLines = false): string {
  const one = (t: string): string => { try { return stringifyJson(parseJson(t), 2); } catch { return t; } };
  return jsonLines ? text.split('\n').filter((l) => l.trim() !== '').map(one).join('\n') : one(text);
}

/** What a write did: `before` is {@link tableKeys} taken before it; the storage is read now. */
export async function writeEffect(storage: Storage, root: string, before: readonly KeyStamp[], signal?: AbortSignal): Promise<WriteEffectDto> {
  const after = await tableKeys(storage, root, signal);
  const { written, deleted } = compareKeys(before, after);
  const files = stateFiles(before.map((k) => k.key), written.map((k) => k.key));
  if (!files) return { written, deleted };
  const read = async (key: string) => utf8Decode(await storage.read(key, { signal }));
  const jsonLines = files.kind === 'delta-log-entry';
  const afterText = readableJson(await read(files.afterKey), jsonLines);
  const beforeText = files.beforeKey !== undefined ? readableJson(await read(files.beforeKey).catch(() => ''), jsonLines) : '';
  return { written, deleted, metadata: { ...files, lines: withContext(diffLines(beforeText, afterText), 3) } };
}

/**
 * Schema history of a Delta table (PROTOCOL.md "Change Metadata": a metaData action replaces the table's
 * metadata, its `schemaString` included): a new schema each time a metaData action changes the schema
 * string, identified by the version whose commit set it. A metaData action that keeps the schema (a
 * property change) starts none, and neither does one that only moves an identity column's
 * `delta.identity.highWaterMark` (PROTOCOL.md "Identity Columns": the highest value generated so far,
 * which every insert into such a column rewrites — a counter, not a change of the columns). Versions point at the schema in effect at them through
 * `VersionDto.schemaId`, as Iceberg snapshots and Paimon snapshots do.
 */
import { pool } from '../../../util/async.ts';
import { parseJson, stringifyJson } from '../../../util/json.ts';
import type { LogStore } from '../io/log-store.ts';
import type { Metadata } from '../spec/actions.ts';
import type { LogFile } from '../spec/log-files.ts';

const HIGH_WATER_MARK_KEY = 'delta.identity.highWaterMark';

/** The schema string without identity high-water marks: equal keys = the same columns. */
function schemaKey(schemaString: string): string {
  let json: unknown;
  try {
    json = parseJson(schemaString);
  } catch {
    return schemaString; // unparseable: compared as written (reading it fails elsewhere, naming the cause)
  }
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).filter(([k]) => k !== HIGH_WATER_MARK_KEY).map(([k, x]) => [k, strip(x)]));
  };
  return stringifyJson(strip(json));
}

/** The metadata in effect from `version` on (until the next change). */
export interface SchemaChange {
  readonly version: bigint;
  readonly metadata: Metadata;
}

/**
 * The schema changes among `commits` (ascending, up to the current version), oldest first. A log that
 * no longer begins at version 0 (cleaned up after a checkpoint) starts from `baseline`, the metadata as of
 * its first commit (from the checkpoint's replay); when that cannot be had, the history starts at the
 * first metaData action seen. `current` (the current version's metadata) always ends the list, so the
 * current schema is there even when the log misses the commit that set it.
 */
export async function schemaChanges(
  log: LogStore, commits: readonly Extract<LogFile, { kind: 'commit' }>[], current: { version: bigint; metadata: Metadata },
  baseline: () => Promise<Metadata | undefined>, signal?: AbortSignal,
): Promise<SchemaChange[]> {
  const metas = await pool(commits, 8, async (c, _i, sig) => (await log.commit(c, sig)).flatMap((a) => (a.type === 'metaData' ? [a.metaData] : [])), signal);
  const out: SchemaChange[] = [];
  const keys: string[] = [];
  const push = (c: SchemaChange) => { out.push(c); keys.push(schemaKey(c.metadata.schemaString)); };
  let from = 0;
  const first = commits[0];
  if (first && first.version > 0n) {
    const m = await baseline();
    if (m) { push({ version: first.version, metadata: m }); from = 1; }
  }
  for (let i = from; i < commits.length; i++) {
    const m = metas[i]!.at(-1); // the last metaData action of a commit wins
    if (m && schemaKey(m.schemaString) !== keys.at(-1)) push({ version: commits[i]!.version, metadata: m });
  }
  if (schemaKey(current.metadata.schemaString) !== keys.at(-1)) push(current);
  return out;
}

/** The id (the setting version, as a string) of the schema in effect at `version`; undefined before the first known change. */
export function schemaIdAt(changes: readonly SchemaChange[], version: bigint): string | undefined {
  let id: string | undefined;
  for (const c of changes) {
    if (c.version > version) break;
    id = c.version.toString();
  }
  return id;
}

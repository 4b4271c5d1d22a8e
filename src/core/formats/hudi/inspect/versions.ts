/**
 * Versions and schemas through the common model: a version is a completed commit, deltacommit or
 * replacecommit (a compaction completes as a commit), its id the requested instant time; the schema of
 * each version is the one its commit metadata records (`VersionDto.schemaId` names it among `schemas()`).
 */
import type { ColumnDto, SchemaDto, VersionDto } from '../../table-format.ts';
import { instantTimeToMs } from '../spec/instant.ts';
import { columnsOf, type HudiSchema } from '../spec/schema.ts';
import { HudiTotalsFold } from './version-totals.ts';
import type { HudiMetadata } from '../io/metadata.ts';

/** Every version, oldest first, with its operation and write counters. */
export async function listVersions(meta: HudiMetadata, signal?: AbortSignal): Promise<VersionDto[]> {
  const versions = meta.versions();
  const { byVersion } = await schemaTimeline(meta, signal);
  const offset = meta.config.timelineTimezone === 'UTC' ? 0 : meta.config.writerZoneOffsetMinutes;
  const out: VersionDto[] = [];
  let parent: string | undefined;
  const fold = new HudiTotalsFold();
  for (const [k, i] of versions.entries()) {
    const m = await meta.commitMetadata(i, signal);
    const sum = (f: (s: (typeof m.writeStats)[number]) => number) => String(m.writeStats.reduce((a, s) => a + f(s), 0));
    const summary: Record<string, string> = {
      action: i.action,
      ...(i.requestedAction !== i.action ? { requestedAction: i.requestedAction } : {}),
      ...(m.operationType ? { operationType: m.operationType } : {}),
      ...(i.completionTime ? { completionTime: i.completionTime } : {}),
      ...(i.archived ? { archivedIn: i.archived.file } : {}),
      files: String(m.writeStats.length),
      numWrites: sum((s) => s.numWrites), numInserts: sum((s) => s.numInserts),
      numUpdateWrites: sum((s) => s.numUpdateWrites), numDeletes: sum((s) => s.numDeletes),
      totalWriteBytes: sum((s) => s.totalWriteBytes),
      ...(m.replacedFileIds.size ? { replacedFileGroups: String([...m.replacedFileIds.values()].reduce((a, l) => a + l.length, 0)) } : {}),
    };
    out.push({
      id: i.requestedTime,
      ...(parent !== undefined ? { parentId: parent } : {}),
      timestampMs: instantTimeToMs(i.requestedTime, offset),
      operation: i.action,
      summary,
      totals: fold.apply(m),
      schemaId: byVersion.get(i.requestedTime)!,
      refs: [],
      isCurrent: k === versions.length - 1,
    });
    parent = i.requestedTime;
  }
  return out;
}

/** The schemas of the versions: the distinct ones in order (id = the first instant recording it) and each version's. */
interface SchemaTimeline {
  readonly schemas: readonly { readonly id: string; readonly schema: HudiSchema }[];
  /** Schema id by version (requested instant time). */
  readonly byVersion: ReadonlyMap<string, string>;
}

/**
 * Each version's schema (the one its commit metadata records, else the latest recorded before it, else
 * `hoodie.table.create.schema`: HudiMetadata.schemaAsOf), a new schema each time its data columns change.
 */
async function schemaTimeline(meta: HudiMetadata, signal?: AbortSignal): Promise<SchemaTimeline> {
  const schemas: { id: string; schema: HudiSchema }[] = [];
  const byVersion = new Map<string, string>();
  let last: string | undefined;
  for (const i of meta.versions()) {
    const s = await meta.schemaAsOf(i.requestedTime, signal);
    // Compared by the data columns: writers differ in what else the text holds (meta fields, names, docs).
    const key = JSON.stringify(columnsOf(s.type, true));
    if (key !== last) { schemas.push({ id: i.requestedTime, schema: s }); last = key; }
    byVersion.set(i.requestedTime, schemas.at(-1)!.id);
  }
  return { schemas, byVersion };
}

/** The distinct schemas recorded by the versions (id = the first instant recording it), oldest first. */
export async function listSchemas(meta: HudiMetadata, signal?: AbortSignal): Promise<SchemaDto[]> {
  const { schemas } = await schemaTimeline(meta, signal);
  if (schemas.length === 0) {
    const s = await meta.schemaAsOf(undefined, signal);
    const columns = columnsOf(s.type, true);
    return [{ schemaId: 'create', columns, identifierFieldIds: [], keyColumns: recordKey(columns, meta), idsArePositions: true, isCurrent: true }];
  }
  return schemas.map((o, k) => {
    const columns = columnsOf(o.schema.type, true);
    return { schemaId: o.id, columns, identifierFieldIds: [], keyColumns: recordKey(columns, meta), idsArePositions: true, isCurrent: k === schemas.length - 1 };
  });
}

/** The record key fields (hoodie.table.recordkey.fields) when every one is a column: the table's key, by name (Hudi columns have no ids). */
function recordKey(columns: readonly ColumnDto[], meta: HudiMetadata): string[] {
  const keys = meta.config.recordKeyFields;
  return keys.length > 0 && keys.every((k) => columns.some((c) => c.name === k)) ? [...keys] : [];
}

/**
 * Versions and schemas through the common model: a version is a completed commit, deltacommit or
 * replacecommit (a compaction completes as a commit), its id the requested instant time; the schema of
 * each version is the one its commit metadata records.
 */
import type { ColumnDto, SchemaDto, VersionDto } from '../../table-format.ts';
import { instantTimeToMs } from '../spec/instant.ts';
import { columnsOf } from '../spec/schema.ts';
import { HudiTotalsFold } from './version-totals.ts';
import type { HudiMetadata } from '../io/metadata.ts';

/** Every version, oldest first, with its operation and write counters. */
export async function listVersions(meta: HudiMetadata, signal?: AbortSignal): Promise<VersionDto[]> {
  const versions = meta.versions();
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
      refs: [],
      isCurrent: k === versions.length - 1,
    });
    parent = i.requestedTime;
  }
  return out;
}

/** The distinct schemas recorded by the versions (id = the first instant recording it), oldest first. */
export async function listSchemas(meta: HudiMetadata, signal?: AbortSignal): Promise<SchemaDto[]> {
  const out: { id: string; text: string; dto: Omit<SchemaDto, 'isCurrent'> }[] = [];
  for (const i of meta.versions()) {
    const s = await meta.schemaAsOf(i.requestedTime, signal);
    if (out[out.length - 1]?.text === s.text) continue;
    const columns = columnsOf(s.type, true);
    out.push({ id: i.requestedTime, text: s.text, dto: { schemaId: i.requestedTime, columns, identifierFieldIds: recordKeyIds(columns, meta), idsArePositions: true } });
  }
  if (out.length === 0) {
    const s = await meta.schemaAsOf(undefined, signal);
    const columns = columnsOf(s.type, true);
    return [{ schemaId: 'create', columns, identifierFieldIds: recordKeyIds(columns, meta), idsArePositions: true, isCurrent: true }];
  }
  return out.map((o, k) => ({ ...o.dto, isCurrent: k === out.length - 1 }));
}

/** The record key fields (hoodie.table.recordkey.fields) as column ids of `columns`: the table's key. */
function recordKeyIds(columns: readonly ColumnDto[], meta: HudiMetadata): number[] {
  const ids = meta.config.recordKeyFields.map((k) => columns.find((c) => c.name === k)?.id);
  return ids.every((id) => id !== undefined) ? (ids as number[]) : [];
}

/**
 * The Delta lesson (issue 20): six steps over the sandbox's copy of logistics/shipments (partitioned by
 * region, deletion vectors on). A version is one commit file `_delta_log/<version>.json` (PROTOCOL "Delta Log
 * Entries"); the steps append rows, delete some (deletion vectors: a `remove` and an `add` of the same file
 * carrying a `deletionVector`), OPTIMIZE, read the version before it, and RESTORE — each a real write or read.
 */
import type { PlannedFileDto } from '../../core/api/table-dto.ts';
import {
  addedLines, currentVersion, filesOf, lessonWrite, openLessonTable, writeResult, writtenMatching, type Lesson, type LessonContext, type PointedFile,
} from './lesson-kit.ts';

/** `_delta_log/00000000000000000012.json` for version 12, under the table root. */
export const deltaLogKey = (root: string, version: string): string => `${root}_delta_log/${version.padStart(20, '0')}.json`;

const ADD = /^\s*"add":/;
const REMOVE = /^\s*"remove":/;
const DV = /^\s*"deletionVector": \{/;
/** Data files (Parquet outside _delta_log/: a checkpoint is Parquet too). */
const DATA = /^(?:(?!_delta_log\/).)*\.parquet$/;
const DV_FILE = /deletion_vector_[^/]*\.bin$/;

/** Four shipments, two per region, one of each delayed (so the delete step always finds rows). */
function newShipments(first: number): Record<string, unknown>[] {
  return [['north', 'delivered'], ['north', 'delayed'], ['south', 'delivered'], ['south', 'delayed']].map(([region, status], i) => ({
    shipment_id: first + i, shipped_at: `2025-03-22T0${i + 1}:15:00Z`, region, carrier: 'Sky Parcel', weight_kg: 2.5 + i, status,
  }));
}

const withDv = (fs: readonly PlannedFileDto[]): PlannedFileDto[] => fs.filter((f) => f.deletes.length > 0);
const read = (fs: readonly PlannedFileDto[], n = 8): PointedFile[] => fs.slice(0, n).map((f) => ({ key: f.key, note: 'read' as const }));

async function rememberCurrent(ctx: LessonContext, name: string): Promise<string> {
  const v = currentVersion((await openLessonTable(ctx)).overview).id;
  ctx.memory.set(name, v);
  return v;
}

export const DELTA_LESSON: Lesson = {
  id: 'delta', table: 'logistics/shipments/', format: 'delta', name: 'ui.lessons.delta.name', blurb: 'ui.lessons.delta.blurb',
  steps: [
    {
      id: 'version', title: 'ui.lesson.version.title', text: 'ui.lessons.delta.version.text', action: 'ui.lesson.version.action', kind: 'read',
      async run(ctx) {
        const { tableId, overview: o } = await openLessonTable(ctx);
        const v = currentVersion(o);
        const fs = await filesOf(tableId, v.id);
        const checkpoint = [...o.states].reverse().find((s) => s.kind === 'checkpoint');
        return {
          summary: { key: 'ui.lessons.delta.result.version', params: { version: v.id, versions: o.versions.length, checkpoint: checkpoint?.version ?? '—', files: fs.length } },
          files: [{ key: deltaLogKey(ctx.root, v.id), note: 'state' }, ...(checkpoint ? [{ key: checkpoint.key, note: 'state' as const }] : []), ...read(fs, 6)],
          version: v.id,
        };
      },
    },
    {
      id: 'append', title: 'ui.lesson.append.title', text: 'ui.lessons.delta.append.text', action: 'ui.lessons.delta.append.action', kind: 'write',
      async run(ctx) {
        const rows = newShipments(900_001 + 4 * Number(ctx.memory.get('appends') ?? 0));
        ctx.memory.set('appends', String(Number(ctx.memory.get('appends') ?? 0) + 1));
        const effect = await lessonWrite(ctx, { kind: 'append', rows });
        return writeResult(ctx, effect, 'ui.lessons.delta.result.append', (version) => ({
          version, rows: rows.length, files: writtenMatching(effect, DATA).length, adds: addedLines(effect, ADD),
        }));
      },
    },
    {
      id: 'delete', title: 'ui.lesson.delete.title', text: 'ui.lessons.delta.delete.text', action: 'ui.lessons.delta.delete.action', kind: 'write',
      async run(ctx) {
        const effect = await lessonWrite(ctx, { kind: 'delete', where: "status = 'delayed'" });
        return writeResult(ctx, effect, 'ui.lessons.delta.result.delete', (version) => ({
          version, removes: addedLines(effect, REMOVE), adds: addedLines(effect, ADD), vectors: addedLines(effect, DV),
          dvFiles: writtenMatching(effect, DV_FILE).length, rewritten: writtenMatching(effect, DATA).length,
        }));
      },
    },
    {
      id: 'compact', title: 'ui.lesson.compact.title', text: 'ui.lessons.delta.compact.text', action: 'ui.lessons.delta.compact.action', kind: 'write',
      async run(ctx) {
        await rememberCurrent(ctx, 'beforeCompaction');
        const effect = await lessonWrite(ctx, { kind: 'compact' });
        return writeResult(ctx, effect, 'ui.lessons.delta.result.compact', (version) => ({
          version, files: writtenMatching(effect, DATA).length, removes: addedLines(effect, REMOVE), deleted: effect.deleted.length,
        }));
      },
    },
    {
      id: 'time-travel', title: 'ui.lesson.timeTravel.title', text: 'ui.lessons.delta.timeTravel.text', action: 'ui.lesson.timeTravel.action', kind: 'read',
      async run(ctx) {
        const { tableId, overview: o } = await openLessonTable(ctx);
        const now = currentVersion(o);
        const then = ctx.memory.get('beforeCompaction') ?? now.parentId ?? now.id;
        const [old, cur] = await Promise.all([filesOf(tableId, then), filesOf(tableId, now.id)]);
        return {
          summary: { key: 'ui.lessons.delta.result.timeTravel', params: { then, now: now.id, oldFiles: old.length, withVectors: withDv(old).length, nowFiles: cur.length } },
          files: [{ key: deltaLogKey(ctx.root, then), note: 'state' }, ...read(withDv(old).length > 0 ? withDv(old) : old)], version: then,
        };
      },
    },
    {
      id: 'rollback', title: 'ui.lesson.rollback.title', text: 'ui.lessons.delta.rollback.text', action: 'ui.lesson.rollback.action', kind: 'write',
      async run(ctx) {
        const target = ctx.memory.get('beforeCompaction') ?? currentVersion((await openLessonTable(ctx)).overview).parentId!;
        const effect = await lessonWrite(ctx, { kind: 'rollback', snapshotId: target });
        return writeResult(ctx, effect, 'ui.lessons.delta.result.rollback', (version) => ({
          version, target, written: effect.written.length, data: writtenMatching(effect, DATA).length, adds: addedLines(effect, ADD), removes: addedLines(effect, REMOVE),
        }));
      },
    },
  ],
};

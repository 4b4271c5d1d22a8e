/**
 * The Paimon lesson (issue 20): six steps over the sandbox's copy of inventory/stock (primary key
 * (warehouse, sku), two buckets per partition; each bucket an LSM tree). A version is a snapshot file; an
 * upsert writes level-0 files, a delete writes level-0 files of -D rows, a full compaction merges every sorted
 * run of a bucket into the top level (the LSM tab's machinery), time travel reads an older snapshot's files,
 * and a rollback writes a new latest snapshot with an older one's content — each a real write or read.
 */
import type { LsmFileView, LsmView } from '../../core/formats/paimon/inspect/lsm.ts';
import { engine } from '../../worker/client.ts';
import { currentVersion, filesOf, lessonWrite, openLessonTable, writeResult, writtenMatching, type Lesson, type LessonContext } from './lesson-kit.ts';

const DATA = /\/bucket-\d+\/[^/]+\.(parquet|orc|avro)$/;

/** Files of every bucket of a snapshot (the current one when absent), with their level and table-root-relative key. */
async function lsmFiles(ctx: LessonContext, version?: string): Promise<{ view: LsmView; files: (LsmFileView & { level: number })[] }> {
  const view = await engine().paimonLsm({ warehouseId: ctx.warehouseId, root: ctx.root, ...(version !== undefined ? { version } : {}) });
  return { view, files: view.buckets.flatMap((b) => b.levels.flatMap((l) => l.files.map((f) => ({ ...f, level: l.level })))) };
}

const level0 = (fs: readonly { level: number }[]): number => fs.filter((f) => f.level === 0).length;
const day = (): string => new Date().toISOString().slice(0, 19) + 'Z';

export const PAIMON_LESSON: Lesson = {
  id: 'paimon', table: 'inventory/stock/', format: 'paimon', name: 'ui.lessons.paimon.name', blurb: 'ui.lessons.paimon.blurb',
  steps: [
    {
      id: 'version', title: 'ui.lesson.version.title', text: 'ui.lessons.paimon.version.text', action: 'ui.lesson.version.action', kind: 'read',
      async run(ctx) {
        const { overview: o } = await openLessonTable(ctx);
        const v = currentVersion(o);
        const { view, files } = await lsmFiles(ctx);
        return {
          summary: { key: 'ui.lessons.paimon.result.version', params: { version: v.id, versions: o.versions.length, files: files.length, buckets: view.buckets.length, level0: level0(files) } },
          files: [...(o.stateKey ? [{ key: o.stateKey, note: 'state' as const }] : []), { key: `${ctx.root}snapshot/LATEST`, note: 'state' as const },
            ...files.slice(0, 6).map((f) => ({ key: ctx.root + f.key, note: 'read' as const }))],
          version: v.id,
        };
      },
    },
    {
      id: 'append', title: 'ui.lesson.append.title', text: 'ui.lessons.paimon.append.text', action: 'ui.lessons.paimon.append.action', kind: 'write',
      async run(ctx) {
        const rows = ['berlin', 'lyon'].flatMap((warehouse, w) => [1, 2].map((n) => ({ warehouse, sku: `SKU-000${n}`, on_hand: 100 + 10 * w + n, reserved: n, updated_at: day() })));
        const effect = await lessonWrite(ctx, { kind: 'upsert', rows });
        const { files } = await lsmFiles(ctx);
        const written = new Set(effect.written.map((k) => k.key));
        const fresh = files.filter((f) => written.has(ctx.root + f.key));
        return writeResult(ctx, effect, 'ui.lessons.paimon.result.append', (version) => ({
          version, rows: rows.length, files: writtenMatching(effect, DATA).length, level0: level0(fresh), total0: level0(files),
        }));
      },
    },
    {
      id: 'delete', title: 'ui.lesson.delete.title', text: 'ui.lessons.paimon.delete.text', action: 'ui.lessons.paimon.delete.action', kind: 'write',
      async run(ctx) {
        const keys = ['berlin', 'lyon'].map((warehouse) => ({ warehouse, sku: 'SKU-0003' }));
        const effect = await lessonWrite(ctx, { kind: 'delete', rows: keys });
        const { files } = await lsmFiles(ctx);
        const written = new Set(effect.written.map((k) => k.key));
        const fresh = files.filter((f) => written.has(ctx.root + f.key));
        const deletes = fresh.reduce((n, f) => n + Number(f.deleteRowCount ?? 0), 0);
        return writeResult(ctx, effect, 'ui.lessons.paimon.result.delete', (version) => ({
          version, deletes, files: fresh.length, level0: level0(fresh), total0: level0(files), deleted: effect.deleted.length,
        }));
      },
    },
    {
      id: 'compact', title: 'ui.lesson.compact.title', text: 'ui.lessons.paimon.compact.text', action: 'ui.lessons.paimon.compact.action', kind: 'write',
      async run(ctx) {
        const before = await lsmFiles(ctx);
        ctx.memory.set('beforeCompaction', before.view.snapshotId);
        const effect = await lessonWrite(ctx, { kind: 'compact', strategy: 'full' });
        const after = await lsmFiles(ctx);
        return writeResult(ctx, effect, 'ui.lessons.paimon.result.compact', (version) => ({
          version, inputs: before.files.length, outputs: writtenMatching(effect, DATA).length, top: Math.max(0, ...after.files.map((f) => f.level)),
          level0: level0(after.files), filesNow: after.files.length,
        }));
      },
    },
    {
      id: 'time-travel', title: 'ui.lesson.timeTravel.title', text: 'ui.lessons.paimon.timeTravel.text', action: 'ui.lesson.timeTravel.action', kind: 'read',
      async run(ctx) {
        const { tableId, overview: o } = await openLessonTable(ctx);
        const now = currentVersion(o);
        const then = ctx.memory.get('beforeCompaction') ?? now.parentId ?? now.id;
        const [old, cur, oldLsm, curLsm] = await Promise.all([filesOf(tableId, then), filesOf(tableId, now.id), lsmFiles(ctx, then), lsmFiles(ctx, now.id)]);
        return {
          summary: { key: 'ui.lessons.paimon.result.timeTravel', params: { then, now: now.id, oldFiles: old.length, oldLevel0: level0(oldLsm.files), nowFiles: cur.length, nowLevel0: level0(curLsm.files) } },
          files: [{ key: `${ctx.root}snapshot/snapshot-${then}`, note: 'state' }, ...oldLsm.files.filter((f) => f.level === 0).slice(0, 8).map((f) => ({ key: ctx.root + f.key, note: 'read' as const }))],
          version: then,
        };
      },
    },
    {
      id: 'rollback', title: 'ui.lesson.rollback.title', text: 'ui.lessons.paimon.rollback.text', action: 'ui.lesson.rollback.action', kind: 'write',
      async run(ctx) {
        const target = ctx.memory.get('beforeCompaction') ?? currentVersion((await openLessonTable(ctx)).overview).parentId!;
        const effect = await lessonWrite(ctx, { kind: 'rollback', snapshotId: target });
        const { files } = await lsmFiles(ctx);
        return writeResult(ctx, effect, 'ui.lessons.paimon.result.rollback', (version) => ({
          version, target, written: effect.written.length, data: writtenMatching(effect, DATA).length, deleted: effect.deleted.length, level0: level0(files),
        }));
      },
    },
  ],
};

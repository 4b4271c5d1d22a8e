/**
 * The Iceberg lesson (issue 20): six steps over the sandbox's copy of events/clicks (format v3: appends,
 * deletes recorded as deletion vectors). Each step does one real thing through the engine — a read (the files
 * a version's scan reads) or a write (compaction, rollback) — and returns the files it points at.
 */
import { currentVersion as current, deleteKeys, filesOf as files, lastOf, lessonWrite as write, openLessonTable as overview, writeResult, type Lesson } from './lesson-kit.ts';
import { engine } from '../../worker/client.ts';

export const ICEBERG_LESSON: Lesson = {
  id: 'iceberg', table: 'events/clicks/', format: 'iceberg', name: 'ui.lessons.iceberg.name', blurb: 'ui.lessons.iceberg.blurb',
  steps: [
    {
      id: 'version', title: 'ui.lesson.version.title', text: 'ui.lesson.version.text', action: 'ui.lesson.version.action', kind: 'read',
      async run(ctx) {
        const { tableId, overview: o } = await overview(ctx);
        const v = current(o);
        const fs = await files(tableId, v.id);
        return {
          summary: { key: 'ui.lesson.result.version', params: { version: v.id, versions: o.versions.length, files: fs.length } },
          files: [...(o.stateKey ? [{ key: o.stateKey, note: 'state' as const }] : []), ...fs.slice(0, 6).map((f) => ({ key: f.key, note: 'read' as const }))],
          version: v.id,
        };
      },
    },
    {
      id: 'append', title: 'ui.lesson.append.title', text: 'ui.lesson.append.text', action: 'ui.lesson.append.action', kind: 'read',
      async run(ctx) {
        const { tableId, overview: o } = await overview(ctx);
        const a = lastOf(o, /^append$/)!;
        const [before, after, summary] = await Promise.all([a.parentId ? files(tableId, a.parentId) : Promise.resolve([]), files(tableId, a.id),
          engine().versionSummary({ tableId, versionId: a.id })]);
        const old = new Set(before.map((f) => f.key));
        const added = after.filter((f) => !old.has(f.key));
        return {
          summary: { key: 'ui.lesson.result.append', params: { version: a.id, added: added.length, kept: after.length - added.length, rows: summary['added-records'] ?? '?' } },
          files: added.map((f) => ({ key: f.key, note: 'new' as const })), version: a.id,
        };
      },
    },
    {
      id: 'delete', title: 'ui.lesson.delete.title', text: 'ui.lesson.delete.text', action: 'ui.lesson.delete.action', kind: 'read',
      async run(ctx) {
        const { tableId, overview: o } = await overview(ctx);
        const d = lastOf(o, /^delete$/)!;
        const [before, after, summary] = await Promise.all([files(tableId, d.parentId!), files(tableId, d.id), engine().versionSummary({ tableId, versionId: d.id })]);
        const old = deleteKeys(before);
        const vectors = [...deleteKeys(after)].filter((k) => !old.has(k));
        const rewritten = after.filter((f) => !before.some((b) => b.key === f.key)).length;
        return {
          summary: { key: 'ui.lesson.result.delete', params: { version: d.id, vectors: vectors.length, rows: summary['deleted-records'] ?? summary['added-position-deletes'] ?? '?', rewritten } },
          files: vectors.map((key) => ({ key, note: 'new' as const })), version: d.id,
        };
      },
    },
    {
      id: 'compact', title: 'ui.lesson.compact.title', text: 'ui.lesson.compact.text', action: 'ui.lesson.compact.action', kind: 'write',
      async run(ctx) {
        const { overview: o } = await overview(ctx);
        ctx.memory.set('beforeCompaction', current(o).id);
        const effect = await write(ctx, { kind: 'compact' });
        return writeResult(ctx, effect, 'ui.lesson.result.compact', (version) => ({ version, written: effect.written.length, parquet: effect.written.filter((k) => k.key.endsWith('.parquet')).length }));
      },
    },
    {
      id: 'time-travel', title: 'ui.lesson.timeTravel.title', text: 'ui.lesson.timeTravel.text', action: 'ui.lesson.timeTravel.action', kind: 'read',
      async run(ctx) {
        const { tableId, overview: o } = await overview(ctx);
        const now = current(o);
        const then = ctx.memory.get('beforeCompaction') ?? now.parentId ?? now.id;
        const [old, cur] = await Promise.all([files(tableId, then), files(tableId, now.id)]);
        const withVectors = old.filter((f) => f.deletes.length > 0).length;
        return {
          summary: { key: 'ui.lesson.result.timeTravel', params: { then, now: now.id, oldFiles: old.length, withVectors, nowFiles: cur.length } },
          files: old.filter((f) => f.deletes.length > 0).slice(0, 8).map((f) => ({ key: f.key, note: 'read' as const })), version: then,
        };
      },
    },
    {
      id: 'rollback', title: 'ui.lesson.rollback.title', text: 'ui.lesson.rollback.text', action: 'ui.lesson.rollback.action', kind: 'write',
      async run(ctx) {
        const { overview: o } = await overview(ctx);
        const target = ctx.memory.get('beforeCompaction') ?? current(o).parentId!;
        const effect = await write(ctx, { kind: 'rollback', snapshotId: target });
        return writeResult(ctx, effect, 'ui.lesson.result.rollback', () => ({ version: target, written: effect.written.length, deleted: effect.deleted.length }));
      },
    },
  ],
};

/**
 * The Hudi tour (issue 20): Hudi is read-only here, so this lesson writes nothing and runs on any Hudi table the
 * user opens (not in a sandbox): the timeline's instants (.hoodie/), one file group's latest slice — a base file
 * and the log files whose blocks a read merges onto it —, a time-travel read of an older instant, and an
 * incremental read of what the instants after it wrote. Every step is a real read through the worker.
 */
import type { PlannedFileDto } from '../../core/api/table-dto.ts';
import { engine } from '../../worker/client.ts';
import { currentVersion, filesOf, openLessonTable, type Lesson, type LessonContext, type StepResult } from './lesson-kit.ts';

const logCount = (fs: readonly PlannedFileDto[]): number => fs.reduce((n, f) => n + f.deletes.length + (f.content === 'log' ? 1 : 0), 0);
/** A Hudi file's file id: the name up to the first `_` (base files) or, for a log file `.<fileId>_<instant>.log.N_…`, after the dot. */
const fileGroupOf = (key: string): string => key.slice(key.lastIndexOf('/') + 1).replace(/^\./, '').split('_')[0] ?? key;

const NOTHING_READ: StepResult = { summary: { key: 'ui.lessons.hudi.result.empty', params: {} }, files: [] };

/** The instant a few steps back (the middle of the timeline), remembered for the time-travel and incremental steps. */
async function olderInstant(ctx: LessonContext): Promise<string> {
  const known = ctx.memory.get('older');
  if (known) return known;
  const { overview } = await openLessonTable(ctx);
  const vs = overview.versions;
  const older = vs[Math.max(0, Math.floor((vs.length - 1) / 2))]!.id;
  ctx.memory.set('older', older);
  return older;
}

export const HUDI_TOUR: Lesson = {
  id: 'hudi', format: 'hudi', name: 'ui.lessons.hudi.name', blurb: 'ui.lessons.hudi.blurb',
  steps: [
    {
      id: 'timeline', title: 'ui.lessons.hudi.timeline.title', text: 'ui.lessons.hudi.timeline.text', action: 'ui.lessons.hudi.timeline.action', kind: 'read',
      async run(ctx) {
        const { tableId, overview: o } = await openLessonTable(ctx);
        const v = currentVersion(o);
        const fs = await filesOf(tableId, v.id);
        const instants = o.states.filter((s) => s.kind === 'instant');
        return {
          summary: { key: 'ui.lessons.hudi.result.timeline', params: { instants: o.versions.length, version: v.id, operation: v.operation, files: fs.length } },
          files: instants.slice(-6).map((s) => ({ key: s.key, note: 'state' as const })), version: v.id,
        };
      },
    },
    {
      id: 'file-group', title: 'ui.lessons.hudi.fileGroup.title', text: 'ui.lessons.hudi.fileGroup.text', action: 'ui.lessons.hudi.fileGroup.action', kind: 'read',
      async run(ctx) {
        const { tableId, overview: o } = await openLessonTable(ctx);
        // The newest instant whose file slices carry log files (after a compaction the newest may have none).
        let found: { instant: string; slice: PlannedFileDto } | undefined;
        for (const v of [...o.versions].reverse().slice(0, 12)) {
          const slice = [...await filesOf(tableId, v.id)].sort((a, b) => logCount([b]) - logCount([a]))[0];
          if (slice && (!found || logCount([slice]) > 0)) found = { instant: v.id, slice };
          if (slice && logCount([slice]) > 0) break;
        }
        if (!found) return NOTHING_READ;
        const { instant, slice } = found;
        const logs = slice.deletes.map((d) => d.key ?? d.path);
        const base = slice.content === 'data' ? slice.key : undefined;
        return {
          summary: { key: 'ui.lessons.hudi.result.fileGroup', params: { instant, group: fileGroupOf(slice.key), partition: slice.partition || '—', base: base ? 1 : 0, logs: logs.length + (base ? 0 : 1) } },
          files: [{ key: slice.key, note: 'read' as const }, ...logs.map((key) => ({ key, note: 'read' as const }))], version: instant,
        };
      },
    },
    {
      id: 'time-travel', title: 'ui.lesson.timeTravel.title', text: 'ui.lessons.hudi.timeTravel.text', action: 'ui.lessons.hudi.timeTravel.action', kind: 'read',
      async run(ctx) {
        const { tableId, overview: o } = await openLessonTable(ctx);
        const now = currentVersion(o).id;
        const then = await olderInstant(ctx);
        const [old, cur] = await Promise.all([filesOf(tableId, then), filesOf(tableId, now)]);
        return {
          summary: { key: 'ui.lessons.hudi.result.timeTravel', params: { then, now, oldFiles: old.length, oldLogs: logCount(old), nowFiles: cur.length, nowLogs: logCount(cur) } },
          files: old.slice(0, 8).map((f) => ({ key: f.key, note: 'read' as const })), version: then,
        };
      },
    },
    {
      id: 'incremental', title: 'ui.lessons.hudi.incremental.title', text: 'ui.lessons.hudi.incremental.text', action: 'ui.lessons.hudi.incremental.action', kind: 'read',
      async run(ctx) {
        const { tableId, overview: o } = await openLessonTable(ctx);
        const now = currentVersion(o).id;
        const since = await olderInstant(ctx);
        const cursor = await engine().openRows({ tableId, changesSince: since });
        try {
          // One page (the engine's limit is 5,000 rows): a tour's table is small; a larger change shows 5,000.
          const page = await engine().readRows({ cursorId: cursor.cursorId, offset: 0, limit: 5_000 });
          return {
            summary: { key: 'ui.lessons.hudi.result.incremental', params: { since, now, rows: page.rows.length, files: cursor.plannedFiles } },
            files: [], version: now,
          };
        } finally {
          void engine().closeRows({ cursorId: cursor.cursorId }).catch(() => undefined);
        }
      },
    },
  ],
};

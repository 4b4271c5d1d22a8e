/**
 * The first guided lesson (issue 20): Iceberg, six steps over the sandbox's copy of events/clicks (format v3:
 * appends, deletes recorded as deletion vectors). Each step does one real thing through the engine — a read
 * (the files a version's scan reads) or a write (compaction, rollback) — and returns the files it points at.
 * The steps only use the worker's public calls, so they run on the same code paths as the rest of the app.
 */
import type { WriteEffectDto } from '../../core/api/sandbox/write-effect.ts';
import type { PlannedFileDto, PageOverviewDto, OverviewVersionDto } from '../../core/api/table-dto.ts';
import type { MessageKey } from '../../core/messages/en.ts';
import type { WriteAction } from '../../core/commit/write-action.ts';
import { engine } from '../../worker/client.ts';

/** The demo table the lesson runs on. */
export const LESSON_TABLE = 'events/clicks/';

/** What a step found or did: a sentence (message key + params) and the files it points at. */
export interface StepResult {
  readonly summary: { readonly key: LessonSummaryKey; readonly params: Readonly<Record<string, string | number>> };
  readonly files: readonly { readonly key: string; readonly note: 'new' | 'deleted' | 'read' | 'state' }[];
  /** For writes: what the write did (shown in the effect panel and the tree too). */
  readonly effect?: WriteEffectDto;
  /** The version the step moved the table to, or looked at. */
  readonly version?: string;
}

export type LessonSummaryKey =
  | 'ui.lesson.result.version' | 'ui.lesson.result.append' | 'ui.lesson.result.delete'
  | 'ui.lesson.result.compact' | 'ui.lesson.result.timeTravel' | 'ui.lesson.result.rollback';

export interface LessonContext {
  readonly warehouseId: string;
  /** Versions the earlier steps remember (the one before the compaction, for time travel and rollback). */
  readonly memory: Map<string, string>;
}

export interface LessonStep {
  readonly id: string;
  readonly title: MessageKey;
  readonly text: MessageKey;
  readonly action: MessageKey;
  readonly kind: 'read' | 'write';
  run(ctx: LessonContext): Promise<StepResult>;
}

async function overview(ctx: LessonContext): Promise<{ tableId: string; overview: PageOverviewDto }> {
  return engine().openTable({ warehouseId: ctx.warehouseId, root: LESSON_TABLE, format: 'iceberg' });
}

/** A version's summary map (the overview leaves them out). */
function summaryOf(tableId: string, versionId: string): Promise<Readonly<Record<string, string>>> {
  return engine().versionSummary({ tableId, versionId });
}

async function files(tableId: string, version: string): Promise<readonly PlannedFileDto[]> {
  return (await engine().explain({ tableId, version })).files;
}

const current = (o: PageOverviewDto): OverviewVersionDto => o.versions.find((v) => v.isCurrent)!;
const lastOf = (o: PageOverviewDto, op: string): OverviewVersionDto | undefined => [...o.versions].reverse().find((v) => v.operation === op);
const dvKeys = (fs: readonly PlannedFileDto[]): Set<string> => new Set(fs.flatMap((f) => f.deletes.map((d) => d.key ?? d.path)));

async function write(ctx: LessonContext, action: WriteAction): Promise<WriteEffectDto> {
  const before = await engine().tableKeys({ warehouseId: ctx.warehouseId, root: LESSON_TABLE });
  const prepared = await engine().prepareWrite({ warehouseId: ctx.warehouseId, root: LESSON_TABLE, format: 'iceberg', action });
  await engine().applyOp({ opId: prepared.opId });
  return engine().writeEffect({ warehouseId: ctx.warehouseId, root: LESSON_TABLE, before });
}

const effectFiles = (e: WriteEffectDto): StepResult['files'] => [
  ...e.written.map((k) => ({ key: k.key, note: 'new' as const })), ...e.deleted.map((key) => ({ key, note: 'deleted' as const })),
];

export const ICEBERG_LESSON: readonly LessonStep[] = [
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
      const a = lastOf(o, 'append')!;
      const [before, after, summary] = await Promise.all([a.parentId ? files(tableId, a.parentId) : Promise.resolve([]), files(tableId, a.id), summaryOf(tableId, a.id)]);
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
      const d = lastOf(o, 'delete')!;
      const [before, after, summary] = await Promise.all([files(tableId, d.parentId!), files(tableId, d.id), summaryOf(tableId, d.id)]);
      const old = dvKeys(before);
      const vectors = [...dvKeys(after)].filter((k) => !old.has(k));
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
      const { overview: after } = await overview(ctx);
      return {
        summary: { key: 'ui.lesson.result.compact', params: { version: current(after).id, written: effect.written.length, parquet: effect.written.filter((k) => k.key.endsWith('.parquet')).length } },
        files: effectFiles(effect), effect, version: current(after).id,
      };
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
      return {
        summary: { key: 'ui.lesson.result.rollback', params: { version: target, written: effect.written.length, deleted: effect.deleted.length } },
        files: effectFiles(effect), effect, version: target,
      };
    },
  },
];

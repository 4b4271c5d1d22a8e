/**
 * What every guided lesson (issue 20) is made of: a lesson is a table, its format and about six steps; a step
 * does one real thing through the worker's public calls — a read (the files a version's scan reads, the LSM
 * levels) or a write (append, delete, compaction, rollback) — and returns a sentence and the files it points
 * at. The helpers here are shared by the Iceberg, Delta and Paimon lessons (one file per format's steps).
 */
import type { WriteEffectDto } from '../../core/api/sandbox/write-effect.ts';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { OverviewVersionDto, PageOverviewDto, PlannedFileDto } from '../../core/api/table-dto.ts';
import type { MessageKey } from '../../core/messages/en.ts';
import type { WriteAction } from '../../core/commit/write-action.ts';
import { engine } from '../../worker/client.ts';

/** One file a step points at, and what the step did with it. */
export interface PointedFile { readonly key: string; readonly note: 'new' | 'deleted' | 'read' | 'state' }

/** What a step found or did: a sentence (message key + params) and the files it points at. */
export interface StepResult {
  readonly summary: { readonly key: MessageKey; readonly params: Readonly<Record<string, string | number>> };
  readonly files: readonly PointedFile[];
  /** For writes: what the write did (shown in the effect panel and the tree too). */
  readonly effect?: WriteEffectDto;
  /** The version the step moved the table to, or looked at. */
  readonly version?: string;
}

/** What a step runs against: the sandbox warehouse, the lesson's table, and what earlier steps remembered. */
export interface LessonContext {
  readonly warehouseId: string;
  readonly root: string;
  readonly format: TableFormatName;
  /** Versions the earlier steps remember (e.g. the one before the compaction, for time travel and rollback). */
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

/** A guided lesson: the demo table it runs on (in the sandbox), its format, and its steps in order. */
export interface Lesson {
  readonly id: string;
  /**
   * Table root in the sandbox (the demo warehouse's layout), ending in '/'; absent for a read-only tour that runs
   * on whichever table of its format is open (Hudi: not writable here, so not in a sandbox).
   */
  readonly table?: string;
  readonly format: TableFormatName;
  /** The lesson's name ("Delta lesson"). */
  readonly name: MessageKey;
  /** One sentence: what it shows, on which table. */
  readonly blurb: MessageKey;
  readonly steps: readonly LessonStep[];
}

/** Opens (or re-opens) the lesson's table: its id in the worker and its overview. */
export function openLessonTable(ctx: LessonContext): Promise<{ tableId: string; overview: PageOverviewDto }> {
  return engine().openTable({ warehouseId: ctx.warehouseId, root: ctx.root, format: ctx.format });
}

/** The files a scan of `version` reads (keys relative to the warehouse). */
export async function filesOf(tableId: string, version: string): Promise<readonly PlannedFileDto[]> {
  return (await engine().explain({ tableId, version })).files;
}

export const currentVersion = (o: PageOverviewDto): OverviewVersionDto => o.versions.find((v) => v.isCurrent) ?? o.versions[o.versions.length - 1]!;
/** The newest version whose operation matches `op` (case-insensitive). */
export const lastOf = (o: PageOverviewDto, op: RegExp): OverviewVersionDto | undefined => [...o.versions].reverse().find((v) => op.test(v.operation));
/** Keys of the delete files / deletion vectors applied to `fs`. */
export const deleteKeys = (fs: readonly PlannedFileDto[]): Set<string> => new Set(fs.flatMap((f) => f.deletes.map((d) => d.key ?? d.path)));

/** Prepares and applies `action` on the lesson's table, and returns what it did to the files. */
export async function lessonWrite(ctx: LessonContext, action: WriteAction): Promise<WriteEffectDto> {
  const before = await engine().tableKeys({ warehouseId: ctx.warehouseId, root: ctx.root });
  const prepared = await engine().prepareWrite({ warehouseId: ctx.warehouseId, root: ctx.root, format: ctx.format, action });
  await engine().applyOp({ opId: prepared.opId });
  return engine().writeEffect({ warehouseId: ctx.warehouseId, root: ctx.root, before });
}

/** The files a write wrote (new) and deleted. */
export const effectFiles = (e: WriteEffectDto): PointedFile[] => [
  ...e.written.map((k) => ({ key: k.key, note: 'new' as const })), ...e.deleted.map((key) => ({ key, note: 'deleted' as const })),
];

/** Written keys whose name matches `re`. */
export const writtenMatching = (e: WriteEffectDto, re: RegExp): string[] => e.written.map((k) => k.key).filter((k) => re.test(k));

/** Lines of the new state file (Delta's log entry, Paimon's snapshot) that the write added and that match `re`. */
export const addedLines = (e: WriteEffectDto, re: RegExp): number =>
  (e.metadata?.lines ?? []).filter((l) => l.op === '+' && re.test(l.text)).length;

/** The step's result for a write: summary, the files written and deleted, the effect and the version now current. */
export async function writeResult(ctx: LessonContext, effect: WriteEffectDto, key: MessageKey, params: (version: string) => Record<string, string | number>): Promise<StepResult> {
  const { overview } = await openLessonTable(ctx);
  const version = currentVersion(overview).id;
  return { summary: { key, params: params(version) }, files: effectFiles(effect), effect, version };
}

/**
 * "Explain" for a filter: plan a scan of one version and report which files would be read and which
 * manifests, files and row groups were skipped, and why (the plan's own skip records).
 */
import { describeExpr } from '../expr/describe.ts';
import type { Expr } from '../expr/expr.ts';
import { parseWhere } from '../expr/parse.ts';
import type { LakePlan, LakeTable, VersionSelector } from '../formats/table-format.ts';
import { LakeError } from '../errors.ts';
import type { PlannedFileDto, ScanExplainDto } from './table-dto.ts';

export interface ExplainOptions extends VersionSelector {
  /** `--where` text; empty = no filter. */
  readonly filter?: string;
  readonly columns?: readonly string[];
  /** At most this many planned files / skip records in the answer (default 5,000 each). */
  readonly maxItems?: number;
  readonly signal?: AbortSignal;
}

/**
 * Parses `--where` text. Must hold: an empty or blank text is no filter; a syntax error is LakeError
 * DataInvalid whose message names the problem (shown under the filter box).
 */
export function parseFilter(text: string | undefined): Expr | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return parseWhere(text);
  } catch (e) {
    throw new LakeError('DataInvalid', `filter: ${e instanceof Error ? e.message.replace(/^[^:]*:\s*/, '') : String(e)}`, { filter: text }, { cause: e });
  }
}

/** Plans a scan and summarises it. The file list reads the common fields every format's task has. */
export async function explainScan(table: LakeTable, root: string, options: ExplainOptions = {}): Promise<ScanExplainDto> {
  const started = Date.now();
  const filter = parseFilter(options.filter);
  const plan: LakePlan = await table.plan({
    version: options.version, asOfTimestampMs: options.asOfTimestampMs, filter, columns: options.columns, signal: options.signal,
  });
  const max = options.maxItems ?? 5000;
  return {
    versionId: plan.versionId,
    columns: plan.columns,
    ...(filter ? { filter: describeExpr(filter) } : {}),
    ...(() => { const files = plan.tasks.flatMap((t) => plannedFiles(t, root)); return { files: files.slice(0, max), filesTruncated: files.length > max }; })(),
    skipped: plan.skipped.slice(0, max),
    skippedTruncated: plan.skipped.length > max,
    counts: plan.counts,
    notes: plan.notes,
    elapsedMs: Date.now() - started,
  };
}

/** A Paimon split's files (`files: [{key, rowCount, fileSize, deletionVector?}]`). */
interface SplitLike {
  readonly files?: readonly { readonly key?: unknown; readonly rowCount?: unknown; readonly fileSize?: unknown; readonly deletionVector?: unknown }[];
}

/**
 * The data files of a task in common terms: one per task for file tasks (Iceberg), one per file for
 * split tasks that group several files (Paimon: a partition and bucket's sorted runs).
 */
export function plannedFiles(task: unknown, root: string): PlannedFileDto[] {
  const files = (task as SplitLike | null)?.files;
  if (!Array.isArray(files)) return [plannedFile(task, root)];
  return files.map((f) => plannedFile({ path: f.key, key: f.key, recordCount: typeof f.rowCount === 'string' ? BigInt(f.rowCount) : f.rowCount, fileSizeInBytes: f.fileSize, deletes: f.deletionVector ? [f.deletionVector] : [] }, root));
}

/** The fields of a scan task that the common model names (Iceberg's FileScanTask, Paimon's split …). */
interface TaskLike {
  readonly path?: unknown;
  readonly key?: unknown;
  readonly recordCount?: unknown;
  readonly fileSizeInBytes?: unknown;
  readonly deletes?: unknown;
  readonly rowGroups?: unknown;
  readonly specId?: unknown;
}

/** A task in common terms: 64-bit counters as decimal strings, `key` made relative to the warehouse. */
export function plannedFile(task: unknown, root: string): PlannedFileDto {
  const t = (task ?? {}) as TaskLike;
  const big = (v: unknown): string | undefined => (typeof v === 'bigint' || typeof v === 'number' ? String(v) : undefined);
  return {
    path: typeof t.path === 'string' ? t.path : '?',
    ...(typeof t.key === 'string' ? { key: root + t.key } : {}),
    ...(big(t.recordCount) === undefined ? {} : { recordCount: big(t.recordCount) }),
    ...(big(t.fileSizeInBytes) === undefined ? {} : { fileSizeInBytes: big(t.fileSizeInBytes) }),
    deletes: Array.isArray(t.deletes) ? t.deletes.length : 0,
    ...(Array.isArray(t.rowGroups) ? { rowGroups: t.rowGroups as number[] } : {}),
    ...(typeof t.specId === 'number' ? { specId: t.specId } : {}),
  };
}

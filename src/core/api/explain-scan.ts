/**
 * "Explain" for a filter: plan a scan of one version and report which files would be read and which
 * manifests, files and row groups were skipped, and why (the plan's own skip records).
 */
import { describeExpr } from '../expr/describe.ts';
import type { Expr } from '../expr/expr.ts';
import { parseWhere } from '../expr/parse.ts';
import type { LakePlan, LakeTable, PlannedFileDto, VersionSelector } from '../formats/table-format.ts';
import { isLakeError, LakeError } from '../errors.ts';
import { planScan } from './plan-scan.ts';
import type { ScanExplainDto } from './table-dto.ts';
import { messageError } from '../message-error.ts';
import { errorRef, isErrorRef } from '../messages/message-parts.ts';

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
    // An `expr: …` error with its message: the filter's message wraps the inner one (without `expr: `), in the reader's language too.
    const inner = isLakeError(e) && e.ref?.key === 'error.expr' && isErrorRef(e.ref.params?.message) ? e.ref.params.message : undefined;
    const message = e instanceof Error ? e.message.replace(/^[^:]*:\s*/, '') : String(e);
    // Anything else (parseWhere throws only `expr:` syntax errors) is quoted as its English text, marked as such.
    throw new LakeError('DataInvalid', `filter: ${message}`, { filter: text }, { cause: e, ref: errorRef('error.filter', { message: inner ?? errorRef('error.untranslated', { text: message }) }) });
  }
}

/**
 * Plans a scan and summarises it from the plan's `files` (tasks stay opaque). Keys are made relative to
 * the warehouse by prefixing `root` (the table root's prefix; '' keeps them relative to the table root).
 */
export async function explainScan(table: LakeTable, root: string, options: ExplainOptions = {}): Promise<ScanExplainDto> {
  const started = Date.now();
  const filter = parseFilter(options.filter);
  const plan: LakePlan = await planScan(table, {
    version: options.version, asOfTimestampMs: options.asOfTimestampMs, filter, columns: options.columns, signal: options.signal,
  });
  const max = options.maxItems ?? 5000;
  const files = plan.files.slice(0, max).map((f) => rootedFile(f, root));
  return {
    versionId: plan.versionId,
    columns: plan.columns,
    ...(filter ? { filter: describeExpr(filter) } : {}),
    files,
    filesTruncated: plan.files.length > max,
    skipped: plan.skipped.slice(0, max),
    skippedTruncated: plan.skipped.length > max,
    counts: plan.counts,
    notes: plan.notes,
    elapsedMs: Date.now() - started,
  };
}

/** A planned file with its storage keys (and those of the files applied to it) prefixed by `root`. */
export function rootedFile(f: PlannedFileDto, root: string): PlannedFileDto {
  if (root === '') return f;
  return { ...f, key: root + f.key, deletes: f.deletes.map((d) => (d.key === undefined ? d : { ...d, key: root + d.key })) };
}

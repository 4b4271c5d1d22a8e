/**
 * EXPLAIN's plan as catalog lines (issues 16, 20): one block per table scan — what its plan reads and skips, and
 * the bytes it fetches — then the engine's query, the executor and the total. The CLI prints the English lines
 * (core/api/sql/explain-text.ts); the Query tab renders them in the reader's language with the names, paths and
 * numbers they quote set apart. Here in core/messages, which the UI may import, so {@link ExplainPlanView}
 * restates the fields of the engine's SqlExplainDto it reads (the DTO is assignable to it: explain-text.ts passes one).
 */
import type { Messages } from './en.ts';
import { engineCatalog } from './message-format.ts';
import { errorRef, errorText, messageParts, type ErrorRef, type MessagePart } from './message-parts.ts';
import type { Note } from './note.ts';

/** The scan fields of SqlScanDto the plan's lines show. */
export interface ExplainScanView {
  readonly ref: string;
  readonly relation: string;
  readonly format: string;
  readonly kind: 'data' | 'changes' | 'metadata';
  readonly version?: string;
  readonly fromVersion?: string;
  readonly metadataTable?: string;
  readonly columns?: readonly string[];
  readonly filter?: string;
  readonly counts: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly filesPlanned: number;
  readonly filesSkipped: number;
  readonly rowGroupsPlanned?: number;
  readonly rowGroupsSkipped?: number;
  readonly bytesToFetch: number;
  readonly bytesFetched?: number;
  readonly notes: readonly Note[];
}

/** The fields of SqlExplainDto the plan's lines show. */
export interface ExplainPlanView {
  readonly executor?: { readonly name: string; readonly reason?: string; readonly reasonRef?: ErrorRef };
  readonly engineQuery: string;
  readonly scans: readonly ExplainScanView[];
  readonly bytesToFetch: number;
}

const n = (x: number) => x.toLocaleString('en-US');

function scanLines(s: ExplainScanView, catalog: Messages): MessagePart[][] {
  const parts = (ref: ErrorRef) => messageParts(ref, catalog);
  const head = parts(errorRef('ui.query.plan.scan', {
    ref: s.ref, format: s.format, scanKind: s.kind, relation: s.relation,
    ...(s.metadataTable ? { metadataTable: s.metadataTable } : {}),
    ...(s.fromVersion ? { fromVersion: s.fromVersion } : {}),
    ...(s.version ? { version: s.version } : {}),
  }));
  const notes = s.notes.map((x) => parts(errorRef('ui.query.plan.note', { note: x as string | ErrorRef })));
  if (s.kind === 'metadata') return [head, ...notes];
  const lines = [head];
  lines.push(parts(errorRef('ui.query.plan.columns', s.columns ? { columns: s.columns.join(', ') } : {})));
  lines.push(parts(errorRef('ui.query.plan.filter', s.filter !== undefined && s.filter !== null ? { filter: s.filter } : {})));
  for (const [step, counts] of Object.entries(s.counts)) {
    // The count names (total, read, skipped …) are words of the language; the step is the format's own name.
    const countList = Object.entries(counts).map(([name, v]) => errorText(errorRef('ui.query.plan.count', { countName: name, value: n(v) }), catalog)).join(catalog['ui.query.plan.countSeparator']());
    lines.push(parts(errorRef('ui.query.plan.counts', { step, countList })));
  }
  lines.push(parts(errorRef('ui.query.plan.files', { planned: n(s.filesPlanned), skipped: n(s.filesSkipped) })));
  if (s.rowGroupsPlanned !== undefined) lines.push(parts(errorRef('ui.query.plan.rowGroups', { planned: n(s.rowGroupsPlanned), skipped: n(s.rowGroupsSkipped ?? 0) })));
  lines.push(parts(errorRef('ui.query.plan.bytesToFetch', { bytes: n(s.bytesToFetch) })));
  if (s.bytesFetched !== undefined) lines.push(parts(errorRef('ui.query.plan.bytesFetched', { bytes: n(s.bytesFetched) })));
  return [...lines, ...notes];
}

/**
 * The plan's lines in `catalog` (English by default), each as text and data pieces ({@link messageParts}):
 * the Query tab sets the data apart. The executor's reason is its catalog message (`reasonRef`) when it has
 * one, else the English reason as data.
 */
export function explainLines(e: ExplainPlanView, catalog: Messages = engineCatalog): MessagePart[][] {
  const parts = (ref: ErrorRef) => messageParts(ref, catalog);
  const x = e.executor;
  const reason = x?.reasonRef ?? x?.reason;
  return [
    ...e.scans.flatMap((s) => scanLines(s, catalog)),
    parts(errorRef('ui.query.plan.engineQuery', { query: e.engineQuery.trim() })),
    ...(x ? [parts(errorRef('ui.query.plan.executor', { name: x.name, ...(reason ? { reason } : {}) }))] : []),
    parts(errorRef('ui.query.plan.total', { bytes: n(e.bytesToFetch) })),
  ];
}

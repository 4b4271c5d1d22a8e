/**
 * EXPLAIN as text (issue 16): one block per table scan — what its plan reads and skips, and the bytes it
 * fetches — then the engine's query, the executor and the total. Each line is a catalog message (issue 20):
 * the CLI prints the English lines, the Query tab renders them in the reader's language with the names,
 * paths and numbers they quote set apart.
 */
import { en, type Messages } from '../../messages/en.ts';
import { errorRef, errorText, messageParts, type ErrorRef, type MessagePart } from '../../messages/message-parts.ts';
import type { SqlExplainDto, SqlScanDto } from './sql-contract.ts';

const n = (x: number) => x.toLocaleString('en-US');

function scanLines(s: SqlScanDto, catalog: Messages): MessagePart[][] {
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
export function explainLines(e: Omit<SqlExplainDto, 'text'>, catalog: Messages = en): MessagePart[][] {
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

/** The plan of every scan, then the engine's query and the total, as text in `catalog` (English: the CLI's). */
export function explainText(e: Omit<SqlExplainDto, 'text'>, catalog: Messages = en): string {
  return explainLines(e, catalog).map((line) => line.map((p) => (typeof p === 'string' ? p : p.data)).join('')).join('\n');
}

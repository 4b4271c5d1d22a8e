/** EXPLAIN as text (issue 16): one block per table scan — what its plan reads and skips, and the bytes it fetches. */
import { noteText } from '../../messages/note.ts';
import type { SqlExplainDto, SqlScanDto } from './sql-contract.ts';

const n = (x: number) => x.toLocaleString('en-US');

function scanText(s: SqlScanDto): string[] {
  const lines = [`${s.ref}  (${s.format} ${s.kind}${s.metadataTable ? ` $${s.metadataTable}` : ''}${s.fromVersion ? `, versions (${s.fromVersion}, ${s.version}]` : s.version ? `, version ${s.version}` : ''}) as ${s.relation}`];
  if (s.kind === 'metadata') return [...lines, ...s.notes.map((x) => `  note: ${noteText(x)}`)];
  lines.push(`  columns: ${s.columns ? s.columns.join(', ') : 'all'}`);
  lines.push(`  pushed filter: ${s.filter ?? 'none'}`);
  for (const [step, counts] of Object.entries(s.counts)) lines.push(`  ${step}: ${Object.entries(counts).map(([k, v]) => `${k} ${n(v)}`).join(', ')}`);
  lines.push(`  files: ${n(s.filesPlanned)} to read, ${n(s.filesSkipped)} skipped`);
  if (s.rowGroupsPlanned !== undefined) lines.push(`  row groups: ${n(s.rowGroupsPlanned)} to read, ${n(s.rowGroupsSkipped ?? 0)} skipped`);
  lines.push(`  bytes to fetch: ${n(s.bytesToFetch)}`);
  if (s.bytesFetched !== undefined) lines.push(`  bytes fetched: ${n(s.bytesFetched)}`);
  for (const x of s.notes) lines.push(`  note: ${noteText(x)}`);
  return lines;
}

/** The plan of every scan, then the engine's query and the total. */
export function explainText(e: Omit<SqlExplainDto, 'text'>): string {
  const executor = e.executor ? [`executor: ${e.executor.name}${e.executor.reason ? ` (${e.executor.reason})` : ''}`] : [];
  return [...e.scans.flatMap(scanText), `engine query: ${e.engineQuery.trim()}`, ...executor, `total bytes to fetch: ${n(e.bytesToFetch)}`].join('\n');
}

/**
 * The versions list beside the timeline (issue 12: "there is no list of versions to fall back on"):
 * every version, sortable by time, id or operation, filtered by text over id, operation, refs and time.
 */
import type { OverviewVersionDto } from '../../core/api/table-dto.ts';

export type VersionSortKey = 'time' | 'id' | 'operation';
export interface VersionSort { readonly key: VersionSortKey; readonly desc: boolean }

/** Numeric ids (snapshot ids, Paimon snapshot numbers) compare as numbers, others as text. */
function compareIds(a: string, b: string): number {
  if (/^-?\d+$/.test(a) && /^-?\d+$/.test(b)) { const x = BigInt(a); const y = BigInt(b); return x < y ? -1 : x > y ? 1 : 0; }
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The versions (given oldest first) matching `filter`, in `sort` order. Ties keep the given (commit)
 * order, so versions of the same second stay in the order they were committed. `timeText` renders a
 * version's time as the list shows it, so what the user reads is what the filter matches.
 */
export function listVersions(versions: readonly OverviewVersionDto[], sort: VersionSort, filter: string, timeText: (v: OverviewVersionDto) => string): OverviewVersionDto[] {
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const hay = (v: OverviewVersionDto) => [v.id, v.operation, timeText(v), ...v.refs.map((r) => r.name), v.isCurrent ? 'current' : ''].join(' ').toLowerCase();
  const rows = versions.map((v, i) => ({ v, i })).filter(({ v }) => words.every((w) => hay(v).includes(w)));
  const cmp = sort.key === 'time' ? (a: OverviewVersionDto, b: OverviewVersionDto) => a.timestampMs - b.timestampMs
    : sort.key === 'id' ? (a: OverviewVersionDto, b: OverviewVersionDto) => compareIds(a.id, b.id)
      : (a: OverviewVersionDto, b: OverviewVersionDto) => a.operation.localeCompare(b.operation);
  rows.sort((a, b) => (cmp(a.v, b.v) || a.i - b.i) * (sort.desc ? -1 : 1));
  return rows.map((r) => r.v);
}

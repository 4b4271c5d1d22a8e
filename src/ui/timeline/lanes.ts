/**
 * Timeline lanes: one per branch, `main` first, each holding the versions on that branch's ancestry
 * (walking parent ids from the branch head). A version on several branches sits in the first lane that
 * has it; versions on no branch (e.g. heads of dropped branches) go to a last "unreferenced" lane.
 */
import type { OverviewVersionDto } from '../../core/api/table-dto.ts';

export interface Lane {
  readonly name: string;
  readonly kind: 'branch' | 'unreferenced';
  /** Version ids in the lane, oldest first. */
  readonly ids: readonly string[];
}

export interface LaneLayout {
  readonly lanes: readonly Lane[];
  /** Lane index of each version id. */
  readonly laneOf: ReadonlyMap<string, number>;
}

/** Lays versions (oldest first) out in lanes. Must hold: every version is in exactly one lane. */
export function buildLanes(versions: readonly OverviewVersionDto[]): LaneLayout {
  const byId = new Map(versions.map((v) => [v.id, v]));
  const heads: { name: string; id: string }[] = [];
  for (const v of versions) for (const r of v.refs) if (r.type === 'branch') heads.push({ name: r.name, id: v.id });
  heads.sort((a, b) => (a.name === 'main' ? -1 : b.name === 'main' ? 1 : a.name < b.name ? -1 : 1));
  // Tables without refs (v1 Iceberg, formats without branches) have one implicit main line: the current version's ancestry.
  if (!heads.some((h) => h.name === 'main')) {
    const current = versions.find((v) => v.isCurrent) ?? versions.at(-1);
    if (current) heads.unshift({ name: 'main', id: current.id });
  }
  const laneOf = new Map<string, number>();
  const lanes: Lane[] = [];
  for (const head of heads) {
    const ids: string[] = [];
    const seen = new Set<string>();
    for (let id: string | undefined = head.id; id !== undefined && !seen.has(id); id = byId.get(id)?.parentId) {
      seen.add(id);
      if (!byId.has(id)) break; // parent expired: the ancestry stops here
      if (!laneOf.has(id)) ids.push(id);
    }
    if (ids.length === 0 && lanes.length > 0) continue; // a branch pointing into another lane adds nothing
    const index = lanes.length;
    for (const id of ids) laneOf.set(id, index);
    lanes.push({ name: head.name, kind: 'branch', ids: ids.reverse() });
  }
  const rest = versions.filter((v) => !laneOf.has(v.id)).map((v) => v.id);
  if (rest.length > 0) {
    for (const id of rest) laneOf.set(id, lanes.length);
    lanes.push({ name: 'unreferenced', kind: 'unreferenced', ids: rest });
  }
  return { lanes, laneOf };
}

/** The versions of the first lane (main), oldest first: the line the counters under the timeline follow. */
export function mainLineVersions(versions: readonly OverviewVersionDto[], layout: LaneLayout): OverviewVersionDto[] {
  if (layout.lanes.length === 0) return [];
  // One lane holds everything (most tables): no per-version lookup (issue 17: 10,000 versions on first paint).
  if (layout.lanes.length === 1 && layout.lanes[0]!.ids.length === versions.length) return [...versions];
  return versions.filter((v) => layout.laneOf.get(v.id) === 0);
}

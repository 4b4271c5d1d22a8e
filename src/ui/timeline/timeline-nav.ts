/**
 * Keyboard movement through the timeline: Left/Right go to the previous/next version in time, Up/Down
 * to the nearest version in the lane above/below, Home/End to the first/last version.
 */
import type { OverviewVersionDto } from '../../core/api/table-dto.ts';
import type { LaneLayout } from './lanes.ts';

/** The id to select after `key`, or undefined when the key does not move. `versions` are oldest first. */
export function nextVersion(versions: readonly OverviewVersionDto[], layout: LaneLayout, selectedId: string | undefined, key: string): string | undefined {
  if (versions.length === 0) return undefined;
  const i = selectedId === undefined ? -1 : versions.findIndex((v) => v.id === selectedId);
  switch (key) {
    case 'ArrowRight': return versions[Math.min(versions.length - 1, i + 1)].id;
    case 'ArrowLeft': return versions[Math.max(0, i < 0 ? versions.length - 1 : i - 1)].id;
    case 'Home': return versions[0].id;
    case 'End': return versions[versions.length - 1].id;
    case 'ArrowUp': case 'ArrowDown': {
      if (i < 0) return versions.find((v) => v.isCurrent)?.id ?? versions[versions.length - 1].id;
      const lane = layout.laneOf.get(versions[i].id) ?? 0;
      const target = layout.lanes[lane + (key === 'ArrowDown' ? 1 : -1)];
      if (!target) return undefined;
      const t = versions[i].timestampMs;
      const byId = new Map(versions.map((v) => [v.id, v]));
      let best: string | undefined; let bestD = Infinity;
      for (const id of target.ids) {
        const d = Math.abs((byId.get(id)?.timestampMs ?? Infinity) - t);
        if (d < bestD) { bestD = d; best = id; }
      }
      return best;
    }
    default: return undefined;
  }
}

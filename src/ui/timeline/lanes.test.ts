import { describe, expect, it } from 'vitest';
import type { VersionDto } from '../../core/api/table-dto.ts';
import { buildLanes, mainLineVersions } from './lanes.ts';

const v = (id: string, parentId?: string, refs: VersionDto['refs'] = [], isCurrent = false): VersionDto => ({
  id, parentId, timestampMs: Number(id), operation: 'append', summary: {}, totals: {}, refs, isCurrent,
});

describe('buildLanes', () => {
  it('main first, then other branches with only the versions main does not have, then orphans', () => {
    const versions = [
      v('1'), v('2', '1'), v('3', '2', [{ name: 'main', type: 'branch' }, { name: 'v1.0', type: 'tag' }], true),
      v('4', '2'), v('5', '4', [{ name: 'audit', type: 'branch' }]), v('6', '99'),
    ];
    const { lanes, laneOf } = buildLanes(versions);
    expect(lanes.map((l) => [l.name, l.ids])).toEqual([['main', ['1', '2', '3']], ['audit', ['4', '5']], ['unreferenced', ['6']]]);
    expect(laneOf.get('5')).toBe(1);
    expect(mainLineVersions(versions, { lanes, laneOf }).map((x) => x.id)).toEqual(['1', '2', '3']);
    expect([...laneOf.keys()].sort()).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('without refs, main is the current version’s ancestry', () => {
    const { lanes } = buildLanes([v('1'), v('2', '1', [], true), v('3', '1')]);
    expect(lanes.map((l) => [l.name, l.ids])).toEqual([['main', ['1', '2']], ['unreferenced', ['3']]]);
  });

  it('a branch at a version already on main adds no lane; cycles do not hang', () => {
    const { lanes } = buildLanes([v('1', '2', [{ name: 'b', type: 'branch' }]), v('2', '1', [{ name: 'main', type: 'branch' }])]);
    expect(lanes.map((l) => l.name)).toEqual(['main']);
  });

  // Speed is the UI bench's (bench/ui-bench.ts, 10,000 snapshots), not a timed unit test's.
  it('10,000 linear versions lay out on one lane', () => {
    const versions = Array.from({ length: 10_000 }, (_, i) => v(String(i + 1), i ? String(i) : undefined, i === 9999 ? [{ name: 'main', type: 'branch' }] : []));
    const { lanes } = buildLanes(versions);
    expect(lanes).toHaveLength(1);
    expect(lanes[0].ids).toHaveLength(10_000);
  });
});

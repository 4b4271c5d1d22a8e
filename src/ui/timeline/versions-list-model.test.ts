import { describe, expect, it } from 'vitest';
import type { VersionDto } from '../../core/api/table-dto.ts';
import { listVersions } from './versions-list-model.ts';

const v = (id: string, t: number, operation: string, refs: VersionDto['refs'] = []): VersionDto => ({ id, timestampMs: t, operation, summary: {}, totals: {}, refs, isCurrent: false });
const time = (x: { timestampMs: number }) => `t${x.timestampMs}`;
const T = 1_700_000_000_000;
// Five commits within one second (ids out of numeric order on purpose) and one later.
const versions = [v('9', T, 'APPEND'), v('10', T + 100, 'COMPACT'), v('11', T + 100, 'APPEND', [{ name: 'nightly', type: 'tag' }]), v('12', T + 300, 'APPEND'), v('13', T + 900, 'OVERWRITE'), v('2', T + 5000, 'APPEND')];

describe('listVersions', () => {
  it('lists every version; by time, same-time versions keep their commit order', () => {
    expect(listVersions(versions, { key: 'time', desc: false }, '', time).map((x) => x.id)).toEqual(['9', '10', '11', '12', '13', '2']);
    expect(listVersions(versions, { key: 'time', desc: true }, '', time).map((x) => x.id)).toEqual(['2', '13', '12', '11', '10', '9']);
  });

  it('sorts numeric ids as numbers and operations by name', () => {
    expect(listVersions(versions, { key: 'id', desc: false }, '', time).map((x) => x.id)).toEqual(['2', '9', '10', '11', '12', '13']);
    expect(listVersions(versions, { key: 'operation', desc: false }, '', time).map((x) => x.operation)).toEqual(['APPEND', 'APPEND', 'APPEND', 'APPEND', 'COMPACT', 'OVERWRITE']);
  });

  it('filters on id, operation, ref name and time text, every word', () => {
    expect(listVersions(versions, { key: 'time', desc: false }, 'compact', time).map((x) => x.id)).toEqual(['10']);
    expect(listVersions(versions, { key: 'time', desc: false }, 'nightly', time).map((x) => x.id)).toEqual(['11']);
    expect(listVersions(versions, { key: 'time', desc: false }, `append t${T + 100}`, time).map((x) => x.id)).toEqual(['11']);
    expect(listVersions(versions, { key: 'time', desc: false }, 'nothing-like-this', time)).toEqual([]);
  });
});

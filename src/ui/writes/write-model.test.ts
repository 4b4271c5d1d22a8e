import { describe, expect, it } from 'vitest';
import type { VersionDto } from '../../core/api/table-dto.ts';
import { currentLineage, groupFiles, parseAge, parseSize, refNameProblem, rowsLabel, rowsNote, totalsRows, versionActions, writesOffReason } from './write-model.ts';

const v = (id: string, parentId: string | undefined, isCurrent = false, extra: Partial<VersionDto> = {}): VersionDto => ({
  id, ...(parentId ? { parentId } : {}), timestampMs: Number(id), operation: 'append', summary: {}, totals: {}, refs: [], isCurrent, ...extra,
});

// 1 ← 2 ← 3 (current) and 2 ← 4 (a branch, or the future after a rollback).
const versions = [v('1', undefined), v('2', '1'), v('3', '2', true), v('4', '2')];
const rw = { writable: true, concurrency: 'c' };

describe('version actions', () => {
  it('walks the current lineage through parents', () => {
    expect(currentLineage(versions)).toEqual(['3', '2', '1']);
    expect(currentLineage([v('1', '1', true)])).toEqual(['1']); // a self-parent cannot loop
  });

  it('Iceberg: roll back only to an ancestor, set-current otherwise, nothing for the current snapshot', () => {
    const kinds = (id: string) => versionActions('iceberg', versions, versions.find((x) => x.id === id), rw).map((a) => a.kind);
    expect(kinds('1')).toEqual(['rollback', 'tag', 'branch']);
    expect(kinds('4')).toEqual(['set-current', 'tag', 'branch']);
    expect(kinds('3')).toEqual(['tag', 'branch']);
  });

  it('read-only storage disables every action with the reason as tooltip; unknown access disables too', () => {
    const ro = versionActions('iceberg', versions, versions[0], { writable: false, reason: 'plain HTTP', concurrency: '' });
    expect(ro.every((a) => a.disabled && a.title === 'plain HTTP')).toBe(true);
    expect(versionActions('iceberg', versions, versions[0], undefined).every((a) => a.disabled)).toBe(true);
    expect(versionActions('delta', versions, versions[0], rw)).toEqual([]);
  });

  it('Paimon: non-destructive rollback first, destructive only for live snapshots, delete per tag', () => {
    const pv = [v('1', undefined, false, { refs: [{ name: 'gold', type: 'tag' }] }), v('2', '1', true), v('0', undefined, false, { summary: { expired: 'true' } })];
    expect(versionActions('paimon', pv, pv[0], rw).map((a) => a.kind)).toEqual(['paimon-rollback', 'paimon-destructive', 'paimon-tag', 'paimon-delete-tag']);
    expect(versionActions('paimon', pv, pv[0], rw).at(-1)?.tag).toBe('gold');
    expect(versionActions('paimon', pv, pv[1], rw).map((a) => a.kind)).toEqual(['paimon-tag']);
    const expired = versionActions('paimon', pv, pv[2], rw);
    expect(expired.map((a) => a.kind)).toEqual(['paimon-rollback', 'paimon-tag']);
    expect(expired.find((a) => a.kind === 'paimon-tag')?.disabled).toBe(true);
  });
});

describe('preview shaping', () => {
  it('totals: rows with something known, 64-bit strings as numbers', () => {
    const rows = totalsRows({ rows: '22', dataFiles: 2, bytes: '10240' }, { rows: '21', dataFiles: 1 });
    expect(rows.map((r) => [r.label, r.before, r.after])).toEqual([['Records (before deletes)', 22, 21], ['Data files', 2, 1], ['Bytes', 10240, undefined]]);
  });

  it('rows are labelled live only when every known count is, else by what they count before', () => {
    expect(rowsLabel({ rows: '21', rowsLive: true }, { rows: '21', rowsLive: true })).toBe('Rows');
    expect(rowsLabel({ rows: '21', rowsLive: true }, {})).toBe('Rows');
    expect(rowsLabel({ rows: '22' }, { rows: '21', rowsLive: true })).toBe('Records (before deletes)');
    expect(rowsLabel({ rows: '12', rowsBasis: 'before merging by primary key' }, { rows: '9', rowsBasis: 'before merging by primary key' })).toBe('Records (before merging by primary key)');
    expect(totalsRows({ rows: '5', rowsLive: true }, { rows: '3', rowsLive: true })[0].label).toBe('Rows');
    expect(rowsNote({ rows: '22' }, {})).toMatch(/^Records \(before deletes\): rows in data files .* before deletes — not the rows a read returns/);
    expect(rowsNote({ rows: '2', rowsLive: true }, {})).toMatch(/^Rows are live rows/);
  });

  it('groups files by kind, data first, summing known sizes', () => {
    const g = groupFiles([{ key: 'm', kind: 'metadata' }, { key: 'a', kind: 'data', bytes: 10 }, { key: 'b', kind: 'data', bytes: 5 }, { key: 'd', kind: 'delete', bytes: 1 }]);
    expect(g.map((x) => [x.kind, x.files.length, x.bytes, x.unsized])).toEqual([['data', 2, 15, 0], ['delete', 1, 1, 0], ['metadata', 1, 0, 1]]);
  });
});

describe('form parsing', () => {
  it('sizes', () => {
    expect(parseSize('128 MiB')).toBe(128 * 1024 * 1024);
    expect(parseSize('64m')).toBe(64 * 1024 * 1024);
    expect(parseSize('1.5 KiB')).toBe(1536);
    expect(parseSize('1048576')).toBe(1048576);
    for (const bad of ['', '0', '-1 MiB', '12 parsecs', 'MiB']) expect(parseSize(bad)).toBeUndefined();
  });

  it('ages', () => {
    expect(parseAge('7d')).toBe(7 * 86_400_000);
    expect(parseAge('12h')).toBe(12 * 3_600_000);
    expect(parseAge(' 30m ')).toBe(30 * 60_000);
    for (const bad of ['7', 'd', '0d', '1y']) expect(parseAge(bad)).toBeUndefined();
  });

  it('ref names', () => {
    expect(refNameProblem('nightly', [])).toBeUndefined();
    expect(refNameProblem('', [])).toMatch(/name/);
    expect(refNameProblem('   ', [])).toMatch(/name/); // whitespace only: the dialogs keep Confirm disabled
    expect(refNameProblem('a/b', [])).toMatch(/slash/);
    expect(refNameProblem('123', [])).toMatch(/snapshot id/);
    expect(refNameProblem('main', [])).toMatch(/main/);
    expect(refNameProblem('v1', ['v1'])).toMatch(/exists/);
  });
});

describe('a table that refuses writes (its newest metadata file cannot be read)', () => {
  const refusal = 'writes are refused: the newest metadata/v5.metadata.json cannot be read (x).';
  it('disables every action of both formats with the refusal as tooltip, even on writable storage', () => {
    for (const format of ['iceberg', 'paimon'] as const) {
      for (const sel of versions) {
        const actions = versionActions(format, versions, sel, rw, refusal);
        expect(actions.length).toBeGreaterThan(0);
        expect(actions.every((a) => a.disabled && a.title === refusal)).toBe(true);
      }
    }
  });
  it('writesOffReason: the refusal wins over access; undefined when writes may go ahead', () => {
    expect(writesOffReason(rw, refusal)).toBe(refusal);
    expect(writesOffReason({ writable: false, reason: 'plain HTTP', concurrency: '' }, refusal)).toBe(refusal);
    expect(writesOffReason({ writable: false, reason: 'plain HTTP', concurrency: '' })).toBe('plain HTTP');
    expect(writesOffReason(rw)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { WriteCapability } from '../../worker/engine-writes.ts';
import { errorRef, errorText } from '../../core/messages/message-parts.ts';
import { zh } from '../../core/messages/zh.ts';
import { translator } from '../common/messages.ts';
import { noteText } from '../../core/messages/note.ts';
import { undoTitle, undoTooltip } from './write-model.ts';
import { actionTitle, commonUnavailableReason, groupFiles, parseAge, parseSize, refNameProblem, rowActions, rowsLabel, rowsNote, totalsRows, writeActions, writesOffReason } from './write-model.ts';

const rw = { writable: true, concurrency: 'c' };

describe('write actions from capabilities', () => {
  const caps: WriteCapability[] = [
    { kind: 'rollback', scope: 'version', available: true, description: 'back', action: { kind: 'rollback', snapshotId: '1' } },
    { kind: 'rollback-destructive', scope: 'version', available: true, destructive: true, description: 'gone', action: { kind: 'rollback-destructive', snapshotId: '1' } },
    { kind: 'tag', scope: 'version', available: false, needsInput: true, reason: 'expired', description: 'tag it' },
    { kind: 'remove-ref', scope: 'version', available: true, ref: { name: 'gold', type: 'tag' }, description: 'del', action: { kind: 'remove-ref', name: 'gold', refType: 'tag' } },
    { kind: 'compact', scope: 'table', available: true, needsInput: true, description: 'compact' },
    { kind: 'expire', scope: 'table', available: false, reason: 'not yet', description: 'expire' },
  ];

  it('one button per capability of the scope, in order: forms, ready actions, refs; unavailable ones disabled with the reason', () => {
    const v = writeActions(caps, 'version');
    expect(v.map((a) => [a.label, a.disabled, a.title])).toEqual([
      ['Roll back to here', false, 'back'], ['Destructive rollback…', false, 'gone'], ['Tag…', true, 'expired'], ['Delete tag gold…', false, 'del'],
    ]);
    expect(v[1].destructive).toBe(true);
    expect(v[0].action).toEqual({ kind: 'rollback', snapshotId: '1' });
    expect(v[2].form).toBe('tag');
    const t = writeActions(caps, 'table');
    expect(t.map((a) => [a.kind, a.form, a.disabled])).toEqual([['compact', 'compact', false], ['expire', undefined, true]]);
    expect(writeActions(undefined, 'version')).toEqual([]);
  });

  it('tooltips in the reader\'s language where the capability carries its description or reason as a message', () => {
    const tag = errorRef('note.write.cap.iceberg.tag', undefined);
    const why = errorRef('note.write.cap.sentence', { text: errorRef('error.paimon.expiredTag', undefined) });
    const withMessages: WriteCapability[] = [
      { kind: 'tag', scope: 'version', available: true, needsInput: true, description: errorText(tag), descriptionMessage: tag },
      { kind: 'branch', scope: 'version', available: false, needsInput: true, description: 'b', reason: errorText(why), reasonMessage: why },
    ];
    expect(writeActions(withMessages, 'version').map((a) => a.title)).toEqual(['Name this snapshot with a tag (kept when older snapshots expire).', errorText(why)]);
    const [cnTag, cnWhy] = writeActions(withMessages, 'version', translator(zh)).map((a) => a.title);
    expect(cnTag).toBe('给这个 snapshot 打一个标签（旧 snapshot 过期时，打了标签的会保留）。');
    expect(cnWhy).toMatch(/[\u4e00-\u9fff]。$/);
  });

  it('Undo: the preview title and the tooltip in the reader\'s language; an English-only label as before', () => {
    const labelMessage = errorRef('note.write.undo', { what: errorRef('note.write.undo.setMain', { id: '7' }) });
    const undo = { label: errorText(labelMessage), labelMessage, request: { action: { kind: 'set-current' as const, snapshotId: '7' } } };
    expect(noteText(undoTitle(undo))).toBe('Undo — set main back to 7');
    expect(noteText(undoTitle(undo), zh)).toBe('撤销 — 把 main 设回 7');
    expect(undoTooltip(undo)).toBe('Undo: set main back to 7');
    expect(undoTooltip(undo, translator(zh))).toBe('撤销：把 main 设回 7');
    const old = { label: 'Undo: set main back to 7', request: undo.request };
    expect(undoTitle(old)).toBe('Undo — set main back to 7');
    expect(undoTooltip(old, translator(zh))).toBe('Undo: set main back to 7');
  });

  it('Paimon\'s after-write basis (records in data files, before merging by key) in Chinese too', () => {
    const after = { rows: '5', rowsBasis: 'records in data files, before merging by key' };
    expect(rowsLabel({ rows: '4', rowsLive: true }, after)).toBe('Records (records in data files, before merging by key)');
    expect(rowsLabel({ rows: '4', rowsLive: true }, after, translator(zh))).toBe('记录数（数据文件中的记录，按主键合并前）');
  });

  it('titles name the version or the ref', () => {
    const [rb, , , del] = writeActions(caps, 'version');
    expect(actionTitle(rb, '7')).toBe('Roll back to 7');
    expect(actionTitle(del, '7')).toBe('Delete tag “gold”');
  });

  it('a reason every capability shares is the table-wide reason; none when something is available', () => {
    const off: WriteCapability[] = caps.map((c) => ({ ...c, available: false, reason: 'Delta is read-only' }));
    expect(commonUnavailableReason(off)).toBe('Delta is read-only');
    expect(commonUnavailableReason(caps)).toBeUndefined();
    expect(commonUnavailableReason([])).toBeUndefined();
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
  it('writesOffReason: the refusal wins over access; undefined when writes may go ahead', () => {
    expect(writesOffReason(rw, refusal)).toBe(refusal);
    expect(writesOffReason({ writable: false, reason: 'plain HTTP', concurrency: '' }, refusal)).toBe(refusal);
    expect(writesOffReason({ writable: false, reason: 'plain HTTP', concurrency: '' })).toBe('plain HTTP');
    expect(writesOffReason(rw)).toBeUndefined();
  });
});

describe('row actions from capabilities', () => {
  it('one button per row write that takes rows, opening its form with the rows it asks for; others (a predicate) left out', () => {
    const caps: WriteCapability[] = [
      { kind: 'upsert', scope: 'rows', available: true, needsInput: true, rowsInput: 'rows', description: 'up' },
      { kind: 'delete', scope: 'rows', available: false, needsInput: true, rowsInput: 'keys', reason: 'read-only', description: 'del' },
      { kind: 'update', scope: 'rows', available: true, needsInput: true, description: 'where' },
      { kind: 'delete', scope: 'rows', available: true, needsInput: true, description: 'where' },
      { kind: 'compact', scope: 'table', available: true, description: 'c' },
    ];
    expect(rowActions(caps).map((a) => [a.kind, a.form, a.rowsInput, a.disabled, a.title])).toEqual([
      ['upsert', 'upsert', 'rows', false, 'up'], ['delete', 'delete', 'keys', true, 'read-only'],
    ]);
    expect(rowActions(undefined)).toEqual([]);
  });
});

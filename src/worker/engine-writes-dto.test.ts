/** The write previews and results crossing to the page keep their catalog messages (issue 20): one per warning or none; descriptions, file notes and the commit note. */
import { describe, expect, it } from 'vitest';
import { errorRef, errorText } from '../core/messages/message-parts.ts';
import { formatRef, messageRef } from '../core/messages/en.ts';
import { zh } from '../core/messages/zh.ts';
import { MemoryStorage } from '../core/io/memory-storage.ts';
import { CONCURRENCY_DELTA } from '../core/formats/delta/commit/prepared.ts';
import { previewDto, resultDto } from './engine-writes-dto.ts';
import { concurrencyOf } from './engine-writes.ts';
import { writeAccess } from './engine-writes-storage.ts';

describe('resultDto', () => {
  const base = { operation: 'append', written: [], deleted: [], attempts: 1 };
  const ref = errorRef('error.delta.checkpoint.skipped', { version: '10', why: errorRef('error.delta.checkpoint.v2Skipped', undefined) });

  it('passes each warning\'s message on, so the toast shows it in the reader\'s language', () => {
    expect(resultDto({ ...base, warnings: ['w'], warningMessages: [ref] }, 5).warningMessages).toEqual([ref]);
  });

  it('leaves them out when they do not match the warnings one for one (the toast then shows the English)', () => {
    expect(resultDto({ ...base, warnings: ['w', 'x'], warningMessages: [ref] }, 5)).not.toHaveProperty('warningMessages');
    expect(resultDto({ ...base, warnings: ['w'] }, 5)).not.toHaveProperty('warningMessages');
  });
});

describe('previewDto and the commit note', () => {
  const desc = errorRef('note.write.delta.vacuumNone', { since: '2026-11-24T00:00:00.000Z' });
  const gone = errorRef('note.write.delta.vacuumGone', { since: '2026-11-24T00:00:00.000Z' });
  const note = errorRef('note.write.onApply', undefined);
  const preview = {
    operation: 'vacuum', description: errorText(desc), descriptionMessage: desc, before: {}, after: {}, deletes: [],
    writes: [{ key: 'x', kind: 'data' as const, note: errorText(note), noteMessage: note }], warnings: [errorText(gone)], warningMessages: [gone],
  };

  it('passes the description, the warnings and the file notes on with their messages', () => {
    const dto = previewDto(preview);
    expect(dto.descriptionMessage).toEqual(desc);
    expect(dto.warningMessages).toEqual([gone]);
    expect(dto.writes[0]).toEqual({ key: 'x', kind: 'data', note: 'written on apply', noteMessage: note });
    expect(previewDto({ ...preview, warnings: ['w', 'x'] })).not.toHaveProperty('warningMessages');
  });

  const prepared = { preview, noop: false, concurrency: CONCURRENCY_DELTA, concurrencyMessage: errorRef('note.write.delta.concurrency', undefined), apply: async () => ({ operation: 'x', written: [], deleted: [], attempts: 0, warnings: [] }) };

  it('on S3: the format\'s note with its message; on a local folder: the storage\'s caveat first, joined, in both languages', () => {
    const s3 = concurrencyOf(prepared, { writable: true, concurrency: 'Atomic commit: …', concurrencyMessage: messageRef('note.write.concurrency.s3') });
    expect(s3).toEqual({ concurrency: CONCURRENCY_DELTA, concurrencyMessage: prepared.concurrencyMessage });
    const fsaRef = messageRef('note.write.concurrency.fsa');
    const fsa = concurrencyOf(prepared, { writable: true, concurrency: formatRef(fsaRef), concurrencyMessage: fsaRef });
    expect(fsa.concurrency).toBe(`${formatRef(fsaRef)} ${CONCURRENCY_DELTA}`);
    expect(errorText(fsa.concurrencyMessage!)).toBe(fsa.concurrency);
    expect(errorText(fsa.concurrencyMessage!, zh)).toMatch(/^本地文件夹.*Delta 的提交方式/);
    // An override (VACUUM) replaces both, with its own message.
    const override = errorRef('note.write.delta.vacuumConcurrency', undefined);
    expect(concurrencyOf({ ...prepared, concurrencyOverride: errorText(override), concurrencyOverrideMessage: override }, { writable: true, concurrency: formatRef(fsaRef) }))
      .toEqual({ concurrency: errorText(override), concurrencyMessage: override });
  });

  it('the storage gives its note with a message (S3 and local folders)', () => {
    const access = writeAccess(new MemoryStorage('w'));
    expect(access.concurrency).toMatch(/^Atomic commit: the next metadata file is created only if it does not exist yet/);
    expect(formatRef(access.concurrencyMessage!, zh)).toMatch(/^原子提交/);
  });
});

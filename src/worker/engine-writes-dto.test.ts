/** The write result crossing to the page keeps its warnings' catalog messages (issue 20), one per warning or none. */
import { describe, expect, it } from 'vitest';
import { errorRef } from '../core/messages/message-parts.ts';
import { resultDto } from './engine-writes-dto.ts';

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

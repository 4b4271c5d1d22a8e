import { describe, expect, it } from 'vitest';
import { note, noteKey, noteText } from './note.ts';
import { zh } from './zh.ts';

describe('notes', () => {
  it('render in English for the CLI and in Chinese for a zh-CN reader, a nested note in the same language', () => {
    const via = note('note.iceberg.via.ref', { type: 'tag', name: 'v1' });
    expect(noteText(via)).toBe('snapshot chosen by tag "v1"');
    expect(noteText(via, zh)).toBe('所选快照：标签 "v1"');
    const at = note('note.atVersion', { version: '42', note: via });
    expect(noteText(at)).toBe('42: snapshot chosen by tag "v1"');
    expect(noteText(at, zh)).toBe('42：所选快照：标签 "v1"');
  });

  it('keeps an English sentence not yet in the catalog as it is, and keys notes stably', () => {
    expect(noteText('plain text', zh)).toBe('plain text');
    expect(noteKey(note('note.noSnapshotYet'))).toBe(noteKey(note('note.noSnapshotYet')));
    expect(noteKey('a')).not.toBe(noteKey('b'));
  });
});

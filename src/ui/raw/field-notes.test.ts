import { describe, expect, it } from 'vitest';
import { ROLE_NOTES, fieldNote } from './field-notes.ts';
import { format } from '../../core/messages/en.ts';
import { zh } from '../../core/messages/zh.ts';

const text = (n: ReturnType<typeof fieldNote>) => (n ? format(n.key) : undefined);

describe('fieldNote', () => {
  it('explains manifest entry and nested data_file fields with a spec link', () => {
    expect(text(fieldNote('iceberg-manifest', 'status'))).toMatch(/ADDED/);
    expect(zh[fieldNote('iceberg-manifest', 'status')!.key]()).toMatch(/永不被扫描/);
    expect(fieldNote('iceberg-manifest', 'data_file.record_count')?.href).toBe('https://iceberg.apache.org/spec/#data-file-fields');
    expect(fieldNote('iceberg-manifest-list', 'partitions')?.href).toMatch(/#manifest-lists$/);
    expect(fieldNote('puffin-footer', 'blobs.0.type')?.href).toMatch(/deletion-vector-v1-blob-type/);
    expect(fieldNote('orc-footer', 'stripes.0.streams')?.href).toBe('https://orc.apache.org/specification/ORCv1/#stripes');
    expect(text(fieldNote('orc-footer', 'postscript.compression'))).toMatch(/ZLIB/);
    expect(fieldNote('iceberg-manifest', 'nope')).toBeUndefined();
    expect(fieldNote(undefined, 'status')).toBeUndefined();
  });

  it('every role note links to a spec page', () => {
    for (const n of Object.values(ROLE_NOTES)) { expect(n.href).toMatch(/^https:\/\//); expect(format(n.key).length).toBeGreaterThan(20); }
  });
});

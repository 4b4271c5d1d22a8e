import { describe, expect, it } from 'vitest';
import { ROLE_NOTES, fieldNote } from './field-notes.ts';

describe('fieldNote', () => {
  it('explains manifest entry and nested data_file fields with a spec link', () => {
    expect(fieldNote('iceberg-manifest', 'status')?.text).toMatch(/ADDED/);
    expect(fieldNote('iceberg-manifest', 'data_file.record_count')?.href).toBe('https://iceberg.apache.org/spec/#data-file-fields');
    expect(fieldNote('iceberg-manifest-list', 'partitions')?.href).toMatch(/#manifest-lists$/);
    expect(fieldNote('puffin-footer', 'blobs.0.type')?.href).toMatch(/deletion-vector-v1-blob-type/);
    expect(fieldNote('orc-footer', 'stripes.0.streams')?.href).toBe('https://orc.apache.org/specification/ORCv1/#stripes');
    expect(fieldNote('orc-footer', 'postscript.compression')?.text).toMatch(/ZLIB/);
    expect(fieldNote('iceberg-manifest', 'nope')).toBeUndefined();
    expect(fieldNote(undefined, 'status')).toBeUndefined();
  });

  it('every role note links to a spec page', () => {
    for (const n of Object.values(ROLE_NOTES)) expect(n.href).toMatch(/^https:\/\//);
  });
});

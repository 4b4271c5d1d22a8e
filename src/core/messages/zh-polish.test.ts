/**
 * zh-CN wording found on the session's walk of the write previews and the timeline (issue 20): the expire
 * preview names the unreachable files' size in binary units, not a raw byte count. English unchanged.
 */
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { zh } from './zh.ts';

describe('zh-CN wording of sizes', () => {
  it('the expire preview gives the known size in KiB/MiB, English keeps its byte count', () => {
    const p = { expire: 2, total: 5, refs: 0, files: 7, bytes: 10432 };
    expect(zh['note.write.iceberg.expire'](p)).toContain('已知大小共 10.2 KiB');
    expect(zh['note.write.iceberg.expire'](p)).not.toContain('10432');
    expect(en['note.write.iceberg.expire'](p)).toContain('(10432 bytes known)');
  });
});

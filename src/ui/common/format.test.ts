import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatRecords, formatTime, middleEllipsis } from './format.ts';

describe('format', () => {
  it('formats bytes in binary units', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1536)).toBe('1.50 KiB');
    expect(formatBytes(10.6 * 1024 * 1024)).toBe('10.6 MiB');
    expect(formatBytes(500 * 1024 ** 3)).toBe('500 GiB');
    expect(formatBytes(-1)).toBe('—');
  });
  it('formats counts with thousands separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
  });
  it('gives UTC for the tooltip', () => {
    expect(formatTime(Date.UTC(2024, 3, 18, 17, 35, 50)).utc).toBe('2024-04-18 17:35:50 UTC');
  });
});

describe('middleEllipsis', () => {
  it('keeps short names and both ends of long ones', () => {
    expect(middleEllipsis('v1.metadata.json')).toBe('v1.metadata.json');
    const m = middleEllipsis('91d5eea0-314d-4056-8818-59b825cbd38a-m1.avro', 30);
    expect(m).toHaveLength(30);
    expect(m.startsWith('91d5eea0')).toBe(true);
    expect(m.endsWith('cbd38a-m1.avro')).toBe(true);
  });

  it('says whether a version\'s row count is live or counted before deletes/merging', () => {
    expect(formatRecords({ count: '1234', live: true })).toBe('1,234 rows');
    expect(formatRecords({ count: '22', live: false })).toBe('22 records (before deletes)');
    expect(formatRecords({ count: '9', live: false, basis: 'before merging by primary key' })).toBe('9 records (before merging by primary key)');
    expect(formatRecords(undefined)).toBeUndefined();
  });
});

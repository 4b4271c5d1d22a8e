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

describe('distinctEllipsis', async () => {
  const { commonAffixes, distinctEllipsis } = await import('./format.ts');
  // 36 data files of one commit: the same folder prefix and writer suffix, a different day and counter.
  const names = Array.from({ length: 36 }, (_, i) => `order_day=2024-03-${String(i % 28 + 1).padStart(2, '0')}/000${String(i).padStart(2, '0')}-7-2f9d7c4e-1b2a-4c3d-9e8f-5a6b33acc529-00001.parquet`);
  const affixes = commonAffixes(names);

  it('keeps what differs between siblings and cuts once inside what they share', () => {
    for (const [i, n] of names.entries()) {
      const cut = distinctEllipsis(n, 40, affixes);
      expect(cut.length).toBeLessThanOrEqual(40);
      expect(cut.split('…')).toHaveLength(2);
      expect(cut).toContain(`2024-03-${String(i % 28 + 1).padStart(2, '0')}`);
      expect(cut).toContain(`000${String(i).padStart(2, '0')}`);
    }
    // The plain middle cut loses the day: the bug this replaces.
    expect(middleEllipsis(names[5]!, 40)).not.toContain('2024-03-06');
    expect(new Set(names.map((n) => distinctEllipsis(n, 40, affixes))).size).toBe(names.length);
  });

  it('leaves short names alone and falls back to the middle cut without shared parts', () => {
    expect(distinctEllipsis('a.parquet', 40, affixes)).toBe('a.parquet');
    const lone = 'x'.repeat(30) + 'y'.repeat(30);
    expect(distinctEllipsis(lone, 20, commonAffixes([lone]))).toBe(middleEllipsis(lone, 20));
  });
});

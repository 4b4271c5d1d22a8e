import { describe, expect, it } from 'vitest';
import type { TableHealthDto } from '../../core/api/table-health-dto.ts';
import { bucketLabel, histogramBars, partitionName, percent } from './health-model.ts';
import { translator } from '../common/messages.ts';
import { en } from '../../core/messages/en.ts';
import { zh } from '../../core/messages/zh.ts';

const buckets = [{ lowerBytes: 0, upperBytes: 1024 }, { lowerBytes: 1024, upperBytes: 4096 }, { lowerBytes: 4096, upperBytes: 16384 }, { lowerBytes: 16384 }];
const health = {
  buckets, histogram: [0, 3, 0, 1], rule: { targetFileSizeBytes: 8192, source: '', smallFileBytes: 6144 },
  partitions: [{ partition: 'd=1', specId: '0', dataFiles: 2, bytes: 0, records: 0, smallFiles: 2, smallBytes: 0, filesWithDeletes: 0, histogram: [0, 2, 0, 0] }],
} as unknown as TableHealthDto;

describe('health model', () => {
  it('names the unpartitioned partition in the reader\'s language, a path as it is', () => {
    const none = { ...health.partitions[0]!, partition: '', specId: '1' };
    expect(partitionName(none, false, translator(en))).toBe('(unpartitioned)');
    expect(partitionName(none, false, translator(zh))).toBe('（未分区）');
    expect(partitionName(none, true, translator(zh))).toBe('（未分区） · spec 1');
    expect(partitionName(health.partitions[0]!, false, translator(zh))).toBe('d=1');
  });

  it('says why a recommendation is unavailable with each language\'s own colon', () => {
    expect(translator(en).t('ui.health.unavailableWhy', { reason: 'Opened over plain HTTP.' })).toBe('Not available here: Opened over plain HTTP.');
    expect(translator(zh).t('ui.health.unavailableWhy', { reason: 'Delta 没有快照过期' })).toBe('此处不可用：Delta 没有快照过期');
  });

  it('labels buckets with their bounds, short', () => {
    expect(buckets.map(bucketLabel)).toEqual(['< 1 KiB', '1–4 KiB', '4–16 KiB', '≥ 16 KiB']);
    expect(bucketLabel({ lowerBytes: 256 * 1024, upperBytes: 1024 * 1024 })).toBe('256 KiB–1 MiB');
  });

  it('keeps every bucket and marks the ones starting below the small-file line', () => {
    expect(histogramBars(health, '')).toEqual([
      { label: '< 1 KiB', files: 0, small: true }, { label: '1–4 KiB', files: 3, small: true }, { label: '4–16 KiB', files: 0, small: true }, { label: '≥ 16 KiB', files: 1, small: false },
    ]);
    expect(histogramBars(health, '0:d=1').map((b) => b.files)).toEqual([0, 2, 0, 0]);
    expect(histogramBars(health, '0:nope').map((b) => b.files)).toEqual([0, 0, 0, 0]);
  });

  it('percentages say when a share is tiny but not zero', () => {
    expect([percent(1, 3), percent(1, 1000), percent(0, 5), percent(1, 0)]).toEqual(['33%', '<1%', '0%', '—']);
  });
});

describe('version series', () => {
  it('file counters only on the current line; the version count over all', async () => {
    const { versionSeries } = await import('./health-model.ts');
    const h = { versions: [
      { id: '1', timestampMs: 1, versions: 1, onCurrentLine: true, dataFiles: 1 },
      { id: 'b', timestampMs: 2, versions: 2, onCurrentLine: false, dataFiles: 9 },
      { id: '2', timestampMs: 3, versions: 3, onCurrentLine: true, dataFiles: 2 },
    ] } as unknown as TableHealthDto;
    expect(versionSeries(h)).toEqual([{ x: 1, versions: 1, dataFiles: 1, deleteFiles: undefined }, { x: 2, versions: 2 }, { x: 3, versions: 3, dataFiles: 2, deleteFiles: undefined }]);
  });
});

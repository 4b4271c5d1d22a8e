/**
 * The notes of en-notes3.ts (Hudi plans and change logs, Paimon's change log) render exactly the English the
 * engine wrote before they carried a reference, and zh-CN renders each in Chinese with the same data; a Hudi
 * plan's notes read in Chinese in zh-CN. Every key has a sample here, so a new key cannot go untested.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../testing/fixtures.ts';
import { openHudiTable } from '../formats/hudi/index.ts';
import { enNotes3 } from './en-notes3.ts';
import { errorRef, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { noteText } from './note.ts';
import { zh } from './zh.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);

/** [reference, the English the engine wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('note.hudi.asOfArchived', { instant: '20240101', action: 'commit', file: '.hoodie/archived/a' }), 'read as of instant 20240101 (commit) from the archived timeline (.hoodie/archived/a)'],
  [r('note.hudi.asOf', { instant: '20240101', action: 'deltacommit' }), 'read as of instant 20240101 (deltacommit)'],
  [r('note.hudi.completionTime', { time: '20240102', instant: '20240101' }), '20240102 is the completion time of instant 20240101; read as of that instant'],
  [r('note.hudi.asOfTime', { time: '2024-01-01T00:00:00.000Z', instant: '20240101', zone: 'UTC+8' }),
    'as of 2024-01-01T00:00:00.000Z: instant 20240101 (requested times compared, as hudi-rs does; writer zone UTC+8)'],
  [r('note.hudi.latest', { instant: '20240101', action: 'commit' }), 'latest completed instant 20240101 (commit)'],
  [r('note.hudi.noCommit'), 'the table has no completed commit'],
  [r('note.hudi.listedHfile'), 'listed the partition folders: the metadata table\'s files partition is enabled but is HFile-based, which this reader does not read'],
  [r('note.hudi.listed'), 'listed the partition folders (the table has no metadata table files partition)'],
  [r('note.hudi.prunePartitions'), 'file groups whose partition values cannot match the filter are skipped; the filter is evaluated on every row of the others after the merge'],
  [r('note.hudi.filterAfterMerge'), 'the filter is evaluated on every row after the merge (partition paths of this key generator do not hold the column values, so none is skipped by partition)'],
  [r('note.hudi.columnStats', { checked: 1, withLogs: 0, hfile: false }), 'column statistics: the Parquet footers of 1 base file checked against the filter'],
  [r('note.hudi.columnStats', { checked: 3, withLogs: 2, hfile: true }),
    'column statistics: the Parquet footers of 3 base files checked against the filter; 2 slices with log files (or no base file) kept, as log records carry no statistics read here; the metadata table\'s column_stats partition is HFile-based and not read'],
  [r('note.hudi.incremental', { begin: '20240101', end: '20240105' }), 'incremental: records written after 20240101 up to 20240105 (inclusive), latest values as of 20240105'],
  [r('note.hudi.incremental', { end: '20240105' }), 'incremental: records written after the start up to 20240105 (inclusive), latest values as of 20240105'],
  [r('note.hudi.noMetaFields'), 'the table does not populate meta fields (hoodie.populate.meta.fields = false): records carry no _hoodie_commit_time, so Hudi\'s incremental query cannot answer'],
  [r('note.paimon.noChangelogProducer'), 'no snapshot in the range has changelog files (changelog-producer = none: Paimon writes none)'],
  [r('note.paimon.noChangelogInRange', { producer: 'lookup' }), 'no snapshot in the range has changelog files (changelog-producer = lookup)'],
  [r('note.paimon.changelogRead', { producer: 'input', snapshots: '2, 3' }),
    'changelog-producer = input: rows read from the changelog files of 2, 3, their row kinds +I, -U, +U, -D as insert, update-before, update-after, delete'],
  [r('note.paimon.changelogInput', { keys: 'id' }),
    'changelog-producer = input keeps the records as they were written: an update shows as an insert (+I) of the new value replacing the row of its key (id), with no before image'],
  [r('note.paimon.noChangelogFiles', { snapshots: '4', count: 1 }),
    '4: no changelog files (a snapshot that changed no rows through the writer, e.g. a compaction, or written without a changelog producer)'],
  [r('note.paimon.noChangelogFiles', { snapshots: '4, 5', count: 2 }),
    '4, 5: no changelog files (snapshots that changed no rows through the writer, e.g. a compaction, or written without a changelog producer)'],
];

/** Latin words that may stand in Chinese text: format terms, settings and names kept in English. */
const TERMS = /^(instant|timeline|hudi|rs|utc|files|hfile|parquet|column_stats|hoodie|populate|meta|fields|false|_hoodie_commit_time|changelog|producer|none|input|lookup|paimon|compaction)$/i;

describe('en-notes3 / zh-notes3', () => {
  catalogSampleChecks(enNotes3, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+]+/, allowed: (w, next) => TERMS.test(w) || TERMS.test(next) });

  it.skipIf(!FIXTURES_PRESENT)(`a Hudi plan's notes in zh-CN (English as the CLI prints it) ${FIXTURES_PRESENT ? '' : FIXTURES_SKIP_REASON}`, async () => {
    installNodeParquetWasm();
    const table = await openHudiTable(new FsStorage(join(FIXTURES_DIR, 'hudi/cow_v6_nonpartitioned')));
    const plan = await table.planScan({});
    const english = plan.notes.map((n) => noteText(n));
    expect(english[0]).toMatch(/^latest completed instant \d+ \(commit\)$/);
    expect(english).toContain('listed the partition folders (the table has no metadata table files partition)');
    const chinese = plan.notes.map((n) => noteText(n, zh));
    expect(chinese[0]).toMatch(/^最新完成的 instant \d+（commit）$/);
    expect(chinese).toContain('列出了各分区文件夹（这张表的元数据表没有 files 分区）');
  });
});

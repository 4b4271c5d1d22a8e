/**
 * Delta write previews in the reader's language (issue 20): VACUUM's, OPTIMIZE's, DELETE's, RESTORE's and an
 * append's description, file notes, warnings and commit note carry catalog messages whose English is exactly the
 * preview's text (the CLI prints that), and whose zh-CN rendering is Chinese with the same data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import type { ChangePreview } from '../../../commit/change-preview.ts';
import type { PreparedChange } from '../../../commit/write-action.ts';
import { errorText, type ErrorRef } from '../../../messages/message-parts.ts';
import { zh } from '../../../messages/zh.ts';
import { DeltaTable } from '../table.ts';
import { appendRows, prepareAppend } from './append.ts';
import { createDeltaTable, prepareCreateDeltaTable } from './create-table.ts';
import { prepareOptimize } from './optimize.ts';
import { prepareRowChange } from './row-changes.ts';
import { prepareVacuum } from './vacuum.ts';
import { prepareRestore } from './restore.ts';

beforeAll(() => installNodeParquetWasm());

const HAN = /[\u4e00-\u9fff]/;

/** Every text of the preview with its message: [English text, message]. */
function texts(p: PreparedChange): [string, ErrorRef | undefined][] {
  const v: ChangePreview = p.preview;
  return [
    [v.description, v.descriptionMessage],
    ...v.warnings.map((w, i): [string, ErrorRef | undefined] => [w, v.warningMessages?.[i]]),
    ...[...v.writes, ...v.deletes].filter((f) => f.note).map((f): [string, ErrorRef | undefined] => [f.note!, f.noteMessage]),
    [p.concurrencyOverride ?? p.concurrency!, p.concurrencyOverride ? p.concurrencyOverrideMessage : p.concurrencyMessage],
  ];
}

/** Each text has a message rendering it exactly in English, and in Chinese in zh-CN. */
function expectTranslated(p: PreparedChange): void {
  for (const [text, message] of texts(p)) {
    expect(message, text).toBeDefined();
    expect(errorText(message!), text).toBe(text);
    expect(errorText(message!, zh), text).toMatch(HAN);
  }
}

async function table(): Promise<DeltaTable> {
  const storage = new MemoryStorage('preview-messages');
  await createDeltaTable(storage, { columns: [{ name: 'id', type: 'long' }], configuration: { 'delta.enableDeletionVectors': 'true' } });
  const t = await DeltaTable.open(storage);
  await appendRows(t, [{ id: 1 }, { id: 2 }, { id: 3 }]);
  await appendRows(t, [{ id: 4 }]);
  return t;
}

describe('delta write previews carry their messages', () => {
  it('VACUUM: description, the gone-for-good warning and its own commit note, in English as before and in Chinese', async () => {
    const t = await table();
    await (await prepareRowChange(t, { where: 'id = 1' })).apply();
    await (await prepareOptimize(t)).apply();
    const vacuum = await prepareVacuum(t, { now: () => Date.now() + 8 * 86_400_000 });
    const since = vacuum.preview.details!['cutoff'] as string;
    const n = vacuum.preview.deletes.length;
    expect(n).toBeGreaterThan(0);
    // The English the CLI and tests read is unchanged.
    expect(vacuum.preview.description).toBe(`VACUUM: ${n} file(s) are referenced by no version within the retention (files removed before ${since}, and files no commit references) and can be deleted.`);
    expect(vacuum.preview.warnings).toEqual([`Deleted files are gone for good: time travel to versions that used them (removed before ${since}) stops working. They are deleted only when you confirm deletion separately.`]);
    expect(vacuum.concurrencyOverride).toBe('VACUUM commits nothing: it deletes unreferenced files, each on its own. The state is read again just before deleting, so a file that became needed meanwhile is kept.');
    expectTranslated(vacuum);
    expect(errorText(vacuum.preview.descriptionMessage!, zh)).toBe(`VACUUM：${n} 个文件不被保留期内的任何版本引用（${since} 之前移除的文件，以及没有任何提交引用的文件），可以删除。`);
    const report = await vacuum.apply();
    expect(report.warnings).toEqual(['Report only: nothing was deleted (deleting needs its own confirmation).']);
    expect(errorText(report.warningMessages![0]!, zh)).toBe('仅报告：没有删除任何文件（删除需要单独确认）。');
    expectTranslated(await prepareVacuum(t)); // nothing to vacuum yet
  });

  it('OPTIMIZE, DELETE, RESTORE and append: descriptions and per-file notes (a deletion vector note kept before "removed")', async () => {
    const t = await table();
    const del = await prepareRowChange(t, { where: 'id = 1' });
    expectTranslated(del);
    expect(del.preview.deletes[0]!.note).toBe('1 row(s) match; removed from the table and re-added with a deletion vector');
    await del.apply();
    const optimize = await prepareOptimize(t);
    expectTranslated(optimize);
    const withDv = optimize.preview.deletes.find((f) => f.note!.startsWith('with deletion vector'))!;
    expect(withDv.note).toBe('with deletion vector (1 rows deleted); removed from the table (the file stays until VACUUM)');
    expect(errorText(withDv.noteMessage!, zh)).toBe('带 deletion vector（已删除 1 行）；从表中移除（文件保留到 VACUUM 为止）');
    await optimize.apply();
    expectTranslated(await prepareRestore(t, { version: 1n }));
    expectTranslated(await prepareAppend(t, [{ id: 9 }]));
    expectTranslated(await prepareRowChange(t, { where: 'id = 99' }));
  });

  it('CREATE TABLE: description (partitioned or not, with reader features) and the log file note', async () => {
    const plain = await prepareCreateDeltaTable(new MemoryStorage('create-plain'), { columns: [{ name: 'id', type: 'long' }, { name: 'day', type: 'string' }] });
    expect(plain.preview.description).toBe('CREATE TABLE: version 0 of a new Delta table with 2 column(s) (id, day), unpartitioned; protocol reader 1 / writer 2.');
    expect(errorText(plain.preview.descriptionMessage!, zh)).toBe('CREATE TABLE：新建 Delta 表的版本 0，共 2 列（id, day），不分区；协议 reader 1 / writer 2。');
    expectTranslated(plain);
    const dv = await prepareCreateDeltaTable(new MemoryStorage('create-dv'), {
      columns: [{ name: 'id', type: 'long' }, { name: 'day', type: 'string' }], partitionColumns: ['day'], properties: { 'delta.enableDeletionVectors': 'true' },
    });
    expect(dv.preview.description).toMatch(/^CREATE TABLE: version 0 of a new Delta table with 2 column\(s\) \(id, day\), partitioned by day; protocol reader 3 \/ writer 7 with reader features deletionVectors\.$/);
    expectTranslated(dv);
  });
});

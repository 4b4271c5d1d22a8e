/**
 * Classic checkpoints written here: every 10th commit (delta.checkpointInterval), `_last_checkpoint`
 * updated, and a reader opening the table reads the checkpoint and the commits after it only. On copies
 * of the fixtures, a checkpoint of the current version alone (older commits deleted) reads as the
 * expected rows: it holds the whole state.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CountingStorage } from '../../../io/counting-storage.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { listFixtures } from '../../../../testing/fixtures.ts';
import { rowsMismatch } from '../../../../testing/golden.ts';
import { readRows } from '../test-support.test-helper.ts';
import { DeltaTable } from '../table.ts';
import { appendRows } from './append.ts';
import { writeCheckpoint } from './checkpoint.ts';
import { createDeltaTable } from './create-table.ts';
import { prepareRowChange } from './row-changes.ts';
import { messageError } from '../../../message-error.ts';
import { errorText, messageParts } from '../../../messages/message-parts.ts';
import { zh } from '../../../messages/zh.ts';

beforeAll(() => installNodeParquetWasm());
const temp = mkdtempSync(join(tmpdir(), 'lakescope-delta-cp-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();

describe('delta checkpoints not written after a commit say so in the reader\'s language (the write\'s toast)', () => {
  const columns = [{ name: 'id', type: 'long' as const }];

  it('a V2-checkpoint table: the commit lands, the warning names the version and why', async () => {
    const storage = new MemoryStorage('cp-v2');
    await createDeltaTable(storage, { columns, configuration: { 'delta.checkpointInterval': '1', 'delta.checkpointPolicy': 'v2' } });
    const r = await appendRows(await DeltaTable.open(storage), [{ id: 1 }]);
    expect(r.version).toBe(1n);
    expect(r.warnings).toEqual(['no checkpoint at version 1: the table uses V2 checkpoints (v2Checkpoint), which this writer does not write; it is left without a new checkpoint (readers replay the commits)']);
    expect(r.warningMessages.map((m) => errorText(m))).toEqual(r.warnings);
    expect(messageParts(r.warningMessages[0]!, zh)).toEqual(['版本 ', { data: '1' }, ' 没有写 checkpoint：该表使用 V2 checkpoint（v2Checkpoint），Lakescope 的写入端不写这种 checkpoint；表暂不生成新的 checkpoint（读取端会重放提交）']);
  });

  it('a checkpoint whose write fails: the warning quotes the failure, in the reader\'s language where it has its message', async () => {
    const storage = new (class extends MemoryStorage {
      override async write(key: string, data: Uint8Array, options?: Parameters<MemoryStorage['write']>[2]) {
        if (key.endsWith('.checkpoint.parquet')) throw messageError('Io', 'error.folder.readOnly', { op: 'write', key: 'x.checkpoint.parquet', where: 'the folder' });
        return super.write(key, data, options);
      }
    })('cp-fail');
    await createDeltaTable(storage, { columns, configuration: { 'delta.checkpointInterval': '1' } });
    const r = await appendRows(await DeltaTable.open(storage), [{ id: 1 }]);
    const inner = messageError('Io', 'error.folder.readOnly', { op: 'write', key: 'x.checkpoint.parquet', where: 'the folder' });
    expect(r.warnings).toEqual([`the commit landed, but the checkpoint of version 1 was not written: ${inner.message}`]);
    expect(errorText(r.warningMessages[0]!, zh)).toBe(`提交已经生效，但版本 1 的 checkpoint 没有写成：${errorText(inner.ref!, zh)}`);
  });
});

describe('delta checkpoints', () => {
  it('are written every 10 commits, and opening reads the checkpoint plus the newer commits only', async () => {
    const storage = new MemoryStorage('cp');
    await createDeltaTable(storage, {
      columns: [{ name: 'id', type: 'long' }, { name: 'p', type: 'integer' }, { name: 'tags', type: { type: 'map', keyType: 'string', valueType: 'string', valueContainsNull: true } }],
      partitionColumns: ['p'], configuration: { 'delta.enableDeletionVectors': 'true' },
    });
    const table = await DeltaTable.open(storage);
    for (let i = 0; i < 8; i++) await appendRows(table, [{ id: i * 2, p: i % 2, tags: new Map([['k', `v${i}`]]) }, { id: i * 2 + 1, p: i % 2, tags: null }]);
    await (await prepareRowChange(table, { where: 'id = 3' })).apply(); // version 9, a deletion vector
    await (await prepareRowChange(table, { where: 'id = 0' })).apply(); // version 10: checkpoint
    expect(table.snapshot.version).toBe(10n);
    expect(await storage.head('_delta_log/00000000000000000010.checkpoint.parquet')).toBeDefined();
    expect(JSON.parse(utf8Decode(await storage.read('_delta_log/_last_checkpoint'))).version).toBe(10);
    await appendRows(table, [{ id: 100, p: 0, tags: null }]); // version 11
    const want = sorted(await readRows(table));
    const counting = new CountingStorage(storage);
    const reopened = await DeltaTable.open(counting);
    const logReads = counting.log.filter((c) => c.method === 'read' && c.key.startsWith('_delta_log/')).map((c) => c.key).sort();
    expect(logReads).toEqual(['_delta_log/00000000000000000010.checkpoint.parquet', '_delta_log/00000000000000000011.json', '_delta_log/_last_checkpoint']);
    expect(sorted(await readRows(reopened))).toEqual(want);
    // Time travel to a version before the checkpoint still replays the commits.
    expect((await readRows(reopened, { version: '9' })).length).toBe(15);
  });

  const fixtures = listFixtures('delta').filter((f) => f.expected.versions.length > 1);
  for (const fx of fixtures) {
    it(`${fx.name}: the checkpoint of the current version alone reads as its expected rows (or is refused for V2 checkpoint tables)`, async () => {
      const dir = join(temp, fx.name.replace(/\//g, '_'));
      cpSync(fx.root, dir, { recursive: true });
      const table = await DeltaTable.open(new FsStorage(dir));
      if (fx.name === 'delta/checkpoint-v2-table') {
        await expect(writeCheckpoint(table)).rejects.toMatchObject({ code: 'Unsupported', context: { feature: 'v2Checkpoint' } });
        return;
      }
      const r = await writeCheckpoint(table);
      const current = table.snapshot.version;
      // Leave only that checkpoint: every commit and older checkpoint goes.
      for (const name of readdirSync(join(dir, '_delta_log'))) {
        if (name.endsWith('.json') || (name.includes('.checkpoint.') && !name.startsWith(current.toString().padStart(20, '0')))) rmSync(join(dir, '_delta_log', name));
      }
      expect(r.written || r.key.endsWith('.checkpoint.parquet')).toBe(true);
      const alone = await DeltaTable.open(new FsStorage(dir));
      expect(alone.snapshot.version).toBe(current);
      expect(await rowsMismatch(await readRows(alone), fx.expected.versions.at(-1)!)).toBeUndefined();
    });
  }
});

/**
 * RESTORE and OPTIMIZE on temp-folder copies of every multi-version Delta fixture: after each, reading the
 * table equals the expected rows of the version it should now hold (fixtures/expected), and the log says
 * what Delta's own commands write (dataChange, operation). The fixtures themselves are never written.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_SKIP_REASON, listFixtures, type Fixture } from '../../../../testing/fixtures.ts';
import { rowsMismatch } from '../../../../testing/golden.ts';
import { readRows } from '../test-support.test-helper.ts';
import { DeltaTable } from '../table.ts';
import { prepareRestore } from './restore.ts';

beforeAll(() => installNodeParquetWasm());

const temp = mkdtempSync(join(tmpdir(), 'lakescope-delta-write-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The metaData line in force at `version`, as the engine wrote it in the fixture's JSON commits (the oracle). */
function rawMetadataAt(fx: Fixture, version: bigint): string {
  let md = '';
  for (let v = 0n; v <= version; v++) {
    const file = join(fx.root, '_delta_log', `${v.toString().padStart(20, '0')}.json`);
    for (const line of readFileSync(file, 'utf8').split('\n')) if (line.startsWith('{"metaData"')) md = JSON.stringify((JSON.parse(line) as { metaData: unknown }).metaData);
  }
  return md;
}
/** The fields of PROTOCOL.md "Change Metadata". */
const METADATA_FIELDS = new Set(['id', 'name', 'description', 'format', 'schemaString', 'partitionColumns', 'createdTime', 'configuration']);

const multi = listFixtures('delta').filter((f) => f.expected.versions.length > 1);

async function copyOf(fx: Fixture, tag: string): Promise<{ storage: FsStorage; table: DeltaTable }> {
  const dir = join(temp, `${fx.name.replace(/\//g, '_')}-${tag}`);
  cpSync(fx.root, dir, { recursive: true });
  const storage = new FsStorage(dir);
  return { storage, table: await DeltaTable.open(storage, { timestamps: 'commitInfo' }) };
}

async function commitLines(storage: FsStorage, version: bigint): Promise<Record<string, Record<string, unknown>>[]> {
  const text = new TextDecoder().decode(await storage.read(`_delta_log/${version.toString().padStart(20, '0')}.json`));
  return text.split('\n').map((l) => JSON.parse(l) as Record<string, Record<string, unknown>>);
}

describe.skipIf(multi.length === 0)(`delta RESTORE and OPTIMIZE on fixture copies ${multi.length === 0 ? FIXTURES_SKIP_REASON : ''}`, () => {
  it('covers the five multi-version fixtures', () => {
    expect(multi.map((f) => f.name)).toHaveLength(5);
  });

  for (const fx of multi) {
    it(`${fx.name}: RESTORE to every earlier version reads that version's expected rows`, async () => {
      const { storage, table } = await copyOf(fx, 'restore');
      const versions = fx.expected.versions;
      const current = BigInt(fx.expected.current);
      // Newest first, then back to the current one: each restore starts from a table the previous one wrote.
      const targets = [...versions.slice(0, -1).reverse(), versions.at(-1)!];
      let from = current;
      for (const v of targets) {
        const prepared = await prepareRestore(table, { version: BigInt(v.id) });
        expect(prepared.noop).toBe(false);
        const r = await prepared.apply();
        const mismatch = await rowsMismatch(await readRows(table), v);
        expect(mismatch, `restore to ${v.id}`).toBeUndefined();
        expect(prepared.preview.after.rows).toBe(BigInt(v.rowCount));
        const lines = await commitLines(storage, BigInt(r.currentAfter!));
        expect(lines[0]!.commitInfo!.operation).toBe('RESTORE');
        expect(lines[0]!.commitInfo!.engineInfo).toBe('Lakescope');
        for (const l of lines.slice(1)) if (l.add || l.remove) expect((l.add ?? l.remove)!.dataChange).toBe(true);
        // A metaData action only when a commit between the two versions changed the metadata, and then in
        // the protocol's own fields (the reader's note of where it read it must not leak into the log).
        const changedBetween = rawMetadataAt(fx, BigInt(v.id)) !== rawMetadataAt(fx, from);
        const md = lines.find((l) => l.metaData)?.metaData;
        expect(md !== undefined, `restore ${from} → ${v.id} writes metaData`).toBe(changedBetween);
        if (md) expect(Object.keys(md).every((k) => METADATA_FIELDS.has(k)), Object.keys(md).join()).toBe(true);
        from = BigInt(v.id);
      }
      expect(table.snapshot.version).toBe(current + BigInt(targets.length));
    });

    it(`${fx.name}: RESTORE by time (commitInfo timestamps) to the first version`, async () => {
      const { table } = await copyOf(fx, 'restore-time');
      const first = fx.expected.versions[0]!;
      // Through the table model, as the worker and the CLI ask for it.
      const prepared = await table.prepare({ kind: 'rollback', toTimeMs: first.timestampMs });
      await prepared.apply();
      expect(await rowsMismatch(await readRows(table), first)).toBeUndefined();
    });

    it(`${fx.name}: OPTIMIZE keeps the current rows, applies deletion vectors, commits dataChange=false`, async () => {
      const { storage, table } = await copyOf(fx, 'optimize');
      const currentExpected = fx.expected.versions.at(-1)!;
      const filesBefore = table.snapshot.files.size;
      const prepared = await table.prepare({ kind: 'compact' });
      // Every one has a partition with several small files or a file with a deletion vector.
      expect(prepared.noop).toBe(false);
      const r = await prepared.apply();
      expect(await rowsMismatch(await readRows(table), currentExpected)).toBeUndefined();
      const live = [...table.snapshot.files.values()];
      expect(live.length).toBeLessThan(filesBefore + 1);
      const lines = await commitLines(storage, BigInt(r.currentAfter!));
      expect(lines[0]!.commitInfo!.operation).toBe('OPTIMIZE');
      for (const l of lines.slice(1)) expect((l.add ?? l.remove)!.dataChange).toBe(false);
      // Every rewritten file carries no deletion vector.
      const added = lines.filter((l) => l.add).map((l) => l.add!);
      expect(added.every((a) => a.deletionVector === undefined)).toBe(true);
      // Undo restores the version before (rows equal either way), through the same RESTORE.
      const undo = await prepareRestore(table, { version: BigInt(r.undo!.action.kind === 'rollback' ? r.undo!.action.snapshotId! : '0') });
      await undo.apply();
      expect(await rowsMismatch(await readRows(table), currentExpected)).toBeUndefined();
    });
  }
});

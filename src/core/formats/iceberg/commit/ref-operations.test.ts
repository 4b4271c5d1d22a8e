import { describe, expect, it } from 'vitest';
import { isLakeError } from '../../../errors.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { listFixtures, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, type ExpectedVersion } from '../../../../testing/fixtures.ts';
import { checkIntegrity, events, EVENTS_SCHEMA, readRows, tempCopy } from '../../../../testing/iceberg-writer-fixtures.ts';
import { appendRows } from './append.ts';
import { createTable } from './create-table.ts';
import { ancestorIds } from './prepared-operation.ts';
import { prepareBranch, prepareFastForward, prepareRemoveRef, prepareRollbackTo, prepareRollbackToTime, prepareSetCurrentSnapshot, prepareTag } from './ref-operations.ts';
import { loadTableState } from './table-state.ts';

/**
 * Rows read after a rollback use the table's current schema (a rollback does not change the schema), while
 * the expected file lists the rows as of that snapshot's own schema: columns added later must read as null.
 */
function sameRowsModuloLaterColumns(actual: unknown[], expected: ExpectedVersion) {
  expect(actual.length).toBe(expected.rowCount);
  const keys = expected.rows && expected.rows.length ? Object.keys(expected.rows[0] as object) : [];
  const projected = actual.map((r) => {
    const o = r as Record<string, unknown>;
    for (const k of Object.keys(o)) if (!keys.includes(k)) expect(o[k]).toBeNull();
    return JSON.stringify(Object.fromEntries(keys.map((k) => [k, o[k]])));
  }).sort();
  expect(projected).toEqual((expected.rows ?? []).map((r) => JSON.stringify(r)).sort());
}

describe('rollback round trips on copies of the fixtures', () => {
  const fixtures = listFixtures('iceberg').filter((f) => f.expected.versions.length > 1);
  if (!FIXTURES_PRESENT) it.skip(`skipped: ${FIXTURES_SKIP_REASON}`, () => {});
  for (const fx of fixtures) {
    it(`${fx.name}: rollback to every ancestor reads that version's rows; set-current back restores the latest`, async () => {
      const { dir, cleanup } = await tempCopy(fx.root);
      try {
        const storage = new FsStorage(dir);
        const latest = fx.expected.versions.find((v) => v.id === fx.expected.current)!;
        const meta = (await loadTableState(storage)).metadata;
        const ancestors = ancestorIds(meta, meta.currentSnapshotId).map(String);
        for (const v of fx.expected.versions) {
          if (v.id === fx.expected.current || !ancestors.includes(v.id)) continue;
          // always from the latest: undo the previous rollback first
          await (await prepareSetCurrentSnapshot(storage, BigInt(latest.id))).apply();
          const op = await prepareRollbackTo(storage, BigInt(v.id));
          expect(op.preview.operation).toBe('rollback');
          expect(op.preview.deletes).toEqual([]);
          expect(op.preview.details).toMatchObject({ to: v.id });
          const r = await op.apply();
          expect(r.attempts).toBe(1);
          sameRowsModuloLaterColumns(await readRows(storage), v);
          await checkIntegrity(storage);
        }
        await (await prepareSetCurrentSnapshot(storage, BigInt(latest.id))).apply();
        sameRowsModuloLaterColumns(await readRows(storage), latest);
        // rolling back by time: just before the latest commit means its parent
        const ts = fx.expected.versions.at(-2)!;
        if (ancestors.includes(ts.id)) {
          await (await prepareRollbackToTime(storage, latest.timestampMs - 1)).apply();
          expect(String((await loadTableState(storage)).metadata.currentSnapshotId)).toBe(ts.id);
        }
      } finally {
        await cleanup();
      }
    });
  }
});

describe('branches, tags, set-current, fast-forward', () => {
  async function threeSnapshots() {
    const storage = new MemoryStorage();
    await createTable(storage, { location: 'mem://t', schema: EVENTS_SCHEMA });
    for (let i = 0; i < 3; i++) await appendRows(storage, events(i * 10, 10));
    const ids = (await loadTableState(storage)).metadata.snapshots.map((s) => s.snapshotId);
    return { storage, ids };
  }

  it('rollback refuses non-ancestors; set-current jumps anywhere and warns', async () => {
    const { storage, ids } = await threeSnapshots();
    await (await prepareRollbackTo(storage, ids[0])).apply();
    expect((await readRows(storage)).length).toBe(10);
    await expect(prepareRollbackTo(storage, ids[2])).rejects.toThrow(/not an ancestor/);
    const op = await prepareSetCurrentSnapshot(storage, ids[2]);
    expect(op.preview.warnings).toEqual([]); // forward to a descendant: nothing leaves the history
    expect(op.preview.details).toMatchObject({ ancestor: false, descendant: true });
    expect(op.preview.before.rows).toBe(10n);
    expect(op.preview.after.rows).toBe(30n);
    await op.apply();
    expect((await readRows(storage)).length).toBe(30);
    const log = (await loadTableState(storage)).metadata.snapshotLog.map((e) => e.snapshotId);
    expect(log).toEqual([ids[0], ids[1], ids[2], ids[0], ids[2]]);
    // a side line: a branch from ids[0] with its own commit, then made current
    await (await prepareBranch(storage, 'side', ids[0])).apply();
    await appendRows(storage, events(900, 2), { branch: 'side' });
    const side = (await loadTableState(storage)).metadata.refs.find((r) => r.name === 'side')!.snapshotId;
    const jump = await prepareSetCurrentSnapshot(storage, side);
    expect(jump.preview.warnings[0]).toMatch(/another line of history/);
    await jump.apply();
    expect((await readRows(storage)).length).toBe(12);
  });

  it('apply fails with a clear Conflict when the table moved since the preview', async () => {
    const { storage, ids } = await threeSnapshots();
    const op = await prepareRollbackTo(storage, ids[0]);
    await appendRows(storage, events(100, 1));
    const err = await op.apply().catch((e) => e);
    expect(isLakeError(err, 'Conflict')).toBe(true);
    expect(err.message).toMatch(/assert-ref-snapshot-id failed: ref main is at snapshot/);
    expect((await readRows(storage)).length).toBe(31);
  });

  it('tags and branches with retention; a branch takes appends of its own and fast-forwards main', async () => {
    const { storage, ids } = await threeSnapshots();
    await (await prepareTag(storage, 'v1', ids[0], { maxRefAgeMs: 86_400_000n })).apply();
    await expect(prepareTag(storage, 'v1', ids[1])).rejects.toThrow(/already exists/);
    await (await prepareTag(storage, 'v1', ids[1], {}, { replace: true })).apply();
    await (await prepareBranch(storage, 'audit', undefined, { minSnapshotsToKeep: 3, maxSnapshotAgeMs: 1000n })).apply();
    let m = (await loadTableState(storage)).metadata;
    expect(m.refs.find((r) => r.name === 'v1')).toMatchObject({ type: 'tag', snapshotId: ids[1] });
    expect(m.refs.find((r) => r.name === 'audit')).toMatchObject({ type: 'branch', snapshotId: ids[2], minSnapshotsToKeep: 3, maxSnapshotAgeMs: 1000n });

    await appendRows(storage, events(500, 5), { branch: 'audit' });
    expect((await readRows(storage)).length).toBe(30); // main did not move
    expect((await readRows(storage, { version: 'audit' })).length).toBe(35);
    m = (await loadTableState(storage)).metadata;
    expect(m.refs.find((r) => r.name === 'audit')).toMatchObject({ minSnapshotsToKeep: 3 }); // retention kept on commit

    await expect(prepareFastForward(storage, 'audit', 'v1')).rejects.toThrow(/not an ancestor/);
    await (await prepareFastForward(storage, 'main', 'audit')).apply();
    expect((await readRows(storage)).length).toBe(35);
    await (await prepareRemoveRef(storage, 'audit')).apply();
    await expect(prepareRemoveRef(storage, 'main')).rejects.toThrow(/cannot be removed/);
    m = (await loadTableState(storage)).metadata;
    expect(m.refs.map((r) => r.name).sort()).toEqual(['main', 'v1']);
  });

  it('removing a tag never removes a branch of that name (nor the reverse); blank names are refused', async () => {
    const { storage, ids } = await threeSnapshots();
    await (await prepareTag(storage, 'v1', ids[0])).apply();
    await (await prepareBranch(storage, 'dev', ids[1])).apply();
    const asTag = await prepareRemoveRef(storage, 'dev', { type: 'tag' }).catch((e) => e);
    expect(isLakeError(asTag, 'DataInvalid')).toBe(true);
    expect(asTag.message).toMatch(/^iceberg refs: dev is a branch \(at snapshot \d+\), not a tag: nothing was removed/);
    const asBranch = await prepareRemoveRef(storage, 'v1', { type: 'branch' }).catch((e) => e);
    expect(asBranch.message).toMatch(/^iceberg refs: v1 is a tag \(at snapshot \d+\), not a branch/);
    await expect(prepareRemoveRef(storage, 'main', { type: 'tag' })).rejects.toThrow(/main is the main branch, not a tag,/);
    for (const blank of ['', '   ', '\t']) {
      await expect(prepareTag(storage, blank, ids[0])).rejects.toThrow(/a tag name must not be empty or blank/);
      await expect(prepareBranch(storage, blank, ids[0])).rejects.toThrow(/a branch name must not be empty or blank/);
    }
    expect((await loadTableState(storage)).metadata.refs.map((r) => r.name).sort()).toEqual(['dev', 'main', 'v1']);
    await (await prepareRemoveRef(storage, 'dev', { type: 'branch' })).apply();
    await (await prepareRemoveRef(storage, 'v1', { type: 'tag' })).apply();
    expect((await loadTableState(storage)).metadata.refs.map((r) => r.name)).toEqual(['main']);
  });
});

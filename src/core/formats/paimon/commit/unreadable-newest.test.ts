/**
 * A torn newest `snapshot-N` or a garbage `LATEST` hint on temp copies of a real fixture: reads fall back
 * to the newest snapshot that parses and say so (naming the file), and every write refuses with
 * DataInvalid naming the file, writing nothing — a snapshot N+1 built on N-1 would drop snapshot N.
 */
import { readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../../../arrow/index.ts';
import { isLakeError, type LakeError } from '../../../errors.ts';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT } from '../../../../testing/fixtures.ts';
import { openPaimonTable } from '../index.ts';
import { commitSnapshotFile } from './snapshot-commit.ts';
import { copyOf, fixture, removeCopies, rowsOf } from './fixture-copies.test-support.ts';

beforeAll(() => installNodeParquetWasm());
afterEach(removeCopies);

const NAME = 'pk_mor_pk_table_scan_and_read_mor';

/** Every file under `dir` with its bytes (to show a refused write wrote nothing). */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(p, readFileSync(p).toString('base64'));
    }
  };
  walk(dir);
  return out;
}

async function refused(p: Promise<unknown>, file: string): Promise<LakeError> {
  const e = await p.then(() => undefined, (x: unknown) => x);
  expect(isLakeError(e, 'DataInvalid'), String(e)).toBe(true);
  expect((e as LakeError).context.file).toBe(file);
  expect((e as LakeError).message).toMatch(/writes are refused: the newest .* cannot be read/);
  return e as LakeError;
}

describe.skipIf(!FIXTURES_PRESENT)('paimon: unreadable newest snapshot or LATEST hint', () => {
  it('a torn newest snapshot: reads show the one before with a warning naming it; every write refuses and writes nothing', async () => {
    const dir = copyOf(NAME);
    const expected = fixture(NAME).expected.versions;
    const newest = expected[expected.length - 1]!.id;
    const previous = expected[expected.length - 2]!;
    truncateSync(join(dir, 'snapshot', `snapshot-${newest}`), 60);
    const table = await openPaimonTable(new FsStorage(dir));
    expect(table.warnings).toHaveLength(1);
    expect(table.warnings[0]).toMatch(new RegExp(`^the newest snapshot/snapshot-${newest} cannot be read \\(paimon snapshot: not valid JSON.*showing snapshot ${previous.id} instead`));
    expect(table.writeRefusal).toMatch(new RegExp(`snapshot/snapshot-${newest}`));
    const versions = await table.versions();
    expect(versions.find((v) => v.isCurrent)?.id).toBe(previous.id);
    expect(await rowsOf(table)).toBe(canonicalRowsText(previous.rows!));

    const before = tree(dir);
    const file = `snapshot/snapshot-${newest}`;
    await refused(table.createTag('t1'), file);
    await refused(table.rollbackAsLatest({ version: expected[0]!.id }), file);
    await refused(table.rollbackDestructive({ version: expected[0]!.id }, { dryRun: true }), file);
    await refused(table.expireSnapshots({ retainMin: 1, olderThanMs: Date.now() }), file);
    expect(tree(dir)).toEqual(before);
  });

  it('the commit point itself refuses when a torn snapshot numbered at or above it exists (a gap the create cannot see)', async () => {
    const dir = copyOf(NAME);
    const expected = fixture(NAME).expected.versions;
    const newest = BigInt(expected[expected.length - 1]!.id);
    writeFileSync(join(dir, 'snapshot', `snapshot-${newest + 2n}`), '{"version": 3, "id": ');
    const raw = JSON.parse(readFileSync(join(dir, 'snapshot', `snapshot-${newest}`), 'utf8')) as Record<string, never>;
    await refused(commitSnapshotFile(new FsStorage(dir), newest + 1n, { ...raw, id: Number(newest + 1n) as never }), `snapshot/snapshot-${newest + 2n}`);
    expect(readdirSync(join(dir, 'snapshot'))).not.toContain(`snapshot-${newest + 1n}`);
  });

  it('a garbage LATEST hint: reads use the listing and say so; writes refuse naming snapshot/LATEST', async () => {
    const dir = copyOf(NAME);
    const expected = fixture(NAME).expected.versions;
    writeFileSync(join(dir, 'snapshot', 'LATEST'), '\u0000\u0000');
    const table = await openPaimonTable(new FsStorage(dir));
    expect(table.warnings.join('\n')).toMatch(/snapshot\/LATEST is not a snapshot id/);
    expect((await table.versions()).find((v) => v.isCurrent)?.id).toBe(expected[expected.length - 1]!.id);
    const before = tree(dir);
    await refused(table.createTag('t1'), 'snapshot/LATEST');
    expect(tree(dir)).toEqual(before);
  });

  it('a clean table has no warning and no refusal', async () => {
    const table = await openPaimonTable(new FsStorage(copyOf(NAME)));
    expect(table.warnings).toEqual([]);
    expect(table.writeRefusal).toBeUndefined();
  });
});

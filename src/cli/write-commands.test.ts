/**
 * The CLI's write commands on temp copies of the fixtures (never the shared originals): each prints its
 * preview, --dry-run writes nothing, and the table read afterwards equals the expected rows.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../core/arrow/index.ts';
import { FIXTURES_PRESENT, listFixtures, type Fixture } from '../testing/fixtures.ts';
import { canonicalMismatch } from '../testing/golden.ts';
import { runMain } from './run-main.test-support.ts';


const temps: string[] = [];
afterEach(() => { while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true }); });
function copyOf(fx: Fixture): string {
  const dir = mkdtempSync(join(tmpdir(), 'lakescope-cli-write-'));
  temps.push(dir);
  cpSync(fx.root, dir, { recursive: true });
  return dir;
}
const fixture = (name: string) => [...listFixtures('iceberg'), ...listFixtures('paimon')].find((f) => f.name === name)!;

describe.skipIf(!FIXTURES_PRESENT)('lakescope write commands', () => {
  it('rollback --dry-run previews and writes nothing; rollback then reads the target version', async () => {
    const fx = fixture('iceberg/v2_java_position_and_equality_deletes');
    const dir = copyOf(fx);
    const before = readdirSync(join(dir, 'metadata')).sort();
    const target = fx.expected.versions[0];
    const dry = await runMain(['rollback', dir, '--to', target.id, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/^rollback: .*ancestor 4951213507629824583/m);
    expect(dry.out).toMatch(/after: +21 rows,/); // no delete files: live rows
    expect(dry.out).toMatch(/before: +22 rows before deletes,/); // 15 live rows: the summary counts rows before deletes
    expect(readdirSync(join(dir, 'metadata')).sort()).toEqual(before);
    const applied = await runMain(['rollback', dir, '--to', target.id]);
    expect(applied.err).toBe('');
    expect(applied.out).toMatch(/applied rollback → metadata\/v6\.metadata\.json/);
    // The current table schema still has the column added later (Iceberg keeps the current schema on
    // rollback), so the target's columns read exactly as before and the later column is null.
    const targetColumns = Object.keys(target.rows![0] as object);
    const scan = await runMain(['scan', dir, '--columns', targetColumns.join(','), '--format', 'canonical']);
    expect(scan.out).toBe(`${canonicalRowsText(target.rows!)}\n`);
    const all = JSON.parse((await runMain(['scan', dir, '--format', 'json'])).out) as Record<string, unknown>[];
    const later = fx.expected.columns.filter((c) => !targetColumns.includes(c));
    expect(later).toEqual(['__happy__']);
    expect(all).toHaveLength(target.rowCount);
    expect(all.every((r) => r.__happy__ === null)).toBe(true);
  });

  it('tag then time travel by the tag; removing it makes the name unknown', async () => {
    const fx = fixture('iceberg/v2_spark_position_deletes');
    const dir = copyOf(fx);
    const v = fx.expected.versions[1];
    expect((await runMain(['tag', dir, '--name', 'before-overwrite', '--version', v.id])).code).toBe(0);
    const versions = JSON.parse((await runMain(['versions', dir, '--json'])).out) as { id: string; refs: { name: string; type: string }[] }[];
    expect(versions.find((x) => x.id === v.id)!.refs).toContainEqual({ name: 'before-overwrite', type: 'tag' });
    expect((await runMain(['scan', dir, '--ref', 'before-overwrite', '--format', 'canonical'])).out).toBe(`${canonicalRowsText(v.rows!)}\n`);
    expect((await runMain(['tag', dir, '--name', 'before-overwrite', '--remove'])).code).toBe(0);
    const gone = await runMain(['scan', dir, '--ref', 'before-overwrite']);
    expect(gone.code).toBe(1);
    expect(gone.err).toMatch(/NotFound/);
  });

  it('compact rewrites small files into fewer and the rows are unchanged', async () => {
    const fx = fixture('iceberg/v1_spark_partitioned_hour_identity');
    const dir = copyOf(fx);
    const r = await runMain(['compact', dir]);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/^compact: /m);
    expect(r.out).toMatch(/applied compact/);
    const info = JSON.parse((await runMain(['files', dir, '--json'])).out) as { files: unknown[] };
    expect(info.files.length).toBeLessThan(20);
    expect((await runMain(['scan', dir, '--format', 'canonical'])).out).toBe(`${canonicalRowsText(fx.expected.versions.at(-1)!.rows!)}\n`);
  });

  it('expire keeps the current rows and, with --delete-files, removes what only expired snapshots reached', async () => {
    const fx = fixture('iceberg/v2_java_position_and_equality_deletes');
    const dir = copyOf(fx);
    const r = await runMain(['expire', dir, '--older-than', '2030-01-01', '--retain-last', '1', '--delete-files']);
    expect(r.err).toBe('');
    expect(r.out).toMatch(/applied expire-snapshots/);
    const versions = JSON.parse((await runMain(['versions', dir, '--json'])).out) as unknown[];
    expect(versions).toHaveLength(1);
    expect((await runMain(['scan', dir, '--format', 'canonical'])).out).toBe(`${canonicalRowsText(fx.expected.versions.at(-1)!.rows!)}\n`);
  });

  it('Paimon: rollback as a new latest snapshot reads like the target; tags work', async () => {
    const fx = fixture('paimon/pk_mor_pk_table_scan_and_read_mor');
    const dir = copyOf(fx);
    const target = fx.expected.versions[1];
    expect((await runMain(['rollback', dir, '--to', target.id])).code).toBe(0);
    const versions = JSON.parse((await runMain(['versions', dir, '--json'])).out) as { id: string; isCurrent: boolean }[];
    expect(versions).toHaveLength(fx.expected.versions.length + 1);
    expect((await runMain(['scan', dir, '--format', 'canonical'])).out).toBe(`${canonicalRowsText(target.rows!)}\n`);
    expect((await runMain(['tag', dir, '--name', 'first', '--version', fx.expected.versions[0].id])).code).toBe(0);
    expect((await runMain(['scan', dir, '--ref', 'first', '--format', 'canonical'])).out).toBe(`${canonicalRowsText(fx.expected.versions[0].rows!)}\n`);
    const compacted = await runMain(['compact', dir]);
    expect(compacted.out).toMatch(/applied compact → snapshot\/snapshot-\d+/);
    expect((await runMain(['scan', dir, '--format', 'canonical'])).out).toBe(`${canonicalRowsText(target.rows!)}\n`);
    const unsupported = await runMain(['rewrite-manifests', dir]);
    expect(unsupported.code).toBe(1);
    expect(unsupported.err).toMatch(/Unsupported: .*not available for Paimon/);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('an unreadable newest metadata file or snapshot', () => {
  it('Iceberg: every read command warns on stderr naming it; tag refuses with DataInvalid and writes nothing', async () => {
    const fx = fixture('iceberg/v2_spark_position_deletes');
    const dir = copyOf(fx);
    truncateSync(join(dir, 'metadata', 'v5.metadata.json'), 100);
    for (const argv of [['info', dir], ['versions', dir], ['scan', dir, '--format', 'json'], ['files', dir]]) {
      const r = await runMain(argv);
      expect(r.code, argv[0]).toBe(0);
      expect(r.err, argv[0]).toMatch(/^lakescope: warning: the newest metadata\/v5\.metadata\.json cannot be read .*showing metadata\/v4\.metadata\.json instead; writes are refused/);
    }
    const before = readdirSync(join(dir, 'metadata')).sort();
    const tag = await runMain(['tag', dir, '--name', 'x']);
    expect(tag.code).toBe(1);
    expect(tag.err).toMatch(/^lakescope: DataInvalid: iceberg commit: writes are refused: the newest metadata\/v5\.metadata\.json cannot be read/);
    expect(tag.err).toMatch(/file=metadata\/v5\.metadata\.json/);
    expect(readdirSync(join(dir, 'metadata')).sort()).toEqual(before);
    expect(readFileSync(join(dir, 'metadata', 'version-hint.text'), 'utf8').trim()).toBe('5');
  });

  it('Paimon: a torn newest snapshot warns on stderr and refuses tag and rollback', async () => {
    const fx = fixture('paimon/pk_mor_pk_table_scan_and_read_mor');
    const dir = copyOf(fx);
    const newest = fx.expected.versions.at(-1)!.id;
    truncateSync(join(dir, 'snapshot', `snapshot-${newest}`), 40);
    const info = await runMain(['versions', dir, '--json']);
    expect(info.code).toBe(0);
    expect(info.err).toMatch(new RegExp(`^lakescope: warning: the newest snapshot/snapshot-${newest} cannot be read`));
    expect((JSON.parse(info.out) as { isCurrent: boolean; id: string }[]).find((v) => v.isCurrent)?.id).toBe(fx.expected.versions.at(-2)!.id);
    for (const argv of [['tag', dir, '--name', 'x'], ['rollback', dir, '--to', fx.expected.versions[0].id]]) {
      const r = await runMain(argv);
      expect(r.code, argv[0]).toBe(1);
      expect(r.err, argv[0]).toMatch(new RegExp(`DataInvalid: paimon (tag|rollback): writes are refused: the newest snapshot/snapshot-${newest} cannot be read`));
    }
    expect(readdirSync(join(dir, 'snapshot'))).not.toContain(`snapshot-${Number(newest) + 1}`);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('tag and branch names', () => {
  it('tag --remove never removes a branch (and the reverse), naming what the name is; blank names are usage errors', async () => {
    const fx = fixture('iceberg/v2_spark_position_deletes');
    const dir = copyOf(fx);
    expect((await runMain(['branch', dir, '--name', 'dev'])).code).toBe(0);
    expect((await runMain(['tag', dir, '--name', 'gold'])).code).toBe(0);
    const wrongTag = await runMain(['tag', dir, '--name', 'dev', '--remove']);
    expect(wrongTag.code).toBe(1);
    expect(wrongTag.err).toMatch(/DataInvalid: iceberg refs: dev is a branch .*not a tag: nothing was removed/);
    const wrongBranch = await runMain(['branch', dir, '--name', 'gold', '--remove']);
    expect(wrongBranch.err).toMatch(/gold is a tag .*not a branch/);
    const refs = JSON.parse((await runMain(['info', dir, '--json'])).out).refs.map((r: { name: string }) => r.name).sort();
    expect(refs).toEqual(['dev', 'gold', 'main']);
    for (const argv of [['tag', dir, '--name', ''], ['tag', dir, '--name', '  '], ['branch', dir, '--name', ' '], ['tag', dir, '--name', '', '--remove']]) {
      const r = await runMain(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(/cli: (tag|branch) --name must not be empty or blank/);
    }
    const paimon = copyOf(fixture('paimon/pk_mor_pk_table_scan_and_read_mor'));
    expect((await runMain(['tag', paimon, '--name', ' '])).code).toBe(2);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('Delta through the same commands', () => {
  it('rollback is RESTORE, compact is OPTIMIZE, vacuum reports; each read back as the expected rows', async () => {
    const fx = listFixtures('delta').find((f) => f.name === 'delta/basic-dv-with-checkpoint')!;
    const dir = copyOf(fx);
    const canonical = async () => (await runMain(['scan', dir, '--format', 'canonical'])).out.trim();
    const first = fx.expected.versions[0]!;
    const dry = await runMain(['rollback', dir, '--to', first.id, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/^restore: RESTORE to version 0/m);
    expect(readdirSync(join(dir, '_delta_log'))).not.toContain('00000000000000000047.json');
    const r = await runMain(['rollback', dir, '--to', first.id]);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/applied restore → _delta_log\/00000000000000000047\.json/);
    const rows = await canonical();
    expect((await runMain(['compact', dir])).code).toBe(0);
    expect(readdirSync(join(dir, '_delta_log'))).toContain('00000000000000000048.json');
    expect(await canonical()).toBe(rows);
    const vac = await runMain(['vacuum', dir]);
    expect(vac.code, vac.err).toBe(0);
    expect(vac.out).toMatch(/^vacuum: VACUUM: no file/m);
    expect((await runMain(['vacuum', dir, '--retention-hours', '1'])).code).toBe(1);
    expect(await canonicalMismatch(rows, first)).toBeUndefined();
  });
});

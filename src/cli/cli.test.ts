/**
 * The CLI's commands on particular tables: what they print, time travel, projection, filters, explain, and
 * errors exiting non-zero with a clear message. The golden loop over every fixture and version of every
 * format is golden.test.ts.
 */
import { cpSync, mkdtempSync, rmSync, truncateSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../core/arrow/index.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../testing/fixtures.ts';
import { runMain } from './run-main.test-support.ts';


const iceberg = listFixtures('iceberg');
const paimon = listFixtures('paimon');
if (!FIXTURES_PRESENT) console.warn(`cli.test: ${FIXTURES_SKIP_REASON}`);

describe.skipIf(!FIXTURES_PRESENT)('lakescope commands', () => {
  const fx = () => iceberg.find((f) => f.name === 'iceberg/v2_java_position_and_equality_deletes')!;

  it('versions --json lists every snapshot with string ids, parents, timestamps, operations and refs', async () => {
    const r = await runMain(['versions', fx().root, '--json']);
    expect(r.code).toBe(0);
    const versions = JSON.parse(r.out) as { id: string; parentId?: string; timestampMs: number; operation: string; refs: { name: string }[] }[];
    expect(versions.map((v) => [v.id, v.timestampMs, v.operation]))
      .toEqual(fx().expected.versions.map((v) => [v.id, v.timestampMs, v.operation]));
    expect(versions[1].parentId).toBe(versions[0].id);
    expect(versions.at(-1)!.refs.map((x) => x.name)).toContain('main');
  });

  it('versions: record counts are live only where the metadata makes them exact, else say "before deletes" (text and JSON)', async () => {
    const text = (await runMain(['versions', fx().root])).out.split('\n');
    const first = fx().expected.versions[0];
    const current = fx().expected.versions.find((v) => v.id === fx().expected.current)!;
    expect(text.find((l) => l.startsWith(first.id))).toMatch(new RegExp(`  ${first.rowCount}$`)); // no delete files yet: live
    expect(text.find((l) => l.startsWith(current.id))).toMatch(/  22 \(before deletes\)$/);
    expect(current.rowCount).toBe(15); // what a scan returns: the summaries' 22 counts rows before deletes
    const json = JSON.parse((await runMain(['versions', fx().root, '--json'])).out) as { id: string; totals: { records: unknown } }[];
    expect(json.find((v) => v.id === current.id)!.totals.records).toEqual({ count: '22', live: false, basis: 'before deletes' });
    expect(json.find((v) => v.id === first.id)!.totals.records).toEqual({ count: String(first.rowCount), live: true });
    const pk = paimon.find((f) => f.name === 'paimon/pk_mor_pk_table_scan_and_read_mor')!;
    expect((await runMain(['versions', pk.root])).out).toMatch(/ \(before merging by primary key\)/);
  });

  it('info --json names the format, re-rooting and current schema', async () => {
    const r = await runMain(['info', fx().root, '--json']);
    expect(r.code).toBe(0);
    const info = JSON.parse(r.out);
    expect(info.format).toBe('iceberg');
    expect(info.relocatedFrom).toBe('s3a://hyperparam-iceberg/java/bunnies');
    expect(info.currentVersion).toBe(fx().expected.current);
    expect(info.columns.map((c: { name: string }) => c.name)).toEqual(fx().expected.columns);
  });

  it('info shows field ids only where the format has them (Delta: with column mapping yes, without no)', async () => {
    const idsOf = async (root: string) => {
      const r = await runMain(['info', root, '--json']);
      expect(r.code).toBe(0);
      return (JSON.parse(r.out) as { columns: { id?: number; name: string }[] }).columns.map((c) => [c.id, c.name]);
    };
    const mapped = join(FIXTURES_DIR, 'delta', 'table_with_column_mapping');
    const plain = join(FIXTURES_DIR, 'delta', 'table-with-dv-small');
    expect(await idsOf(mapped)).toEqual([[1, 'Company Very Short'], [2, 'Super Name']]);
    expect((await idsOf(plain)).every(([id]) => id === undefined)).toBe(true);
    const header = (text: string) => text.split('\n').find((l) => /^\s*(id\s+)?name\s+type/.test(l))!.trim().split(/\s+/);
    expect(header((await runMain(['info', mapped])).out)).toEqual(['id', 'name', 'type', 'required']);
    expect(header((await runMain(['info', plain])).out)).toEqual(['name', 'type', 'required']);
  });

  it('versions shows the schema each version was written with (a Delta table adding a column at version 1)', async () => {
    const root = join(FIXTURES_DIR, 'delta-golden', 'time-travel-schema-changes-b', 'delta');
    const lines = (await runMain(['versions', root])).out.split('\n');
    const at = lines[0]!.indexOf('schema');
    expect(at).toBeGreaterThan(0);
    const schemaOf = (id: string) => lines.find((l) => l.startsWith(`${id} `))!.slice(at, at + 'schema'.length).trim();
    expect([schemaOf('0'), schemaOf('1')]).toEqual(['0', '1']);
    const json = JSON.parse((await runMain(['versions', root, '--json'])).out) as { id: string; schemaId?: string }[];
    expect(json.map((v) => [v.id, v.schemaId])).toEqual([['0', '0'], ['1', '1']]);
  });

  it('scan time-travels by --as-of and --ref, projects --columns, filters --where and honours --limit', async () => {
    const first = fx().expected.versions[0];
    const asOf = await runMain(['scan', fx().root, '--as-of', String(first.timestampMs), '--format', 'canonical']);
    expect(asOf.out).toBe(`${canonicalRowsText(first.rows!)}\n`);
    const byRef = await runMain(['scan', fx().root, '--ref', 'main', '--format', 'jsonl']);
    expect(byRef.out.trim().split('\n')).toHaveLength(fx().expected.versions.at(-1)!.rowCount);
    const col = fx().expected.columns[0];
    const proj = await runMain(['scan', fx().root, '--columns', col, '--limit', '3', '--format', 'json']);
    const rows = JSON.parse(proj.out) as Record<string, unknown>[];
    expect(rows).toHaveLength(3);
    expect(Object.keys(rows[0])).toEqual([col]);
  });

  it('--as-of, --to-time and --older-than read zone-less text as UTC in any machine zone and refuse impossible days', async () => {
    // Date.parse read '2025-…T…' without a zone in the machine's zone and rolled 2025-04-31 over to May 1.
    const versions = fx().expected.versions;
    const second = versions[1];
    const iso = new Date(second.timestampMs).toISOString().replace('T', ' ').replace('Z', '');
    const tz = process.env.TZ;
    try {
      for (const zone of ['America/Los_Angeles', 'Asia/Shanghai']) {
        process.env.TZ = zone;
        const r = await runMain(['scan', fx().root, '--as-of', iso, '--format', 'canonical']);
        expect(r.out, zone).toBe(`${canonicalRowsText(second.rows!)}\n`);
      }
    } finally {
      if (tz === undefined) delete process.env.TZ; else process.env.TZ = tz;
    }
    for (const args of [['scan', fx().root, '--as-of', '2099-04-31'], ['expire', fx().root, '--older-than', '2099-02-30', '--dry-run'], ['rollback', fx().root, '--to-time', '2020-01-01T24:00:00Z', '--dry-run']]) {
      const r = await runMain(args);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(r.err, args.join(' ')).toMatch(/--(as-of|older-than|to-time) "[^"]+" is neither ms since epoch nor an ISO date\/time \(not a valid date and time\)/);
    }
  });

  it('files --explain on a partitioned table reports kept and skipped files with reasons', async () => {
    const hour = iceberg.find((f) => f.name === 'iceberg/v1_spark_partitioned_hour_identity')!;
    const r = await runMain(['files', hour.root, '--where', "action = 'click'", '--explain', '--json']);
    expect(r.code).toBe(0);
    const plan = JSON.parse(r.out);
    expect(plan.counts.dataFiles).toEqual({ total: 20, matched: 6, skipped: 14 });
    expect(plan.files).toHaveLength(6);
    expect(plan.skipped.filter((s: { reason: string }) => /cannot match/.test(s.reason))).toHaveLength(14);
    const clicks = await runMain(['scan', hour.root, '--where', "action = 'click'", '--format', 'json']);
    const rows = JSON.parse(clicks.out) as { action: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((x) => x.action === 'click')).toBe(true);
  });

  it('fails with a clear message and a non-zero exit on bad input', async () => {
    const missing = await runMain(['info', join(tmpdir(), 'no-such-lakescope-table')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/NotFound: .*nothing at/);
    const usage = await runMain(['scan', fx().root, '--format', 'xml']);
    expect(usage.code).toBe(2);
    expect(usage.err).toMatch(/unknown --format "xml"/);
    const badVersion = await runMain(['scan', fx().root, '--version', '123']);
    expect(badVersion.code).toBe(1);
    expect(badVersion.err).toMatch(/NotFound/);
    const typo = await runMain(['versions', fx().root, '--jsn']);
    expect(typo.code).toBe(2);
    expect(typo.err).toMatch(/unknown option --jsn/);
  });

  it('--columns: an empty list or name is a usage error naming the columns; unknown names name the known ones', async () => {
    for (const cols of ['', ' ', 'Lifespan,,Origin Country', 'Lifespan,']) {
      const r = await runMain(['scan', fx().root, '--columns', cols, '--limit', '2']);
      expect(r.code, JSON.stringify(cols)).toBe(2);
      expect(r.out).toBe('');
      expect(r.err).toMatch(/cli: --columns (is empty|has an empty name in ".*"): give column names separated by commas \(columns: Breed Name, .*Lifespan/);
    }
    const pfx = paimon.find((f) => f.name === 'paimon/append_complex_data')!;
    const unknown = await runMain(['scan', pfx.root, '--columns', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(new RegExp(`no column 'nope'; its columns are: ${pfx.expected.columns.slice(0, 2).join(', ')}`));
  });

  it('names the corrupt file when a manifest is truncated', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lakescope-cli-'));
    try {
      cpSync(fx().root, dir, { recursive: true });
      const manifest = readdirSync(join(dir, 'metadata')).find((f) => /-m\d+\.avro$/.test(f))!;
      truncateSync(join(dir, 'metadata', manifest), 100);
      const r = await runMain(['scan', dir, '--format', 'canonical']);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/DataInvalid/);
      expect(r.err).toContain(manifest);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
});

describe('terminal escapes in messages (issue 18)', () => {
  it('prints escapes and bidi controls from a path or name escaped, never raw, on stderr', async () => {
    const hostile = '\u001b]0;pwned\u0007\u001b[2J\u202eevil';
    for (const argv of [[`${hostile}cmd`, 'x'], ['info', join(tmpdir(), `no-such-table-${hostile}`)]]) {
      const r = await runMain(argv);
      expect(r.code).not.toBe(0);
      expect(r.err).toContain('\\x1b]0;pwned\\x07');
      expect(r.err).toContain('\\u202e');
      expect(r.err).not.toMatch(/[\u001b\u0007\u202e]/);
    }
  });
});

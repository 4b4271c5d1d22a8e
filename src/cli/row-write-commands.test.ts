/**
 * The CLI's create, append, delete and update commands, in-process (main() as the binary runs it) on a
 * temp folder: each prints its preview, --dry-run writes nothing, and `scan --format canonical` afterwards
 * prints exactly the rows computed here; the commands name no format except create's --table-format.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalRowsText } from '../core/arrow/index.ts';
import { runMain } from './run-main.test-support.ts';


const temps: string[] = [];
afterEach(() => { while (temps.length) rmSync(temps.pop()!, { recursive: true, force: true }); });
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lakescope-cli-rows-'));
  temps.push(dir);
  return dir;
}

type Row = { id: number | string; name: string | null; amount: string };
/** The canonical text `scan --format canonical` prints for these rows (sorted, exact). */
const canonical = (rows: Row[]) => `${canonicalRowsText([...rows].map((r) => JSON.stringify(r)).sort().map((s) => JSON.parse(s) as Row))}\n`;

describe('lakescope create / append / delete / update', () => {
  it('create a Delta table with deletion vectors, append rows (inline and JSON lines), delete and update by --where; each step read back exactly', async () => {
    const dir = join(tempDir(), 'sales');
    const dry = await runMain(['create', dir, '--table-format', 'delta', '--columns', 'id long not null, name string, amount decimal(10,2)', '--properties', 'delta.enableDeletionVectors=true', '--dry-run']);
    expect(dry.err).toBe('');
    expect(dry.out).toMatch(/^create: CREATE TABLE: version 0 of a new Delta table with 3 column\(s\) \(id, name, amount\), unpartitioned; protocol reader 3 \/ writer 7 with reader features deletionVectors/m);
    expect(dry.out).toContain('(dry run: nothing written)');
    expect(() => readdirSync(dir)).toThrow(); // nothing was written, not even the folder

    const created = await runMain(['create', dir, '--table-format', 'delta', '--columns', 'id long not null, name string, amount decimal(10,2)', '--properties', 'delta.enableDeletionVectors=true']);
    expect(created.err).toBe('');
    expect(created.out).toMatch(/applied create → _delta_log\/00000000000000000000\.json/);

    // 2^53 + 1 stays exact through the bigint-safe JSON reader.
    const first: Row[] = [{ id: 1, name: 'a', amount: '1.50' }, { id: '9007199254740993', name: 'b', amount: '-2.25' }];
    const a1 = await runMain(['append', dir, '--rows-json', '[{"id": 1, "name": "a", "amount": "1.50"}, {"id": 9007199254740993, "name": "b", "amount": -2.25}]']);
    expect(a1.err).toBe('');
    expect(a1.out).toMatch(/^append: WRITE \(append\) 2 row\(s\)/m);
    expect(a1.out).toMatch(/after: +2 rows/);
    const file = join(tempDir(), 'rows.jsonl');
    writeFileSync(file, '{"id": 3, "name": null, "amount": "0.00"}\n\n{"id": 4, "name": "d", "amount": "10"}\n');
    expect((await runMain(['append', dir, '--rows-file', file])).code).toBe(0);
    let rows: Row[] = [...first, { id: 3, name: null, amount: '0.00' }, { id: 4, name: 'd', amount: '10.00' }];
    expect((await runMain(['scan', dir, '--format', 'canonical'])).out).toBe(canonical(rows));

    const delDry = await runMain(['delete', dir, '--where', "name = 'a' or amount < 0", '--dry-run']);
    expect(delDry.out).toMatch(/^delete: DELETE 2 row\(s\) matching .* marked deleted in deletion vectors/m);
    expect((await runMain(['scan', dir, '--format', 'canonical'])).out).toBe(canonical(rows));
    expect((await runMain(['delete', dir, '--where', "name = 'a' or amount < 0"])).code).toBe(0);
    rows = rows.slice(2);
    expect((await runMain(['scan', dir, '--format', 'canonical'])).out).toBe(canonical(rows));

    const upd = await runMain(['update', dir, '--where', 'name is null', '--set', '{"name": "c", "amount": "3.33"}']);
    expect(upd.err).toBe('');
    rows = [{ id: 3, name: 'c', amount: '3.33' }, rows[1]!];
    expect((await runMain(['scan', dir, '--format', 'canonical'])).out).toBe(canonical(rows));
    const versions = JSON.parse((await runMain(['versions', dir, '--json'])).out) as { operation: string }[];
    expect(versions.map((v) => v.operation)).toEqual(['CREATE TABLE', 'WRITE', 'WRITE', 'DELETE', 'UPDATE']);
    // The earlier versions are still there to read.
    expect((await runMain(['scan', dir, '--version', '2', '--format', 'canonical'])).out).toBe(canonical([...first, { id: 3, name: null, amount: '0.00' }, { id: 4, name: 'd', amount: '10.00' }]));
  });

  it('refuses bad input with a usage error before writing, and row writes to a format without them with the reason', async () => {
    const dir = join(tempDir(), 't');
    expect((await runMain(['create', dir, '--columns', 'id long'])).err).toMatch(/needs --table-format NAME/);
    expect((await runMain(['create', dir, '--table-format', 'delta', '--columns', 'id'])).err).toMatch(/"id" is not "<name> <type> \[not null\]"/);
    expect((await runMain(['create', dir, '--table-format', 'paimon', '--columns', 'id long'])).err).toMatch(/cannot create Apache Paimon tables yet/);
    expect((await runMain(['create', dir, '--table-format', 'delta', '--columns', 'id long, day date', '--partition-by', 'day'])).code).toBe(0);
    expect((await runMain(['create', dir, '--table-format', 'delta', '--columns', 'id long'])).err).toMatch(/Conflict: delta create: .* already holds a Delta table/);
    expect((await runMain(['append', dir])).err).toMatch(/exactly one of --rows-json/);
    expect((await runMain(['append', dir, '--rows-json', '[1, 2]'])).err).toMatch(/JSON array of objects/);
    expect((await runMain(['append', dir, '--rows-json', '[{"id": "one"}]'])).err).toMatch(/DataInvalid: delta write: row 1, column id/);
    expect((await runMain(['delete', dir])).err).toMatch(/needs --where EXPR/);
    expect((await runMain(['update', dir, '--where', 'id = 1'])).err).toMatch(/needs --set/);
    expect((await runMain(['update', dir, '--where', 'id = 1', '--set', '{}'])).err).toMatch(/at least one column/);
    expect(JSON.parse((await runMain(['versions', dir, '--json'])).out)).toHaveLength(1);
  });
});

/**
 * A row diff across a rename and a type widening (demo sales/customers: `email` → `email_address`, int →
 * long `loyalty_points`, then 25 equality deletes). The older side's rows must be projected into the later
 * schema even when the renamed column keeps its place — they once kept the old name, so every old row
 * compared unequal (650 removed, 725 added instead of the 25 the deletes removed and the rows appended).
 * Expected rows come from scanning both versions through the read loop and renaming by field id here.
 */
import { noteText } from '../../messages/note.ts';
import { multisetMinus as minus } from '../../../testing/multiset.ts';
import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../../platform/node/parquet-wasm-init.ts';
import { REPO_ROOT } from '../../../testing/fixtures.ts';
import { canonicalRows } from '../../arrow/canonical.ts';
import type { LakeTable, SchemaDto } from '../../formats/table-format.ts';
import { openTable } from '../open-table.ts';
import { readTasks } from '../read-tasks.ts';
import { diffRows } from './row-diff.ts';

installNodeParquetWasm();

const FROM = '1844384791218414327';
const TO = '4740224907902911394';

async function rowsOf(table: LakeTable, version: string): Promise<{ columns: string[]; rows: Record<string, unknown>[] }> {
  const plan = await table.plan({ version });
  const rows: Record<string, unknown>[] = [];
  for await (const r of readTasks(table, plan)) if ('batch' in r) rows.push(...canonicalRows(r.batch, { columns: plan.columns }));
  return { columns: [...plan.columns], rows };
}


describe('row diff across a rename and a widening (demo sales/customers)', () => {
  it('projects the older rows into the later schema: only the real changes remain', async () => {
    const table = await openTable(new FsStorage(`${REPO_ROOT}/public/demo`), 'sales/customers/', 'iceberg');
    const [versions, schemas] = await Promise.all([table.versions(), table.schemas()]);
    const schemaOf = (id: string): SchemaDto => schemas.find((s) => s.schemaId === versions.find((v) => v.id === id)!.schemaId)!;
    const [a, b] = await Promise.all([rowsOf(table, FROM), rowsOf(table, TO)]);
    const from = schemaOf(FROM);
    const to = schemaOf(TO);
    expect(from.columns.map((c) => c.name)).toContain('email');
    expect(to.columns.map((c) => c.name)).toContain('email_address');
    // Old rows renamed by field id into the later columns.
    const sourceOf = new Map(to.columns.map((t) => [t.name, from.columns.find((c) => c.id === t.id)?.name]));
    const aText = a.rows.map((r) => JSON.stringify(Object.fromEntries(b.columns.map((c) => [c, sourceOf.get(c) ? (r[sourceOf.get(c)!] ?? null) : null]))));
    const bText = b.rows.map((r) => JSON.stringify(Object.fromEntries(b.columns.map((c) => [c, r[c] ?? null]))));
    const d = await diffRows(table, { version: FROM }, { version: TO });
    const got = {
      added: [...d.added.map((r) => JSON.stringify(r.row)), ...d.changed.map((c) => JSON.stringify(c.after.row))].sort(),
      removed: [...d.removed.map((r) => JSON.stringify(r.row)), ...d.changed.map((c) => JSON.stringify(c.before.row))].sort(),
    };
    const want = { added: minus(bText, aText), removed: minus(aText, bText) };
    expect(got).toEqual(want);
    expect(want.removed.length).toBeLessThan(a.rows.length); // not every old row: the projection happened
    expect(d.notes.map((n) => noteText(n)).join(' ')).toMatch(/schemas differ/);
  }, 120_000);
});

/**
 * Shared by the Paimon write tests: temp copies of the shared fixtures (never written in place) and the
 * canonical rows of a table at a version.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordBatch } from 'apache-arrow';
import { canonicalRows, canonicalRowsText } from '../../../arrow/index.ts';
import { listFixtures, type Fixture } from '../../../../testing/fixtures.ts';
import type { PaimonTable } from '../index.ts';

const fixtures = listFixtures('paimon');

/** The Paimon fixture `paimon/<name>`. */
export const fixture = (name: string): Fixture => fixtures.find((f) => f.name === `paimon/${name}`)!;

const temps: string[] = [];

/** A temp copy of a fixture; removed by {@link removeCopies} (call it in afterEach). */
export function copyOf(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'paimon-commit-'));
  temps.push(dir);
  cpSync(fixture(name).root, dir, { recursive: true });
  return dir;
}

export function removeCopies(): void {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
}

/** Canonical rows text of the table at `version` (current by default). */
export async function rowsOf(table: PaimonTable, version?: string): Promise<string> {
  const plan = await table.plan({ version });
  const batches: RecordBatch[] = [];
  for (const t of plan.tasks) for await (const b of table.read(t)) batches.push(b);
  return canonicalRowsText(canonicalRows(batches, { columns: plan.columns }));
}

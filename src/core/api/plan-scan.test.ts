import { describe, expect, it } from 'vitest';
import { isLakeError } from '../errors.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../testing/fixtures.ts';
import { GOLDEN_FORMATS, goldenFixtures, openFixture } from '../../testing/golden.ts';
import { explainScan } from './explain-scan.ts';
import { RowCursor } from './row-cursor.ts';

/** What a call threw (fails the test when it did not throw). */
async function thrown(p: Promise<unknown>): Promise<unknown> {
  try { await p; } catch (e) { return e; }
  throw new Error('expected an error');
}

describe.skipIf(!FIXTURES_PRESENT)(`an unknown column names itself and the known ones (${FIXTURES_PRESENT ? 'fixtures' : FIXTURES_SKIP_REASON})`, () => {
  // One fixture of every format: the explain view, the Data tab's cursor (and so the CLI's scan) all say it.
  for (const g of GOLDEN_FORMATS) {
    it(`${g.format}: filter and projection`, async () => {
      const table = await openFixture(goldenFixtures(g)[0]!);
      const names = table.columnNames();
      for (const call of [
        explainScan(table, '', { filter: 'no_such_col = 1' }),
        RowCursor.open(table, { filter: `${names[0] === undefined ? 'x' : `"${names[0]}" is null`} or no_such_col = 1` }),
        RowCursor.open(table, { columns: ['no_such_col'] }),
      ]) {
        const e = await thrown(call);
        // Not NotFound: the page read that as "nothing exists at the requested location".
        expect(isLakeError(e, 'DataInvalid'), String(e)).toBe(true);
        const message = (e as Error).message;
        expect(message).toContain("'no_such_col'");
        for (const n of names) expect(message).toContain(n);
        expect((e as { context: Record<string, unknown> }).context).toMatchObject({ column: 'no_such_col', known: names.join(', ') });
      }
    });
  }
});

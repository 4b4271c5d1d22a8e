/**
 * The exact rows of paimon/append_complex_data, whose `f4` is TIMESTAMP(9): fixtures/expected holds the
 * rows with `f4` floored to microseconds (the canonical form) and spells out the exact nanosecond values in
 * its `notes` ("2008-12-28T00:00:00.000123456 (dad), …"), each named by the row's `f6` bytes as text (or
 * "null f6"). The rows here take `f4` from those notes, nine fraction digits; a value the notes do not list
 * has no sub-microsecond digits. Nothing here comes from the engine.
 */
import { listFixtures, type Fixture } from '../../../testing/fixtures.ts';

export interface NanosRow {
  readonly f4: string | null;
  readonly f6: string | null;
  readonly row: Record<string, unknown>;
}

/** `f4` as epoch nanoseconds (for ordering the expected answers), from `YYYY-MM-DDTHH:MM:SS.fffffffffZ`. */
export function nanosOf(text: string): bigint {
  const ms = BigInt(Date.parse(`${text.slice(0, 19)}Z`));
  return ms * 1_000_000n + BigInt(text.slice(20, 29));
}

const hexText = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');

/** The fixture, its current version's rows with exact `f4`, and any version's (`at`). */
export function nanosFixture(): { fixture: Fixture; rows: NanosRow[]; at: (version: string) => NanosRow[] } {
  const fixture = listFixtures('paimon').find((f) => f.name === 'paimon/append_complex_data')!;
  const notes = fixture.expected.notes ?? '';
  const exact = new Map<string, string>();
  for (const m of notes.matchAll(/(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}) \(([^)]*)\)/g)) {
    for (const name of m[2]!.split(/,\s*/)) exact.set(/null f6/.test(name) ? '' : name, `${m[1]}Z`);
  }
  if (exact.size < 5) throw new Error(`expected notes changed: ${notes}`);
  const rows = rowsAt(fixture, exact, fixture.expected.current);
  return { fixture, rows, at: (version: string) => rowsAt(fixture, exact, version) };
}

function rowsAt(fixture: Fixture, exact: ReadonlyMap<string, string>, version: string): NanosRow[] {
  const v = fixture.expected.versions.find((x) => x.id === version)!;
  return (v.rows as Record<string, unknown>[]).map((row) => {
    const us = row.f4 as string | null;
    const f6 = row.f6 as string | null;
    const named = exact.get(f6 === null ? '' : hexText(f6));
    const f4 = us === null ? null : named ?? `${us.slice(0, -1)}000Z`;
    if (f4 !== null && f4.slice(0, 26) !== us!.slice(0, 26)) throw new Error(`notes and rows disagree on ${f6}: ${f4} vs ${us}`);
    return { f4, f6, row };
  });
}

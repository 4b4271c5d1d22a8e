/**
 * Opening the CLI's `<table>`: its Storage (table-location.ts), then the first format whose `detect`
 * recognises the root. Formats are tried in the product's order (Iceberg first).
 */
import { LakeError } from '../core/errors.ts';
import type { LakeTable, TableFormat } from '../core/formats/table-format.ts';
import { icebergFormat } from '../core/formats/iceberg/index.ts';
import { paimonFormat } from '../core/formats/paimon/index.ts';
import { deltaFormat } from '../core/formats/delta/index.ts';
import { openTableLocation } from './table-location.ts';

/** The formats the CLI can open, tried in this order. */
export const CLI_FORMATS: readonly TableFormat[] = [icebergFormat as TableFormat, paimonFormat as TableFormat, deltaFormat as TableFormat];

/** Opens a table by its CLI argument; NotFound names the place and the formats tried. */
export async function openCliTable(arg: string, signal: AbortSignal, formats: readonly TableFormat[] = CLI_FORMATS): Promise<LakeTable> {
  const { storage, display } = openTableLocation(arg);
  for (const format of formats) {
    if (await format.detect(storage, signal)) return format.open(storage, { signal });
  }
  throw new LakeError('NotFound', `cli: no table found at ${display} (looked for ${formats.map((f) => f.name).join(', ')})`, { location: display });
}

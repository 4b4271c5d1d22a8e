/**
 * Opening the CLI's `<table>`: its Storage (table-location.ts), then the first format whose `detect`
 * recognises the root. Formats are tried in the product's order (Iceberg first).
 */
import { openTableAt } from '../core/api/open-location.ts';
import type { LakeTable, TableFormat } from '../core/formats/table-format.ts';
import { icebergFormat } from '../core/formats/iceberg/index.ts';
import { paimonFormat } from '../core/formats/paimon/index.ts';
import { hudiFormat } from '../core/formats/hudi/index.ts';
import { openTableLocation } from './table-location.ts';

/** The formats the CLI can open, tried in this order. */
export const CLI_FORMATS: readonly TableFormat[] = [icebergFormat as TableFormat, paimonFormat as TableFormat, hudiFormat as TableFormat];

/**
 * Opens a table by its CLI argument (a table root, or an Iceberg metadata file). When no readable table is
 * there, the error says what is: nothing (NotFound), a Delta Lake or Hudi table (Unsupported, named), or
 * files that are no table (NotFound naming the formats looked for).
 */
export async function openCliTable(arg: string, signal: AbortSignal, formats: readonly TableFormat[] = CLI_FORMATS): Promise<LakeTable> {
  const { storage, display, metadataPath } = openTableLocation(arg);
  return openTableAt(storage, { signal, formats, display, metadataPath });
}

/**
 * Opening the CLI's `<table>`: its Storage (table-location.ts), then the first format of the one registry
 * (core/api/table-formats.ts, which says why that order) whose `detect` recognises the root.
 */
import { openTableAt } from '../core/api/open-location.ts';
import { TABLE_READERS } from '../core/api/table-formats.ts';
import type { LakeTable, TableFormat } from '../core/formats/table-format.ts';
import { openTableLocation } from './table-location.ts';

/** The formats the CLI can open, tried in the registry's order. */
export const CLI_FORMATS: readonly TableFormat[] = Object.values(TABLE_READERS) as TableFormat[];

/**
 * Opens a table by its CLI argument (a table root, or an Iceberg metadata file). When no readable table is
 * there, the error says what is: nothing (NotFound), a table of a format this build cannot read
 * (Unsupported, named), or files that are no table (NotFound naming the formats looked for).
 */
export async function openCliTable(arg: string, signal: AbortSignal, formats: readonly TableFormat[] = CLI_FORMATS): Promise<LakeTable> {
  const { storage, display, metadataPath } = openTableLocation(arg);
  return openTableAt(storage, { signal, formats, display, metadataPath });
}

/**
 * The table formats this build can open, by the name format detection reports. A format without a
 * reader yet is absent; opening a table of that format is then an Unsupported error naming it, and the
 * UI keeps showing what needs no reader (files, raw bytes).
 */
import type { TableFormat } from '../formats/table-format.ts';
import { icebergFormat } from '../formats/iceberg/index.ts';
// Paimon, Delta and Hudi load their readers on first use (their format.ts): a warehouse of Iceberg tables
// never loads them (issue 17).
import { paimonFormat } from '../formats/paimon/format.ts';
import { deltaFormat } from '../formats/delta/format.ts';
import { hudiFormat } from '../formats/hudi/format.ts';
import type { TableFormatName } from './dto.ts';

/**
 * Readers by format name, in the order formats are tried on a folder (the one registry: the CLI, core/api
 * and the UI's worker all use it). Their markers are disjoint (`metadata/*.metadata.json`, `snapshot/` +
 * `schema/`, `_delta_log/`, `.hoodie/hoodie.properties`), so the order decides only for a folder holding
 * two tables' metadata — e.g. a Delta table with UniForm also carries Iceberg metadata — and then Iceberg,
 * the product's first format, wins.
 */
export const TABLE_READERS: Readonly<Partial<Record<TableFormatName, TableFormat>>> = {
  iceberg: icebergFormat as TableFormat,
  paimon: paimonFormat as TableFormat,
  delta: deltaFormat as TableFormat,
  hudi: hudiFormat as TableFormat,
};

/** True when this build can open tables of `format`. */
export function canReadFormat(format: TableFormatName): boolean {
  return TABLE_READERS[format] !== undefined;
}

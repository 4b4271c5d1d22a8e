/**
 * The table formats this build can open, by the name format detection reports. A format without a
 * reader yet is absent; opening a table of that format is then an Unsupported error naming it, and the
 * UI keeps showing what needs no reader (files, raw bytes).
 */
import type { TableFormat } from '../formats/table-format.ts';
import { icebergFormat } from '../formats/iceberg/index.ts';
import { paimonFormat } from '../formats/paimon/index.ts';
import { deltaFormat } from '../formats/delta/index.ts';
import type { TableFormatName } from './dto.ts';

/** Readers by format name. Delta and Hudi join here as their engines land. */
export const TABLE_READERS: Readonly<Partial<Record<TableFormatName, TableFormat>>> = {
  iceberg: icebergFormat as TableFormat,
  paimon: paimonFormat as TableFormat,
  delta: deltaFormat as TableFormat,
};

/** True when this build can open tables of `format`. */
export function canReadFormat(format: TableFormatName): boolean {
  return TABLE_READERS[format] !== undefined;
}

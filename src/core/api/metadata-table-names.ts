/**
 * The names of the metadata tables every table offers through the common model (`SELECT * FROM t$snapshots`),
 * apart from the functions that build them (sql/metadata-tables.ts): a table's overview lists the names, and
 * opening a table must not load the SQL values and Arrow those functions need (issue 17).
 */
import type { LakeTable } from '../formats/table-format.ts';

/** Metadata tables built from the model; sql/metadata-tables.ts builds exactly these (its map is keyed by this type). */
export const MODEL_TABLE_NAMES = ['snapshots', 'history', 'refs', 'files', 'partitions', 'schemas', 'states', 'properties'] as const;

/** A metadata table every format has. */
export type ModelTableName = (typeof MODEL_TABLE_NAMES)[number];

/** Paimon calls its properties options; Hudi's timeline of completed instants is its states. */
export const METADATA_TABLE_ALIASES: Readonly<Record<string, ModelTableName>> = { options: 'properties', timeline: 'states' };

/** Names of the metadata tables a table offers (the format's own first). */
export function metadataTableNames(table: LakeTable): string[] {
  return [...new Set([...(table.inspectTables ?? []), ...MODEL_TABLE_NAMES, ...Object.keys(METADATA_TABLE_ALIASES)])];
}

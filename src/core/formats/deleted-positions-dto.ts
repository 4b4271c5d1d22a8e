/** What a delete file or a deletion vector deletes, as the page gets it (LakeTable.deletedPositions). */

/** The row positions one delete file or deletion vector deletes from one data file. */
export interface DeletedPositionsOfFileDto {
  /** The data file as written in the metadata (Iceberg `file_path`, Paimon data file name). */
  readonly dataFile: string;
  /** Its storage key relative to the table root, where known (for reading the rows). */
  readonly dataKey?: string;
  /** How many positions are deleted (all of them, also when `positions` is cut). */
  readonly count: number;
  /** The 0-based row positions in the data file, ascending, at most the limit asked for. */
  readonly positions: readonly number[];
}

/**
 * What a delete file or a deletion vector deletes, in (data file, position) terms: a position delete file
 * may name many data files; a deletion vector (or a Paimon DV index file's vectors) one each.
 */
export interface DeletedPositionsDto {
  readonly kind: 'position-deletes' | 'deletion-vector';
  readonly files: readonly DeletedPositionsOfFileDto[];
}

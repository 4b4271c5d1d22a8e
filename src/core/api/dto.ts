/**
 * Plain data shapes the use cases of src/core/api return to the UI (through the worker) and the CLI.
 * Everything here must survive structured clone and JSON: no classes, no bigint, no functions.
 * Sizes are JS numbers because the Storage contract reports them that way (objects < 2^53 bytes).
 */

/** The four table formats Lakescope knows. */
export type TableFormatName = 'iceberg' | 'delta' | 'paimon' | 'hudi';

/** A table found under a folder, and why we believe it is one. */
export interface DetectedTableDto {
  /** Primary format (the one the explorer opens it as). */
  readonly format: TableFormatName;
  /**
   * Other formats whose markers are present in the same folder, e.g. a Delta UniForm table that also
   * carries Iceberg `metadata/`. Empty for ordinary tables.
   */
  readonly alsoReadableAs: TableFormatName[];
  /** Table root: a storage prefix ending in '/' ('' = the storage root itself). */
  readonly root: string;
  /** Last path segment of the root (the storage description for the root itself). */
  readonly name: string;
  /** Key (relative to the storage root) of the file that proved the format, e.g. `t/metadata/v2.metadata.json`. */
  readonly evidence: string;
}

/** One object in a listing. */
export interface FileDto {
  readonly key: string;
  /** Last path segment. */
  readonly name: string;
  readonly size: number;
  readonly lastModified?: number;
}

/** A sub-folder in a listing, with the table it holds when it is a table root. */
export interface FolderDto {
  readonly name: string;
  /** Prefix ending in '/'. */
  readonly prefix: string;
  /** The table rooted here, null when not a table; undefined when detection was skipped (see `FolderListingDto.detectionSkipped`). */
  readonly table?: DetectedTableDto | null;
}

/** What `listFolder` returns: one level of a folder. */
export interface FolderListingDto {
  readonly prefix: string;
  /** Set when the folder itself is a table root (its children are then the table's internals). */
  readonly table: DetectedTableDto | null;
  readonly folders: FolderDto[];
  readonly files: FileDto[];
  /** True when the listing stopped at the page limit: more entries exist than shown. */
  readonly truncated: boolean;
  /** Number of child folders whose table detection was skipped because of the detection limit. */
  readonly detectionSkipped: number;
}

/** What `openWarehouse` returns. */
export interface WarehouseDto {
  readonly description: string;
  readonly writable: boolean;
  readonly root: FolderListingDto;
  /** Text of a README.txt / README.md at the root, if any (first 16 KiB): shown on the warehouse page. */
  readonly readme?: string;
}

/** A folder the warehouse scan visited. */
export interface ScannedFolderDto {
  readonly prefix: string;
  readonly depth: number;
  /** True when the scan stopped at maxDepth and did not look inside. */
  readonly notDescended: boolean;
  /** True when the folder had more entries than the scan read (page limit). */
  readonly truncated: boolean;
}

/** What `scanWarehouse` returns: every table under the root, found breadth-first. */
export interface WarehouseScanDto {
  readonly root: string;
  /** Sorted by root. */
  readonly tables: DetectedTableDto[];
  /** Every non-table folder visited (or seen at maxDepth), sorted by prefix. */
  readonly folders: ScannedFolderDto[];
  /** Storage requests issued (listings + heads), for the "cheap" promise. */
  readonly requests: number;
}

/** All files of one table folder (recursive), for the table page's Files view before a reader exists. */
export interface TableFilesDto {
  readonly root: string;
  readonly files: FileDto[];
  readonly count: number;
  readonly totalBytes: number;
  /** True when the listing stopped at the limit. */
  readonly truncated: boolean;
}

/** The first bytes of an object, for the Raw view. */
export interface ObjectPreviewDto {
  readonly key: string;
  readonly size: number;
  readonly bytes: Uint8Array;
  /** True when `bytes` is only the beginning of the object. */
  readonly truncated: boolean;
}

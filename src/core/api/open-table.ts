/**
 * Opening a table found in a warehouse (by the root and format detection reported) and describing it
 * for the table page: versions, schemas, partition specs, sort orders, properties and — where the format
 * keeps them — its past states (metadata files, checkpoints, snapshots, instants).
 */
import { LakeError } from '../errors.ts';
import type { LakeTable, OpenOptions, TableFormat, VersionDto } from '../formats/table-format.ts';
import type { Storage } from '../io/storage.ts';
import { tableRootStorage, type OutsideRootConsent } from '../io/table-root.ts';
import type { TableFormatName } from './dto.ts';
import { folderPrefix } from './listing.ts';
import type { TableOverviewDto } from './table-dto.ts';
import { TABLE_READERS } from './table-formats.ts';
import { FORMAT_TITLES } from './open-location.ts';
import { metadataTableNames } from './metadata-table-names.ts';
import { messageError } from '../message-error.ts';

export interface OpenTableOptions {
  readonly signal?: AbortSignal;
  /** A past state to open instead of the current one: the id of one of `states()` (see TableStateDto). */
  readonly state?: string;
  /** The readers by format name (default: the registry, TABLE_READERS); a format defined elsewhere plugs in here. */
  readonly readers?: Readonly<Record<string, TableFormat | undefined>>;
  /**
   * Asked before the table reads a path outside its root (io/table-root.ts); absent = such reads are
   * refused with a LakeError naming the path and the root. Writes and deletes outside are always refused.
   */
  readonly outsideRoot?: OutsideRootConsent;
  /** The history's outline before the exact open finishes, where the format gives one (TableFormat OpenOptions.onOutline). */
  readonly onOutline?: OpenOptions['onOutline'];
}

/**
 * Opens the `format` table rooted at `root` of the warehouse storage. Must hold: a format this build
 * cannot read is LakeError Unsupported naming it; a root without the format's metadata is NotFound.
 */
export async function openTable(storage: Storage, root: string, format: TableFormatName, options: OpenTableOptions = {}): Promise<LakeTable> {
  const reader = (options.readers ?? TABLE_READERS)[format];
  if (!reader) {
    throw messageError('Unsupported', 'error.open.cannotRead', { format: FORMAT_TITLES[format] ?? format }, { format, root });
  }
  const tableStorage = tableRootStorage(storage, folderPrefix(root), options.outsideRoot ? { consent: options.outsideRoot } : {});
  return reader.open(tableStorage, {
    signal: options.signal, ...(options.state !== undefined ? { state: options.state } : {}), ...(options.onOutline ? { onOutline: options.onOutline } : {}),
  });
}

/**
 * The table at what is current now, after a change (a commit, another writer): `table.refresh()` where
 * the format has it (sharing what it cached of immutable files), else the table opened again through the
 * readers. `table` itself keeps reading what it read.
 */
export function refreshTable(table: LakeTable, storage: Storage, root: string, format: TableFormatName, options: OpenTableOptions = {}): Promise<LakeTable> {
  return table.refresh ? table.refresh(options.signal) : openTable(storage, root, format, options);
}

/**
 * The table page's overview of an opened table, through the common model only (no format is named here).
 * `versions`: the table's `versions()` when the caller already has them (they are not built twice).
 */
export async function describeTable(table: LakeTable, root: string, format: TableFormatName, signal?: AbortSignal, versionsKnown?: readonly VersionDto[]): Promise<TableOverviewDto> {
  const prefix = folderPrefix(root);
  const [versions, schemas, partitionSpecs, sortOrders, states] = await Promise.all([
    versionsKnown ? [...versionsKnown] : table.versions(signal), table.schemas(signal), table.partitionSpecs(signal), table.sortOrders(signal), table.states(signal),
  ]);
  // The page addresses files by warehouse key; ids stay as the format gave them (they go back to openTable).
  const warehouseStates = states.map((s) => ({ ...s, key: prefix + s.key }));
  const stateKey = warehouseStates.find((s) => s.isCurrent)?.key;
  return {
    format, root: prefix, location: table.location, ...(table.relocatedFrom ? { relocatedFrom: table.relocatedFrom } : {}),
    ...(table.warnings?.length ? { warnings: [...table.warnings] } : {}),
    ...(table.warnings?.length && table.warningMessages?.length === table.warnings.length ? { warningMessages: [...table.warningMessages] } : {}),
    ...(table.writeRefusal ? { writeRefusal: table.writeRefusal } : {}),
    ...(table.writeRefusal && table.writeRefusalMessage ? { writeRefusalMessage: table.writeRefusalMessage } : {}),
    versions, schemas, partitionSpecs, sortOrders, columns: table.columnNames(),
    ...(stateKey ? { stateKey } : {}), states: warehouseStates, properties: { ...(table.properties ?? {}) },
    ...(table.formatVersion === undefined ? {} : { formatVersion: table.formatVersion }),
    ...(table.planIncremental ? { incremental: true } : {}), metadataTables: metadataTableNames(table),
    facts: [...(table.facts ?? [])], partitioning: table.partitioning ?? 'columns',
  };
}

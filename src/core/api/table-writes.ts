/**
 * Writes through the common model for the worker and the CLI: the actions a table offers and their
 * preparation, whatever the format. A format without writes (no `capabilities`/`prepare`) reports every
 * action unavailable, naming the format, and preparing one is Unsupported with that reason.
 */
import { messageError } from '../message-error.ts';
import {
  type CapabilityOptions, type NewTableSpec, type PreparedChange, type WriteAction, type WriteCapability, noWrites, writesUnsupportedRef,
} from '../commit/write-action.ts';
import type { Storage } from '../io/storage.ts';
import { type DEFAULT_REWRITE_BUDGET_BYTES, withRewriteBudget } from '../commit/engine-sql.ts';
import type { TableFormatName } from './dto.ts';
import { TABLE_READERS } from './table-formats.ts';
import type { LakeTable } from '../formats/table-format.ts';
import { FORMAT_TITLES } from './open-location.ts';

/** {@link LakeTable.capabilities}, or every action unavailable for a format without writes. */
export async function writeCapabilities(table: LakeTable, version?: string, options: CapabilityOptions = {}): Promise<WriteCapability[]> {
  if (table.capabilities) return table.capabilities(version, options);
  return noWrites(writesUnsupportedRef(FORMAT_TITLES[table.format as keyof typeof FORMAT_TITLES] ?? table.format));
}

/**
 * {@link LakeTable.prepare}. Must hold: a refused storage (`options.storageRefusal`) and a format without
 * the action are Unsupported with the reason the capabilities give, before anything is read. With a
 * `rewriteBudgetBytes` (the browser's: {@link DEFAULT_REWRITE_BUDGET_BYTES} unless set; the CLI has none), a
 * change that reads more is not run: its preview says so and carries the table's engine SQL (`overBudget`),
 * and its apply refuses.
 */
export async function prepareWrite(table: LakeTable, action: WriteAction, options: CapabilityOptions & { readonly rewriteBudgetBytes?: number } = {}): Promise<PreparedChange> {
  if (options.storageRefusal) throw messageError('Unsupported', 'error.write.refused', { why: options.storageRefusal }, { action: action.kind });
  if (!table.prepare) {
    const caps = await writeCapabilities(table, undefined, options);
    const found = caps.find((c) => c.kind === action.kind);
    const cap = found?.reason !== undefined ? found : caps[0]?.reason !== undefined ? caps[0] : undefined;
    const why = cap ? cap.reasonMessage ?? cap.reason! : 'this format has no writes';
    throw messageError('Unsupported', 'error.write.notAvailable', { action: action.kind, why }, { action: action.kind, format: table.format });
  }
  const prepared = await table.prepare(action, { signal: options.signal });
  if (options.rewriteBudgetBytes === undefined) return prepared;
  return withRewriteBudget(prepared, options.rewriteBudgetBytes, () => table.engineSql?.(action));
}

/**
 * Prepares creating a table of `format` (a name of the one registry, TABLE_READERS) at the root of
 * `storage` — the model's create, whatever the format. Must hold: a format this build cannot create
 * tables of (or does not know) → Unsupported naming it, before anything is read.
 */
export async function prepareCreateTable(format: string, storage: Storage, spec: NewTableSpec, options: { signal?: AbortSignal } = {}): Promise<PreparedChange> {
  const f = TABLE_READERS[format as TableFormatName];
  if (!f) throw messageError('Unsupported', 'error.write.noFormat', { format, formats: Object.keys(TABLE_READERS).join(', ') }, { format });
  if (!f.prepareCreate) {
    const creatable = Object.entries(TABLE_READERS).filter(([, x]) => x?.prepareCreate).map(([n]) => n);
    throw messageError('Unsupported', 'error.write.cannotCreate', { title: FORMAT_TITLES[format as TableFormatName], creatable: creatable.join(', ') || 'none' }, { format });
  }
  return f.prepareCreate(storage, spec, options);
}

export type { WriteAction, WriteActionKind, WriteCapability, PreparedChange, AppliedChange, NewTableSpec, NewTableColumn, RowValues } from '../commit/write-action.ts';

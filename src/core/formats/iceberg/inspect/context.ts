/** What the metadata tables read from: one metadata file of a table, and its cached files. */
import type { Table } from 'apache-arrow';
import { pool } from '../../../util/async.ts';
import type { TableFiles } from '../io/table-files.ts';
import { partitionFieldsFor, specOf } from '../scan/partition-fields.ts';
import { readSnapshotManifests } from '../scan/snapshot-manifests.ts';
import type { ManifestEntry } from '../spec/manifest.ts';
import type { ManifestFile } from '../spec/manifest-list.ts';
import type { Snapshot } from '../spec/snapshot.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import { resolveSnapshot } from '../spec/time-travel.ts';

export interface InspectContext {
  readonly meta: TableMetadata;
  readonly files: TableFiles;
  /** Storage key of the metadata file being inspected. */
  readonly metadataKey: string;
}

/** Which snapshot a snapshot-level table describes (current by default). */
export interface InspectOptions {
  readonly version?: string;
  readonly asOfTimestampMs?: number;
  readonly signal?: AbortSignal;
}

export type InspectFn = (ctx: InspectContext, opts?: InspectOptions) => Promise<Table>;

/** The chosen snapshot, or undefined for a table without snapshots (metadata tables are then empty). */
export function snapshotOf(ctx: InspectContext, opts: InspectOptions = {}): Snapshot | undefined {
  if (opts.asOfTimestampMs !== undefined) return resolveSnapshot(ctx.meta, { asOfTimestampMs: opts.asOfTimestampMs }).snapshot;
  if (opts.version !== undefined) return resolveSnapshot(ctx.meta, { version: opts.version }).snapshot;
  return ctx.meta.currentSnapshotId === undefined ? undefined : resolveSnapshot(ctx.meta, { current: true }).snapshot;
}

export interface EntryWithManifest { readonly entry: ManifestEntry; readonly manifest: ManifestFile }

/** Every entry of every manifest of a snapshot (deleted entries included), in manifest-list order. */
export async function snapshotEntries(ctx: InspectContext, snapshot: Snapshot, signal?: AbortSignal): Promise<EntryWithManifest[]> {
  const manifests = await readSnapshotManifests(ctx.files, snapshot, signal);
  const lists = await pool(manifests, 8, async (m) => {
    const fields = partitionFieldsFor(ctx.meta, specOf(ctx.meta, m.partitionSpecId, m.path));
    return (await ctx.files.readManifest(m, fields, signal)).map((entry) => ({ entry, manifest: m }));
  }, signal);
  return lists.flat();
}

/**
 * Snapshots, snapshot references, the snapshot log and the metadata log (spec "Snapshots", "Snapshot
 * References", "Table Metadata Fields"). Ids and sequence numbers are bigint; timestamps are ms numbers.
 */
import {
  type JsonCtx, asArray, asObject, at, invalid, optInt, optLong, optString, optStringMap, reqLong, reqString, toLong,
} from './json-fields.ts';
import { errorRef } from '../../../messages/message-parts.ts';

export interface Snapshot {
  readonly snapshotId: bigint;
  readonly parentSnapshotId?: bigint;
  /** 0 for v1 snapshots (spec Appendix E: "Snapshot field sequence-number must default to 0"). */
  readonly sequenceNumber: bigint;
  readonly timestampMs: number;
  /** Location of the manifest list (v2+: always; v1: unless `manifests` is embedded). */
  readonly manifestList?: string;
  /** v1 only: manifest locations embedded in the snapshot instead of a manifest list. */
  readonly manifests?: readonly string[];
  /** `append`, `replace`, `overwrite` or `delete` (v1 snapshots without a summary count as `append`). */
  readonly operation: string;
  readonly summary: Readonly<Record<string, string>>;
  readonly schemaId?: number;
  /** v3 row lineage. */
  readonly firstRowId?: bigint;
  readonly addedRows?: bigint;
  readonly keyId?: string;
}

export interface SnapshotRef {
  readonly name: string;
  readonly snapshotId: bigint;
  readonly type: 'branch' | 'tag';
  readonly minSnapshotsToKeep?: number;
  readonly maxSnapshotAgeMs?: bigint;
  readonly maxRefAgeMs?: bigint;
}

export interface SnapshotLogEntry { readonly timestampMs: number; readonly snapshotId: bigint }
export interface MetadataLogEntry { readonly timestampMs: number; readonly metadataFile: string }

export function parseSnapshot(json: unknown, ctx: JsonCtx, formatVersion: number): Snapshot {
  const o = asObject(json, ctx);
  const summary = optStringMap(o, 'summary', ctx);
  const manifestList = optString(o, 'manifest-list', ctx);
  const manifests = o.manifests === undefined || o.manifests === null ? undefined
    : asArray(o.manifests, at(ctx, 'manifests')).map((m, i) => {
      if (typeof m !== 'string') throw invalid(at(at(ctx, 'manifests'), i), errorRef('error.iceberg.json.string', undefined));
      return m;
    });
  if (!manifestList && !manifests) throw invalid(ctx, errorRef('error.iceberg.json.noManifests', undefined));
  if (formatVersion >= 2 && !manifestList) throw invalid(at(ctx, 'manifest-list'), errorRef('error.iceberg.json.missing', undefined));
  const seq = optLong(o, 'sequence-number', ctx);
  if (formatVersion >= 2 && seq === undefined) throw invalid(at(ctx, 'sequence-number'), errorRef('error.iceberg.json.missing', undefined));
  return {
    snapshotId: reqLong(o, 'snapshot-id', ctx),
    parentSnapshotId: optLong(o, 'parent-snapshot-id', ctx),
    sequenceNumber: seq ?? 0n,
    timestampMs: Number(reqLong(o, 'timestamp-ms', ctx)),
    manifestList, manifests,
    operation: summary.operation ?? 'append',
    summary,
    schemaId: optInt(o, 'schema-id', ctx),
    firstRowId: optLong(o, 'first-row-id', ctx),
    addedRows: optLong(o, 'added-rows', ctx),
    keyId: optString(o, 'key-id', ctx),
  };
}

export function parseRefs(json: unknown, ctx: JsonCtx): SnapshotRef[] {
  if (json === undefined || json === null) return [];
  return Object.entries(asObject(json, ctx)).map(([name, v]) => {
    const c = at(ctx, name);
    const o = asObject(v, c);
    const type = reqString(o, 'type', c).toLowerCase();
    if (type !== 'branch' && type !== 'tag') throw invalid(at(c, 'type'), errorRef('error.iceberg.json.refType', { value: String(type) }));
    return {
      name, type, snapshotId: reqLong(o, 'snapshot-id', c),
      minSnapshotsToKeep: optInt(o, 'min-snapshots-to-keep', c),
      maxSnapshotAgeMs: optLong(o, 'max-snapshot-age-ms', c),
      maxRefAgeMs: optLong(o, 'max-ref-age-ms', c),
    } as SnapshotRef;
  });
}

export function parseSnapshotLog(json: unknown, ctx: JsonCtx): SnapshotLogEntry[] {
  if (json === undefined || json === null) return [];
  return asArray(json, ctx).map((e, i) => {
    const c = at(ctx, i); const o = asObject(e, c);
    return { timestampMs: Number(reqLong(o, 'timestamp-ms', c)), snapshotId: reqLong(o, 'snapshot-id', c) };
  });
}

export function parseMetadataLog(json: unknown, ctx: JsonCtx): MetadataLogEntry[] {
  if (json === undefined || json === null) return [];
  return asArray(json, ctx).map((e, i) => {
    const c = at(ctx, i); const o = asObject(e, c);
    return { timestampMs: Number(reqLong(o, 'timestamp-ms', c)), metadataFile: reqString(o, 'metadata-file', c) };
  });
}

/** `current-snapshot-id`: Java wrote -1 for "none" in v1/v2 (Appendix F); both -1 and null mean no snapshot. */
export function parseCurrentSnapshotId(v: unknown, ctx: JsonCtx): bigint | undefined {
  if (v === undefined || v === null) return undefined;
  const id = toLong(v, ctx);
  return id === -1n ? undefined : id;
}

/**
 * True when a snapshot summary's `total-records` is exactly the live row count: no delete file is live
 * (`total-delete-files` 0, or both `total-position-deletes` and `total-equality-deletes` 0 when the
 * writer did not record it). With deletes it is not: equality deletes can match any number of rows, and
 * position deletes may repeat or point at rows no longer there, so `total-records − total-position-deletes`
 * is not exact either.
 */
export function recordsAreLive(summary: Readonly<Record<string, string>>): boolean {
  if (summary['total-records'] === undefined) return false;
  if (summary['total-delete-files'] !== undefined) return summary['total-delete-files'] === '0';
  return summary['total-position-deletes'] === '0' && summary['total-equality-deletes'] === '0';
}

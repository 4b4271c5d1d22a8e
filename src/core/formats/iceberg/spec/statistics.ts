/** Table statistics and partition statistics file references (spec "Table Statistics", "Partition Statistics"); informational. */
import { type JsonCtx, asArray, asObject, at, optIntList, optString, optStringMap, reqLong, reqString } from './json-fields.ts';

export interface BlobMetadata {
  readonly type: string;
  readonly snapshotId: bigint;
  readonly sequenceNumber: bigint;
  readonly fields: readonly number[];
  readonly properties: Readonly<Record<string, string>>;
}

export interface StatisticsFile {
  readonly snapshotId: bigint;
  readonly statisticsPath: string;
  readonly fileSizeInBytes: bigint;
  readonly fileFooterSizeInBytes: bigint;
  readonly keyMetadata?: string;
  readonly blobMetadata: readonly BlobMetadata[];
}

export interface PartitionStatisticsFile {
  readonly snapshotId: bigint;
  readonly statisticsPath: string;
  readonly fileSizeInBytes: bigint;
}

export function parseStatistics(json: unknown, ctx: JsonCtx): StatisticsFile[] {
  if (json === undefined || json === null) return [];
  return asArray(json, ctx).map((s, i) => {
    const c = at(ctx, i); const o = asObject(s, c);
    const blobs = asArray(o['blob-metadata'] ?? [], at(c, 'blob-metadata')).map((b, j) => {
      const bc = at(at(c, 'blob-metadata'), j); const bo = asObject(b, bc);
      return {
        type: reqString(bo, 'type', bc), snapshotId: reqLong(bo, 'snapshot-id', bc), sequenceNumber: reqLong(bo, 'sequence-number', bc),
        fields: optIntList(bo, 'fields', bc), properties: optStringMap(bo, 'properties', bc),
      };
    });
    return {
      snapshotId: reqLong(o, 'snapshot-id', c), statisticsPath: reqString(o, 'statistics-path', c),
      fileSizeInBytes: reqLong(o, 'file-size-in-bytes', c), fileFooterSizeInBytes: reqLong(o, 'file-footer-size-in-bytes', c),
      keyMetadata: optString(o, 'key-metadata', c), blobMetadata: blobs,
    };
  });
}

export function parsePartitionStatistics(json: unknown, ctx: JsonCtx): PartitionStatisticsFile[] {
  if (json === undefined || json === null) return [];
  return asArray(json, ctx).map((s, i) => {
    const c = at(ctx, i); const o = asObject(s, c);
    return { snapshotId: reqLong(o, 'snapshot-id', c), statisticsPath: reqString(o, 'statistics-path', c), fileSizeInBytes: reqLong(o, 'file-size-in-bytes', c) };
  });
}

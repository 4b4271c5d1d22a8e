/**
 * The serialisable unit of a Delta read: one live logical file (a data file and, optionally, the deletion
 * vector that hides some of its rows), with what reading it needs — the read schema, the partition
 * values as the log wrote them, and the mapping mode — so `read` needs no other state. 64-bit values
 * are bigint or decimal strings (structured clone carries both).
 */
import type { BoundExpr } from '../../../expr/index.ts';
import type { DeletionVectorDescriptor } from '../spec/actions.ts';
import type { ColumnMappingMode, StructType } from '../spec/schema.ts';

export interface DeltaTask {
  readonly format: 'delta';
  readonly version: string;
  /** The path as the log wrote it (URI-encoded, relative or absolute). */
  readonly path: string;
  /** Storage key of the data file relative to the table root. */
  readonly key: string;
  readonly size: number;
  /** Partition values by physical column name, as strings (spec/partition-value.ts parses them). */
  readonly partitionValues: Readonly<Record<string, string | null>>;
  readonly deletionVector?: DeletionVectorDescriptor;
  /** Physical row count from the statistics, when known. */
  readonly numRecords?: string;
  /** The snapshot's logical schema and partition columns. */
  readonly schema: StructType;
  readonly partitionColumns: readonly string[];
  readonly columnMapping: ColumnMappingMode;
  /** Output columns, in order (top-level logical names). */
  readonly columns: readonly string[];
  /** Residual row filter; rows for which it is not true are dropped. */
  readonly filter?: BoundExpr;
}

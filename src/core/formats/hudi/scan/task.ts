/** A Hudi scan task: one file slice (the latest of its file group as of the read instant). Plain data. */
import type { BoundExpr } from '../../../expr/index.ts';

export interface HudiTaskFile {
  readonly key: string;
  readonly size: number;
  readonly instantTime: string;
}

export interface HudiTask {
  readonly partition: string;
  readonly fileId: string;
  /** The instant the table is read as of (requested time). */
  readonly asOf: string;
  readonly baseInstant: string;
  readonly baseFile?: HudiTaskFile;
  /** Log files in merge order (MOR only). */
  readonly logFiles: readonly HudiTaskFile[];
  /** Output columns, in order (never `_hoodie_*` unless asked for). */
  readonly columns: readonly string[];
  /** The base file's key (the first log file's for a slice without one): the model's `path` of a task. */
  readonly path: string;
  /** Bytes of the slice's files together (base and logs). */
  readonly fileSizeInBytes: bigint;
  /**
   * The slice's files (base first, then logs) in the shape the common model's file listing reads from
   * split tasks (api/explain-scan.ts `plannedFiles`).
   */
  readonly files: readonly { readonly key: string; readonly fileSize: number }[];
  /** Rows not matching are dropped, after the merge. */
  readonly filter?: BoundExpr;
}

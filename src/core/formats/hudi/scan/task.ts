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
  /** Rows not matching are dropped, after the merge. */
  readonly filter?: BoundExpr;
  /** Incremental reads: only rows whose `_hoodie_commit_time` lies in (begin, end] are kept. */
  readonly commitTimes?: { readonly begin: string; readonly end: string };
}

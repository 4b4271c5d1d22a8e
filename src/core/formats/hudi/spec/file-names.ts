/**
 * Names of data files (Hudi tech spec "File layout"): a base file is
 * `<fileId>_<writeToken>_<instantTime>.<parquet|orc|hfile>`; a log file is
 * `.<fileId>_<instantTime>.log.<version>_<writeToken>` (hidden). The instant of a log file is the base
 * instant of its slice in table version 6, and the instant of the deltacommit that wrote it in 8+.
 */

export interface BaseFileName {
  readonly fileId: string;
  readonly writeToken: string;
  readonly instantTime: string;
  readonly extension: string;
}

export interface LogFileName {
  readonly fileId: string;
  readonly instantTime: string;
  readonly version: number;
  readonly writeToken?: string;
  /** `.cdc` logs hold change data only: never read for snapshots. */
  readonly cdc: boolean;
}

const BASE = /^([^_.][^_]*)_([^_]+)_(\d{14,20})\.(parquet|orc|hfile|lance)$/;
const LOG = /^\.([^_]+)_(\d{14,20})\.log\.(\d+)(?:_([^.]+))?(\.cdc)?$/;

export function parseBaseFileName(name: string): BaseFileName | undefined {
  const m = BASE.exec(name);
  return m ? { fileId: m[1]!, writeToken: m[2]!, instantTime: m[3]!, extension: m[4]! } : undefined;
}

export function parseLogFileName(name: string): LogFileName | undefined {
  const m = LOG.exec(name);
  return m ? { fileId: m[1]!, instantTime: m[2]!, version: Number(m[3]), ...(m[4] ? { writeToken: m[4] } : {}), cdc: m[5] !== undefined } : undefined;
}

/** Orders log files of one slice as Hudi does: by version, then write token (`HoodieLogFile` comparator). */
export function compareLogFiles(a: LogFileName, b: LogFileName): number {
  if (a.instantTime !== b.instantTime) return a.instantTime < b.instantTime ? -1 : 1;
  if (a.version !== b.version) return a.version - b.version;
  const ta = a.writeToken ?? '';
  const tb = b.writeToken ?? '';
  return ta < tb ? -1 : ta > tb ? 1 : 0;
}

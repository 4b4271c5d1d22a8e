/**
 * Progress of a long use case. Reported through an optional callback; the worker forwards it to the
 * page as is, so it must stay plain data.
 */
export interface Progress {
  /** Short machine name of the step, e.g. `scan`, `list`, `read`. */
  readonly phase: string;
  /** Units done so far (folders, files, rows — the phase decides). */
  readonly done: number;
  /** Units known so far; may grow while a breadth-first walk discovers work. */
  readonly total?: number;
  /** Bytes transferred so far, where known. */
  readonly bytes?: number;
  /** What is being worked on now (a key or prefix), for display. */
  readonly current?: string;
}

export type ProgressCallback = (progress: Progress) => void;

/** Options every long use case accepts. */
export interface RunOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: ProgressCallback;
}

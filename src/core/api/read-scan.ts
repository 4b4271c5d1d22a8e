/**
 * Plan and read in one (issue 17): the one read loop (read-tasks.ts) fed while the plan is still being
 * made. A full scan of many small files spent its first ~100 ms planning — reading the manifest list and
 * every manifest — before the first data file was fetched; here the first data file is fetched as soon as
 * the first manifest is decoded (for formats with {@link LakeTable.planEarly}; others plan first).
 *
 * Results are those of `planScan` then `readTasks`: batches are handed out only once the plan is
 * complete, so a plan that fails late (a duplicate file, a corrupt manifest) fails before any row, as
 * before; tasks started early are then aborted. Until then tasks start within the loop's bounds
 * (concurrency, bytes in flight, buffered batches), up to the full concurrency when no limit is asked.
 */
import { messageError } from '../message-error.ts';
import type { LakePlan, LakeTable, ScanRequest, ScanTask } from '../formats/table-format.ts';
import { planScan, unknownColumnError } from './plan-scan.ts';
import { readFeed, readTasks, type ReadTasksOptions, type TaskRead } from './read-tasks.ts';

export interface ReadScanOptions extends Omit<ReadTasksOptions, 'taskBytes'> {
  /** Called once with the finished plan, before the first batch (the plan's columns, counts, notes). */
  readonly onPlan?: (plan: LakePlan) => void;
}

/**
 * Plans `request` on `table` and reads every task, ordered by default. Must hold: the batches, their order
 * and the plan given to `onPlan` are those of `readTasks(table, await planScan(table, request), options)`,
 * and so are the errors (a planning error before any batch; an unknown column as `planScan` words it).
 */
export async function* readScan(table: LakeTable, scan: ScanRequest, options: ReadScanOptions = {}): AsyncGenerator<TaskRead> {
  // The read's signal stops planning too when the request has none of its own.
  const request = scan.signal || !options.signal ? scan : { ...scan, signal: options.signal };
  if (!table.planEarly) {
    const plan = await planScan(table, request);
    options.onPlan?.(plan);
    yield* readTasks(table, plan, options);
    return;
  }
  const tasks: ScanTask[] = [];
  const bytes: number[] = [];
  let plan: LakePlan | undefined;
  const listeners: (() => void)[] = [];
  const feed = {
    tasks, settled: false, error: undefined as unknown,
    fileOf: (index: number) => plan?.files.find((f) => f.task === index)?.path,
    listen: (changed: () => void) => { listeners.push(changed); },
    windowWhileUnsettled: request.limit === undefined ? Number.POSITIVE_INFINITY : 1,
  };
  const tell = () => { for (const l of listeners) l(); };
  const planning = table.planEarly(request, (more, sizes) => {
    for (let i = 0; i < more.length; i++) { tasks.push(more[i]!); bytes.push(sizes[i] ?? 0); }
    tell();
  }).then((p) => {
    // The plan's own task list is the truth; the tasks told early must be its first ones.
    for (let i = 0; i < tasks.length; i++) if (p.tasks[i] !== tasks[i]) throw messageError('Internal', 'error.readScan.taskMismatch', { index: i });
    const byTask = new Array<number>(p.tasks.length).fill(0);
    for (const f of p.files) byTask[f.task] = (byTask[f.task] ?? 0) + Number(f.bytes);
    for (let i = tasks.length; i < p.tasks.length; i++) { tasks.push(p.tasks[i]!); bytes.push(byTask[i]!); }
    plan = p;
    options.onPlan?.(p);
  }, (e: unknown) => { feed.error = unknownColumnError(e, table) ?? e; })
    .catch((e: unknown) => { feed.error = e; })
    .finally(() => { feed.settled = true; tell(); });
  try {
    yield* readFeed(table, feed, { ...options, taskBytes: (_task, index) => bytes[index] ?? 0 });
  } finally {
    await planning; // never left running behind the caller (its errors are the feed's)
  }
}

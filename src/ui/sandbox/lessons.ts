/** Every guided lesson (issue 20), one per writable format, each on its table of the demo warehouse. */
import type { DetectedTableDto } from '../../core/api/dto.ts';
import { DELTA_LESSON } from './delta-lesson.ts';
import { ICEBERG_LESSON } from './iceberg-lesson.ts';
import type { Lesson } from './lesson-kit.ts';
import { PAIMON_LESSON } from './paimon-lesson.ts';
import { HUDI_TOUR } from './hudi-tour.ts';

export const LESSONS: readonly Lesson[] = [ICEBERG_LESSON, DELTA_LESSON, PAIMON_LESSON, HUDI_TOUR];

type TableRef = Pick<DetectedTableDto, 'root' | 'format'>;

/**
 * The lessons this page can run: in a sandbox (`tables` given), those whose table is in it with the lesson's
 * format (a sandbox of the demo has the three writable ones); anywhere, the read-only tours whose format is the
 * open table's, on that table.
 */
export function lessonsFor(tables: readonly TableRef[] | undefined, open: TableRef | undefined): Lesson[] {
  return LESSONS.filter((l) => (l.table === undefined
    ? open !== undefined && open.format === l.format
    : tables !== undefined && tables.some((t) => t.root === l.table && t.format === l.format)));
}

/** The table a lesson runs on: its own, or (a tour) the open one. */
export const lessonRoot = (l: Lesson, open: TableRef | undefined): string => l.table ?? open?.root ?? '';

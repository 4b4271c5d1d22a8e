/** Every guided lesson (issue 20), one per writable format, each on its table of the demo warehouse. */
import type { DetectedTableDto } from '../../core/api/dto.ts';
import { DELTA_LESSON } from './delta-lesson.ts';
import { ICEBERG_LESSON } from './iceberg-lesson.ts';
import type { Lesson } from './lesson-kit.ts';
import { PAIMON_LESSON } from './paimon-lesson.ts';

export const LESSONS: readonly Lesson[] = [ICEBERG_LESSON, DELTA_LESSON, PAIMON_LESSON];

/** The lessons whose table is in this warehouse with the lesson's format (a sandbox of the demo has all three). */
export function lessonsFor(tables: readonly Pick<DetectedTableDto, 'root' | 'format'>[]): Lesson[] {
  return LESSONS.filter((l) => tables.some((t) => t.root === l.table && t.format === l.format));
}

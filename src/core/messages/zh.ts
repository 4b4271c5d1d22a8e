/**
 * The Simplified Chinese (zh-CN) catalog: the same keys and parameters as English (typed as `Messages`, so
 * tsc refuses a missing or extra key or a parameter of another type), one part per English part.
 */
import type { Messages } from './en.ts';
import { zhBrowse } from './zh-browse.ts';
import { zhDiff } from './zh-diff.ts';
import { zhErrors } from './zh-errors.ts';
import { zhErrors2 } from './zh-errors2.ts';
import { zhErrors3 } from './zh-errors3.ts';
import { zhErrors4 } from './zh-errors4.ts';
import { zhErrors5 } from './zh-errors5.ts';
import { zhErrors6 } from './zh-errors6.ts';
import { zhErrors7 } from './zh-errors7.ts';
import { zhErrors8 } from './zh-errors8.ts';
import { zhErrors9 } from './zh-errors9.ts';
import { zhErrors10 } from './zh-errors10.ts';
import { zhErrors11 } from './zh-errors11.ts';
import { zhErrors12 } from './zh-errors12.ts';
import { zhErrors13 } from './zh-errors13.ts';
import { zhErrors14 } from './zh-errors14.ts';
import { zhErrors15 } from './zh-errors15.ts';
import { zhOrcErrors } from './zh-orc-errors.ts';
import { zhErrors16 } from './zh-errors16.ts';
import { zhUi4 } from './zh-ui4.ts';
import { zhExplore } from './zh-explore.ts';
import { zhFacts } from './zh-facts.ts';
import { zhHealth } from './zh-health.ts';
import { zhHealthView } from './zh-health-view.ts';
import { zhQuery } from './zh-query.ts';
import { zhQuery2 } from './zh-query2.ts';
import { zhExplain } from './zh-explain.ts';
import { zhTree } from './zh-tree.ts';
import { zhUi } from './zh-ui.ts';
import { zhWrites } from './zh-writes.ts';
import { zhWrites2 } from './zh-writes2.ts';
import { zhWrites3 } from './zh-writes3.ts';
import { zhWrites4 } from './zh-writes4.ts';
import { zhWrites5 } from './zh-writes5.ts';
import { zhRows } from './zh-rows.ts';
import { zhI18n } from './zh-i18n.ts';
import { zhLesson, zhSandbox } from './zh-sandbox.ts';
import { zhStory } from './zh-story.ts';
import { zhLessons, zhSandboxResume } from './zh-lessons.ts';
import { zhNotes2 } from './zh-notes2.ts';
import { zhNotes3 } from './zh-notes3.ts';
import { zhRaw } from './zh-raw.ts';
import { zhUi3 } from './zh-ui3.ts';
import { catalogOfParts } from './catalog-parts.ts';

export const zh: Messages = catalogOfParts(zhTree, zhUi, zhHealth, zhHealthView, zhErrors, zhErrors2, zhErrors3, zhErrors4, zhErrors5, zhErrors6, zhErrors7, zhErrors8, zhErrors9, zhErrors10, zhErrors11, zhErrors12, zhErrors13, zhErrors14, zhErrors15, zhOrcErrors, zhErrors16, zhFacts, zhDiff, zhQuery, zhExplain, zhQuery2, zhBrowse, zhExplore, zhWrites, zhWrites2, zhWrites3, zhWrites4, zhWrites5, zhRows, zhSandbox, zhLesson, zhStory, zhI18n, zhLessons, zhSandboxResume, zhNotes2, zhNotes3, zhRaw, zhUi3, zhUi4);

/**
 * The page's own part of the English catalog (issue 17): text only the UI draws — its labels and help, the
 * warehouse browser, the explorer's tabs, the Health tab, empty states, the Query tab's editor and help, the write dialogs, diffs,
 * raw-file notes, row views, the sandbox, lessons and the story.
 * The engine never formats these keys (engine-catalog.test.ts), so the engine worker does not load them
 * (startup-imports.test.ts); the UI gets them with the whole catalog (en.ts).
 */
import { enUi } from './en-ui.ts';
import { enErrors } from './en-errors.ts';
import { enQuery } from './en-query.ts';
import { enWrites } from './en-writes.ts';
import { enUi3 } from './en-ui3.ts';
import { enHealthView } from './en-health-view.ts';
import { enDiff } from './en-diff.ts';
import { enBrowse } from './en-browse.ts';
import { enExplore } from './en-explore.ts';
import { enRows } from './en-rows.ts';
import { enLesson, enSandbox } from './en-sandbox.ts';
import { enStory } from './en-story.ts';
import { enLessons, enSandboxResume } from './en-lessons.ts';
import { enRaw } from './en-raw.ts';
import { catalogOfParts } from './catalog-parts.ts';

/** The English messages only the page formats. */
export const enPage = catalogOfParts(enUi, enErrors, enQuery, enWrites, enUi3, enHealthView, enDiff, enBrowse, enExplore, enRows, enSandbox, enLesson, enStory, enLessons, enSandboxResume, enRaw);

/**
 * The story page's call (issue 20, "One story, four formats"): what each commit of one table wrote, dropped and
 * brought back, read from the table's own metadata (core/api/story/table-story.ts). The table is opened fresh
 * for the call (the story tables are tiny) and its past states on demand (Iceberg metadata files).
 */
import { openTable, type OpenTableOptions } from '../core/api/open-table.ts';
import { storyPlan, type StoryPlanDto, type StoryScanTable } from '../core/api/story/story-steps.ts';
import { tableStory, type TableStoryDto } from '../core/api/story/table-story.ts';
import type { TableFormatName } from '../core/api/dto.ts';
import type { Storage } from '../core/io/storage.ts';
import type { CallContext } from './rpc.ts';

interface StoryRef { readonly warehouseId: string; readonly root: string; readonly format: TableFormatName }

export function createStoryHandlers(storageOf: (ref: { warehouseId: string }) => Storage, readers?: OpenTableOptions['readers']) {
  return {
    /** The story's steps, where the scan found each story table, and real tables of the formats it only explains. */
    async storyPlan(p: { tables: readonly StoryScanTable[] }): Promise<StoryPlanDto> {
      return storyPlan(p.tables);
    },
    /** The commits of the table under `root`, oldest first, each with the files it wrote, dropped and brought back. */
    async tableStory(p: StoryRef, ctx: CallContext): Promise<TableStoryDto> {
      const storage = storageOf(p);
      const open = (state?: string) => openTable(storage, p.root, p.format, { signal: ctx.signal, readers, ...(state !== undefined ? { state } : {}) });
      ctx.progress({ phase: 'story', done: 0 });
      return tableStory(await open(), (id) => open(id), ctx.signal);
    },
  };
}

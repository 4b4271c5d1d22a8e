/**
 * UI text added by the zh-CN walk at 900–1440 px (issue 20): shorter forms of labels that did not fit a
 * narrow window, and strings the walk found drawn in English in Chinese. Also the page's keys en-notes2.ts had
 * (the LSM tab's bucket titles and level notes, a write dialog's title, the Raw tab's entry lines, the "More"
 * menu), so that the engine's part of the catalog holds none of them (issue 17).
 */
import { enWrites } from './en-writes.ts';

const s = (n: number, one: string, other: string): string => (n === 1 ? one : other);

export const enUi3 = {
  // The sandbox badge of the top bar in a narrow window (the whole sentence stays its accessible name and tooltip).
  'ui.sandbox.badge.short': () => 'Sandbox',
  // The top bar's name of a sandbox copied from one table (the badge beside it says it is a sandbox).
  'ui.sandbox.label.table': (p: { table: string }) => `Copy of ${p.table}`,
  // The tabs row's short form of 'ui.writes.offStorage' / 'ui.writes.offTable' (the whole sentence and the reason are
  // its tooltip and read by screen readers): the row keeps one line beside the tabs at 1440 px.
  'ui.writes.offStorageShort': () => 'Read-only',
  'ui.writes.offTableShort': () => 'Writes off',
  // The write toolbar's accessible name with the version its buttons act on (the version is on the line under the timeline).
  'ui.writes.labelFor': (p: { version: string; current: boolean }) => `Write actions on version ${p.version}${p.current ? ' (current)' : ''}`,
  'ui.writes.labelNone': () => 'Write actions (no version selected)',
  // The Data tab's filter, in its tooltip and the reading line's (the line itself shares one line with the row count).
  'ui.data.pushdown': () => 'The filter is pushed into planning (skipped files are never opened) and applied to every row.',
  // The LSM tab.
  'ui.lsm.bucketTitle': (p: { partition: string; bucket: number; total: number }) =>
    `${p.partition ? `${p.partition} · ` : ''}bucket ${p.bucket}${p.total > 0 ? ` of ${p.total}` : p.total === -1 ? ' (dynamic)' : ''}`,
  'ui.lsm.levelNote': (p: { level: number; files: number; top: number }) => {
    if (p.level === 0) return p.files === 0 ? 'empty: nothing flushed since the last compaction' : `${p.files} sorted ${s(p.files, 'run', 'runs')} (each file its own; key ranges may overlap)`;
    if (p.files === 0) return p.level === p.top ? 'empty: a full compaction writes here' : 'empty';
    return `1 sorted run of ${p.files} ${s(p.files, 'file', 'files')} (disjoint key ranges)`;
  },
  // The title of a write's dialog (and of its toast and "What this write did"): the action's label without its ellipsis.
  'ui.writes.actionTitle': (p: Parameters<(typeof enWrites)['ui.writes.action']>[0]) => enWrites['ui.writes.action'](p).replace(/…$/, ''),
  // The Raw tab: the line that names a manifest entry or a manifest list record.
  'ui.rawFile.entryTitle': (p: { status: string; file: string; rows: string }) => `${p.status} · ${p.file} · ${p.rows} rows`,
  'ui.rawFile.manifestTitle': (p: { file: string; deletes: boolean }) => `${p.file} · ${p.deletes ? 'deletes' : 'data'}`,
  // The tabs row: buttons that do not fit go into this menu.
  'ui.tabs.more': () => 'More',
  'ui.tabs.moreLabel': () => 'More actions',
};

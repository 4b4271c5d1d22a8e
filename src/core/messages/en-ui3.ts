/**
 * UI text added by the zh-CN walk at 900–1440 px (issue 20): shorter forms of labels that did not fit a
 * narrow window, and strings the walk found drawn in English in Chinese.
 */
export const enUi3 = {
  // The sandbox badge of the top bar in a narrow window (the whole sentence stays its accessible name and tooltip).
  'ui.sandbox.badge.short': () => 'Sandbox',
  // The top bar's name of a sandbox copied from one table (the badge beside it says it is a sandbox).
  'ui.sandbox.label.table': (p: { table: string }) => `Copy of ${p.table}`,
  // The Paimon tree's node of the live files (paimon/inspect/tree.ts): a label of words, shown in the reader's language.
  'tree.paimon.lsmLabel': (p: { primaryKey: boolean }) => (p.primaryKey ? 'LSM trees (live files by bucket and level)' : 'live files by bucket'),
  // The tabs row's short form of 'ui.writes.offStorage' / 'ui.writes.offTable' (the whole sentence and the reason are
  // its tooltip and read by screen readers): the row keeps one line beside the tabs at 1440 px.
  'ui.writes.offStorageShort': () => 'Read-only',
  'ui.writes.offTableShort': () => 'Writes off',
  // The write toolbar's accessible name with the version its buttons act on (the version is on the line under the timeline).
  'ui.writes.labelFor': (p: { version: string; current: boolean }) => `Write actions on version ${p.version}${p.current ? ' (current)' : ''}`,
  'ui.writes.labelNone': () => 'Write actions (no version selected)',
  // The Data tab's filter, in its tooltip and the reading line's (the line itself shares one line with the row count).
  'ui.data.pushdown': () => 'The filter is pushed into planning (skipped files are never opened) and applied to every row.',
};

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
};

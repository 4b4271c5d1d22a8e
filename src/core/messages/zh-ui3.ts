/** Simplified Chinese (zh-CN) text of en-ui3.ts, key for key. */
import type { enUi3 } from './en-ui3.ts';
import { zhWrites } from './zh-writes.ts';

export const zhUi3: { readonly [K in keyof typeof enUi3]: (...args: Parameters<(typeof enUi3)[K]>) => string } = {
  'ui.sandbox.badge.short': () => '沙盒',
  'ui.sandbox.label.table': (p) => `${p.table} 的副本`,
  'ui.writes.offStorageShort': () => '只读',
  'ui.writes.offTableShort': () => '不可写入',
  'ui.writes.labelFor': (p) => `写入操作：版本 ${p.version}${p.current ? '（当前）' : ''}`,
  'ui.writes.labelNone': () => '写入操作（未选择版本）',
  'ui.data.pushdown': () => '过滤条件会下推到查询规划中（被跳过的文件不会被打开），并作用于每一行。',
  'ui.lsm.bucketTitle': (p) => `${p.partition ? `${p.partition} · ` : ''}桶 ${p.bucket}${p.total > 0 ? ` / 共 ${p.total} 个` : p.total === -1 ? '（动态）' : ''}`,
  'ui.lsm.levelNote': (p) => {
    if (p.level === 0) return p.files === 0 ? '空：上次合并以来没有刷写' : `${p.files} 个 sorted run（每个文件各一个；键范围可能重叠）`;
    if (p.files === 0) return p.level === p.top ? '空：全量合并写到这里' : '空';
    return `1 个 sorted run，含 ${p.files} 个文件（键范围互不相交）`;
  },
  'ui.writes.actionTitle': (p) => zhWrites['ui.writes.action'](p).replace(/(…|……)$/, ''),
  'ui.rawFile.entryTitle': (p) => `${p.status} · ${p.file} · ${p.rows} 行`,
  'ui.rawFile.manifestTitle': (p) => `${p.file} · ${p.deletes ? '删除' : '数据'}`,
  'ui.tabs.more': () => '更多',
  'ui.tabs.moreLabel': () => '更多操作',
};

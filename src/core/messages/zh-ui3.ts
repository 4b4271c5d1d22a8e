/** Simplified Chinese (zh-CN) text of en-ui3.ts, key for key. */
import type { enUi3 } from './en-ui3.ts';

export const zhUi3: { readonly [K in keyof typeof enUi3]: (...args: Parameters<(typeof enUi3)[K]>) => string } = {
  'ui.sandbox.badge.short': () => '沙盒',
  'ui.sandbox.label.table': (p) => `${p.table} 的副本`,
  'tree.paimon.lsmLabel': (p) => (p.primaryKey ? 'LSM 树（按桶和层级的存活文件）' : '按桶的存活文件'),
  'ui.writes.offStorageShort': () => '只读',
  'ui.writes.offTableShort': () => '不可写入',
  'ui.writes.labelFor': (p) => `写入操作：版本 ${p.version}${p.current ? '（当前）' : ''}`,
  'ui.writes.labelNone': () => '写入操作（未选择版本）',
  'ui.data.pushdown': () => '过滤条件会下推到查询规划中（被跳过的文件不会被打开），并作用于每一行。',
};

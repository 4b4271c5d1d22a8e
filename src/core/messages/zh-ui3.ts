/** Simplified Chinese (zh-CN) text of en-ui3.ts, key for key. */
import type { enUi3 } from './en-ui3.ts';

export const zhUi3: { readonly [K in keyof typeof enUi3]: (...args: Parameters<(typeof enUi3)[K]>) => string } = {
  'ui.sandbox.badge.short': () => '沙盒',
  'ui.sandbox.label.table': (p) => `${p.table} 的副本`,
  'tree.paimon.lsmLabel': (p) => (p.primaryKey ? 'LSM 树（按桶和层级的存活文件）' : '按桶的存活文件'),
};

/** Simplified Chinese (zh-CN) text of en-errors7.ts, key for key: write refusals of Iceberg and Paimon tables. */
import type { enErrors7 } from './en-errors7.ts';

export const zhErrors7: { readonly [K in keyof typeof enErrors7]: (...args: Parameters<(typeof enErrors7)[K]>) => string } = {
  'error.iceberg.write.blankName': (p) => `${p.subsystem}：名称不能为空或只含空白`,
  'error.iceberg.write.rollbackTarget': () => 'iceberg 回滚：请给出快照 id 或时间',
  'error.iceberg.write.tagNoSnapshot': () => 'iceberg 标签：请给出快照 id（这张表没有当前快照）',
  'error.iceberg.write.expireWhat': () => 'iceberg 过期快照：需要“早于”“保留最近 N 个”或快照 id',
  'error.iceberg.write.noVacuum': () => 'iceberg vacuum：Iceberg 没有 VACUUM（过期快照会删除只被它们使用的文件）',
  'error.iceberg.write.noDestructive': () => 'iceberg 破坏性回滚：Iceberg 没有破坏性回滚（请先回滚，再过期快照）',
  'error.iceberg.write.noRows': (p) => `${p.subsystem}：Lakescope 还不能向 Iceberg 表写入行（只能处理它的快照、引用和文件）`,
  'error.paimon.write.blankTag': () => 'paimon 标签：名称不能为空或只含空白',
  'error.paimon.write.rollbackTarget': () => 'paimon 回滚：请给出快照 id 或标签',
  'error.paimon.write.confirm': (p) => `paimon 提交：请输入“${p.text}”以确认`,
  'error.paimon.write.readOnly': (p) => `${p.subsystem}：${p.storage} 是只读的`,
  'error.paimon.write.branchTarget': (p) => `${p.subsystem}：'${p.version}' 是分支；请给出快照 id 或标签`,
  'error.paimon.write.noSnapshot': (p) => `${p.subsystem}：这张表还没有快照`,
  'error.paimon.ref.blank': (p) => `${p.subsystem}：名称不能为空白`,
  'error.paimon.ref.numeric': (p) => `${p.subsystem}：'${p.name}' 全是数字，会与快照 id 混淆`,
  'error.paimon.ref.fileName': (p) => `${p.subsystem}：'${p.name}' 不是有效的文件名`,
  'error.paimon.ref.main': () => "paimon 分支：'main' 是默认分支",
  'error.paimon.write.needsPk': (p) => `${p.subsystem}：${p.kind} 需要主键表；这是一张 append 表（只能追加）`,
  'error.paimon.write.pkAppend': () => 'paimon 追加：这是一张主键表：请用 upsert（一行替换同一主键的行）或删除',
  'error.paimon.write.deleteKey': (p) => `paimon 删除：第 ${p.row} 行的主键列 ${p.column} 没有值`,
  'error.paimon.write.noRows': (p) => `${p.subsystem}：没有给出任何行`,
  'error.paimon.write.columnType': (p) => `paimon 写入：列 ${p.column} 的类型是 ${p.type}，这个写入器无法写入`,
  'error.paimon.write.unknownColumn': (p) => `paimon 写入：第 ${p.row} 行有一列 ${p.column}，表中没有这一列；表的列是：${p.columns}`,
};

/**
 * Simplified Chinese (zh-CN) text of row writes by clicks and the LSM tab's compaction controls, key for
 * key as en-rows.ts. Terms as the Chinese Paimon docs: 主键, 桶, 合并 (compaction), 快照, 层级 (level).
 */
import type { enRows } from './en-rows.ts';

const num = (c: number): string => c.toLocaleString('zh-CN');

export const zhRows: { readonly [K in keyof typeof enRows]: (...args: Parameters<(typeof enRows)[K]>) => string } = {
  'ui.rows.barLabel': () => '行：',
  'ui.rows.title.append': () => '追加行',
  'ui.rows.title.upsert': () => '插入或更新行（upsert）',
  'ui.rows.title.delete': () => '按主键删除行',
  'ui.rows.intro.rows': () => '输入一行，或粘贴 CSV 写入多行。主键列已标出；留空即为 NULL。下一步会预览每个桶将得到的文件；确认之前不会写入任何内容。',
  'ui.rows.intro.noKeys': () => '输入一行，或粘贴 CSV 写入多行；留空即为 NULL。下一步会预览将要写入的文件；确认之前不会写入任何内容。',
  'ui.rows.intro.keys': () => '给出要删除的每一行的主键：输入一个，或粘贴首行为主键列名的 CSV。下一步会预览文件；确认之前不会写入任何内容。',
  'ui.rows.mode': () => '输入方式',
  'ui.rows.mode.form': () => '单行',
  'ui.rows.mode.csv': () => '粘贴 CSV',
  'ui.rows.key': () => '主键',
  'ui.rows.keyTitle': () => '主键的一部分：主键相同的行互相替换',
  'ui.rows.notNull': () => '非空',
  'ui.rows.nestedField': () => '嵌套类型：无法在此输入（保持 NULL）',
  'ui.rows.bool.empty': () => '（NULL）',
  'ui.rows.csv.label': () => 'CSV：第一行为列名',
  'ui.rows.csv.hint': (p) => `列：${p.columns}。值中含逗号、引号（写作 ""）或换行时，用 "…" 括起；空字段为 NULL，"" 为空字符串。`,
  'ui.rows.ready': (p) => `${num(p.count)} 行可以预览。`,
  'ui.rows.noColumns': () => '当前 schema 中没有可在此输入的列。',
  'ui.rows.preview': () => '预览…',
  'ui.rows.cancel': () => '取消',
  'ui.rows.problem.unclosedQuote': (p) => `CSV 第 ${num(p.line)} 行：引号括起的值没有结束。`,
  'ui.rows.problem.textAfterQuote': (p) => `CSV 第 ${num(p.line)} 行：右引号后还有文字（引号括起的值中的引号请写作 ""）。`,
  'ui.rows.problem.noHeader': () => '请粘贴首行为列名的 CSV。',
  'ui.rows.problem.noRows': () => '这段 CSV 只有表头，没有数据行。',
  'ui.rows.problem.header': (p) => `CSV 表头：列名 "${p.column}" 为空或重复。`,
  'ui.rows.problem.unknownColumn': (p) => `表中没有列 "${p.column}"；它的列是：${p.known}。`,
  'ui.rows.problem.fieldCount': (p) => `第 ${num(p.row)} 行：有 ${num(p.found)} 个值，但表头列出 ${num(p.expected)} 列。`,
  'ui.rows.problem.badValue': (p) => `第 ${num(p.row)} 行，列 ${p.column}："${p.value}" 不是有效的 ${p.type}。`,
  'ui.rows.problem.required': (p) => `第 ${num(p.row)} 行，列 ${p.column}：需要一个值（主键列或 NOT NULL 列）。`,
  'ui.rows.problem.nested': (p) => `第 ${num(p.row)} 行，列 ${p.column}：${p.type} 是嵌套类型，无法在此输入。`,

  'ui.lsm.compact.group': (p) => `${p.bucket} 的合并`,
  'ui.lsm.compact.full': () => '合并此桶（全量）',
  'ui.lsm.compact.fullTitle': () => '把此桶的每个 sorted run 合并到最高层级（丢弃已删除的主键），生成一个 COMPACT 快照。先预览。',
  'ui.lsm.compact.next': () => '执行 Paimon 下一步会选择的合并',
  'ui.lsm.compact.nextTitle': (p) => `把上面列出的 ${num(p.count)} 个文件合并到第 ${num(p.level)} 层，与 Paimon 的 universal 合并策略完全一致。先预览。`,
  'ui.lsm.compact.nothingNext': () => '按 Paimon 的 universal 策略，此桶目前无需合并。',
  'ui.lsm.compact.notLatest': (p) => `合并作用于最新快照：请选择快照 ${p.id} 再合并。`,
  'ui.lsm.compact.titleFull': (p) => `${p.bucket} 的全量合并`,
  'ui.lsm.compact.titleNext': (p) => `${p.bucket} 的下一次合并`,
  'ui.lsm.change.head': (p) => `快照 ${p.from} → ${p.to}：`,
  'ui.lsm.change.left': (p) => `${num(p.count)} 个文件离开第 ${num(p.level)} 层`,
  'ui.lsm.change.arrived': (p) => `${num(p.count)} 个文件（${num(p.rows)} 行）新增于第 ${num(p.level)} 层`,
  'ui.lsm.change.leaving': () => '已被本次提交从表中移除（文件仍留在存储中，直到过期清理不再需要它）',
  'ui.lsm.change.arriving': () => '本次提交新增',
  'ui.lsm.change.label': () => '上一次提交改变了什么',
};

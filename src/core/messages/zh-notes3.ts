/** Simplified Chinese (zh-CN) text of en-notes3.ts, key for key: Hudi plan and change-log notes, Paimon change-log notes. */
import type { enNotes3 } from './en-notes3.ts';

export const zhNotes3: { readonly [K in keyof typeof enNotes3]: (...args: Parameters<(typeof enNotes3)[K]>) => string } = {
  'note.hudi.asOfArchived': (p) => `按 instant ${p.instant}（${p.action}）读取，它来自归档的 timeline（${p.file}）`,
  'note.hudi.asOf': (p) => `按 instant ${p.instant}（${p.action}）读取`,
  'note.hudi.completionTime': (p) => `${p.time} 是 instant ${p.instant} 的完成时间；按这个 instant 读取`,
  'note.hudi.asOfTime': (p) => `截至 ${p.time}：instant ${p.instant}（与 hudi-rs 一样比较请求时间；写入方时区 ${p.zone}）`,
  'note.hudi.latest': (p) => `最新完成的 instant ${p.instant}（${p.action}）`,
  'note.hudi.noCommit': () => '这张表还没有已完成的提交',
  'note.hudi.listedHfile': () => '列出了各分区文件夹：元数据表的 files 分区已启用，但它基于 HFile，这个读取器不读',
  'note.hudi.listed': () => '列出了各分区文件夹（这张表的元数据表没有 files 分区）',
  'note.hudi.prunePartitions': () => '分区值不可能匹配过滤条件的文件组被跳过；其余文件组合并后逐行计算过滤条件',
  'note.hudi.filterAfterMerge': () => '合并后逐行计算过滤条件（这种键生成器的分区路径不含列值，所以不会按分区跳过）',
  'note.hudi.columnStats': (p) => `列统计：用过滤条件检查了 ${p.checked} 个基础文件的 Parquet 文件尾`
    + `${p.withLogs ? `；${p.withLogs} 个带日志文件（或没有基础文件）的文件片被保留，因为这里不读日志记录的统计信息` : ''}`
    + `${p.hfile ? '；元数据表的 column_stats 分区基于 HFile，没有读取' : ''}`,
  'note.hudi.incremental': (p) => `增量读取：${p.begin !== undefined ? `${p.begin} 之后` : '从开头起'}到 ${p.end}（含）写入的记录，取截至 ${p.end} 的最新值`,
  'note.hudi.noMetaFields': () => '这张表不填写元字段（hoodie.populate.meta.fields = false）：记录中没有 _hoodie_commit_time，Hudi 的增量查询无法给出答案',
  'note.paimon.noChangelogInRange': (p) => `这个范围内没有快照带 changelog 文件（changelog-producer = ${p.producer}）`,
  'note.paimon.noChangelogProducer': () => '这个范围内没有快照带 changelog 文件（changelog-producer = none：Paimon 不写 changelog）',
  'note.paimon.changelogRead': (p) => `changelog-producer = ${p.producer}：行读自快照 ${p.snapshots} 的 changelog 文件，行类型 +I、-U、+U、-D 分别表示插入、更新前、更新后、删除`,
  'note.paimon.changelogInput': (p) => `changelog-producer = input 按写入时的样子保存记录：一次更新显示为新值的插入（+I），替换同一主键（${p.keys}）的行，没有更新前的值`,
  'note.paimon.noChangelogFiles': (p) => `${p.snapshots}：没有 changelog 文件（${p.count === 1 ? '这个快照' : '这些快照'}没有通过写入器改动任何行，例如合并（compaction），或者写入时没有配置 changelog producer）`,
};

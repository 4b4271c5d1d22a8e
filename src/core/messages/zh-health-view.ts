/** Simplified Chinese (zh-CN) text of the Health tab, key for key as en-health-view.ts. */
import { plural } from './catalog.ts';
import { bytes, countIn } from './health-format.ts';
import type { enHealthView } from './en-health-view.ts';

const count = countIn('zh-CN');
const n = (c: number, unit: string): string => `${count(c)} ${plural('zh-CN', c, { other: unit })}`;

export const zhHealthView: { readonly [K in keyof typeof enHealthView]: (...args: Parameters<(typeof enHealthView)[K]>) => string } = {
  'health.rule.buckets': () => '按对数刻度分组的文件大小，每一组是前一组的四倍。',
  'health.rule.deletes': () => '删除文件：作用于存活数据文件的位置删除文件、等值删除文件和删除向量，每个只计一次。删除行数：它们记录的行数（对等值删除而言是键——可能匹配更多行，也可能一行都不匹配）。',
  'health.healthy': () => '无需处理：没有哪个分区有两个以上的小文件或带删除的文件，manifest 数量不多，也没有快照超过保留期限。',
  'ui.tabNote.health': () => '各分区的文件大小、小文件比例和删除比例、表的历史，以及相应的处理办法（合并、重写 manifest、快照过期），每一项都可以先预览。',
  'ui.health.loading': () => '正在读取表的文件和历史…',
  'ui.health.empty': () => '这张表还没有数据文件（已创建但从未写入）：没有可度量的内容。',
  'ui.health.histogram': () => '文件大小',
  'ui.health.histogramAll': () => '全部分区',
  'ui.health.partitionPick': () => '分区',
  'ui.health.smallLine': (p) => `小文件 < ${bytes(p.threshold)}`,
  'ui.health.files': () => '文件数',
  'ui.health.card.smallFiles': () => '小文件',
  'ui.health.card.deleteFiles': () => '删除文件',
  'ui.health.card.deleteRows': () => '删除行',
  'ui.health.card.manifests': () => 'Manifest',
  'ui.health.card.smallFilesValue': (p) => `${count(p.files)} 个中的 ${count(p.small)} 个`,
  'ui.health.card.deleteFilesValue': (p) =>
    `${n(p.deleteFiles, '个删除文件')}对应 ${n(p.dataFiles, '个数据文件')}；其中 ${count(p.withDeletes)} 个带有删除`,
  'ui.health.card.deleteRowsValue': (p) =>
    `数据文件的 ${n(p.dataRows, '行')}中删除了 ${count(p.deleteRows)} 行${p.liveRows !== undefined ? `；存活 ${count(Number(p.liveRows))} 行` : ''}`,
  'ui.health.card.deleteRowsUnknown': (p) => `${n(p.files, '个删除文件')}没有记录删除了多少行（未计入）`,
  'ui.health.card.manifestsValue': (p) => `共 ${bytes(p.bytes)}`,
  'ui.health.card.none': () => '无',
  'ui.health.overTime': () => '随时间变化',
  'ui.health.series.versions': () => '版本数',
  'ui.health.series.dataFiles': () => '数据文件',
  'ui.health.series.deleteFiles': () => '删除文件',
  'ui.health.series.metadata': () => '元数据文件大小',
  'ui.health.series.manifests': () => '每个版本的 manifest 数',
  'ui.health.series.empty': () => '这张表没有记录此项。',
  'ui.health.partitions': () => '小文件最多的分区',
  'ui.health.col.partition': () => '分区',
  'ui.health.col.files': () => '文件数',
  'ui.health.col.small': () => '小文件',
  'ui.health.col.withDeletes': () => '带删除',
  'ui.health.col.bytes': () => '字节数',
  'ui.health.col.avg': () => '平均大小',
  'ui.health.recommendations': () => '建议操作',
  'ui.health.preview': () => '预览…',
  'ui.health.unavailableWhy': (p) => `此处不可用：${p.reason}`,
  'ui.health.ratios': () => '比例',
};

/** Simplified Chinese (zh-CN) text of errors and empty states, key for key as en-errors.ts. */
import type { enErrors } from './en-errors.ts';

const num = (c: number): string => c.toLocaleString('zh-CN');

export const zhErrors: { readonly [K in keyof typeof enErrors]: (...args: Parameters<(typeof enErrors)[K]>) => string } = {
  'ui.empty.noVersions.data': () => '没有行：还没有写入任何版本，所以没有可读的内容。',
  'ui.empty.noVersions.files': () => '没有数据文件：还没有写入任何版本。',
  'ui.empty.noVersions.partitions': () => '没有含数据的分区：还没有写入任何版本。下面的分区方式将用于第一次写入。',
  'ui.error.headline.unknownColumn': () => '没有这一列',
  'ui.error.advice.unknownColumn': (p) => `请检查拼写（列名区分大小写）。这张表的列：${p.known}。`,
  'ui.partitions.title': (p) =>
    ({ iceberg: '分区规范', paimon: '分区键', delta: '分区列', hudi: '分区字段' })[p.format],
  'ui.partitions.keys': (p) =>
    `${num(p.count)} ${({ iceberg: '个分区字段', paimon: '个分区键', delta: '个分区列', hudi: '个分区字段' })[p.format]}`,
  'ui.partitions.keysExplain': (p) => ({
    iceberg: '每个数据文件都在它的 manifest 条目中记录自己的分区值。',
    paimon: 'Paimon 把每个分区写到自己的文件夹（key=value/…）中，再把分区划分为若干个桶；分区键在建表时确定，之后不可更改。',
    delta: 'Delta 在每个文件的 add 操作中写下它的分区值（通常也对应一个 key=value/ 文件夹）；分区列在建表时确定，之后不可更改。',
    hudi: 'Hudi 把每个文件组写在它的分区路径下；分区字段来自 hoodie.table.partition.fields。',
  })[p.format],
  'ui.deletes.title': () => '被删除的行',
  'ui.deletes.loading': () => '正在读取被删除的位置…',
  'ui.deletes.summary': (p) => `${num(p.files)} 个数据文件中的 ${num(p.count)} 个位置`,
  'ui.deletes.none': () => '这个文件没有删除任何位置（空的向量）。',
  'ui.deletes.positions': (p) => `${num(p.count)} 个被删除的位置`,
  'ui.deletes.more': (p) => `……另有 ${num(p.count)} 个`,
  'ui.deletes.showRows': () => '显示被删除的行',
  'ui.deletes.readingRows': () => '正在读取数据文件中这些位置上的行…',
  'ui.deletes.rowsLabel': (p) => `从 ${p.file} 中删除的行`,
  'ui.deletes.position': () => '位置',
  'ui.deletes.rowsNote': () => '按数据文件本身保存的样子显示（使用它自己的列名，包括系统列），即这次删除隐藏它们之前的样子。',
  'ui.deletes.rowsError': (p) => `无法读取这些行：${p.message}`,
  'ui.deletes.openData': () => '打开数据文件',
  'ui.deletes.equality': () => '等值删除文件按值而不是按位置删除：凡是键列等于其中某一行的行都会被删除。以原始方式打开它可以看到这些值。',
};

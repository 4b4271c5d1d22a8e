/** Simplified Chinese (zh-CN) text of the table-health view, key for key as en-health.ts. */
import { plural } from './catalog.ts';
import type { enHealth } from './en-health.ts';

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
/** Bytes in binary units, three significant digits (the same form as the English catalog). */
const bytes = (b: number): string => {
  let v = b; let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) { v /= 1024; u++; }
  return u === 0 ? `${b} B` : `${v.toFixed(v < 10 ? 2 : v < 100 ? 1 : 0)} ${UNITS[u]}`;
};
const count = (c: number): string => new Intl.NumberFormat('zh-CN').format(c);
const n = (c: number, unit: string): string => `${count(c)} ${plural('zh-CN', c, { other: unit })}`;
const pct = (part: number, whole: number): string => (whole > 0 ? `${Math.round((100 * part) / whole)}%` : '—');
const day = (ms: number): string => new Intl.DateTimeFormat('zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(new Date(ms));
const age = (ms: number): string => (ms % 86_400_000 === 0 ? n(ms / 86_400_000, '天') : ms % 3_600_000 === 0 ? n(ms / 3_600_000, '小时') : n(Math.round(ms / 60_000), '分钟'));
const from = (source: string): string => (source ? `来自表的 ${source}` : '默认值');

export const zhHealth: { readonly [K in keyof typeof enHealth]: (...args: Parameters<(typeof enHealth)[K]>) => string } = {
  'health.rule.smallFiles': (p) =>
    `小于 ${bytes(p.threshold)} 的数据文件算作小文件：即目标文件大小 ${bytes(p.target)}（${from(p.source)}）的 75%，这也是 Iceberg 的 RewriteDataFiles 和 Lakescope 的合并所用的界线。`,
  'health.rule.buckets': () => '按对数刻度分组的文件大小，每一组是前一组的四倍。',
  'health.rule.deletes': () => '删除文件：作用于存活数据文件的位置删除文件、等值删除文件和删除向量，每个只计一次。删除行数：它们记录的行数（对等值删除而言是键——可能匹配更多行，也可能一行都不匹配）。',
  'health.rule.recommendationsCurrentOnly': () => '建议只针对当前版本：在时间线上选中当前版本即可看到。',
  'health.rule.manifestsSampled': (p) => `只统计了 ${n(p.versions, '个版本')}中最新 ${count(p.shown)} 个版本的 manifest（每个版本读取一次 manifest list）。`,
  'health.rule.noManifests': () => '这种格式没有 manifest list，因此没有可统计的 manifest。',
  'health.rule.noStateSizes': () => '不知道这张表元数据文件的大小（存储的列表没有给出）。',
  'health.healthy': () => '无需处理：没有哪个分区有两个以上的小文件或带删除的文件，manifest 数量不多，也没有快照超过保留期限。',

  'health.compactPartition.title': (p) => `合并分区 ${p.partition || '（未分区）'}`,
  'health.compactPartition.reason': (p) =>
    `${n(p.files, '个数据文件')}中有 ${count(p.small)} 个小于 ${bytes(p.threshold)}（共 ${bytes(p.smallBytes)}）`
    + `${p.withDeletes ? `；${n(p.withDeletes, '个文件')}有待应用的删除` : ''}。重写后大约得到 ${n(p.estimate, '个文件')}。`,
  'health.compactTable.title': (p) => `合并 ${n(p.partitions, '个分区')}`,
  'health.compactTable.reason': (p) =>
    `${n(p.files, '个数据文件')}中有 ${count(p.small)} 个（${pct(p.small, p.files)}）小于 ${bytes(p.threshold)}，共 ${bytes(p.smallBytes)}，分布在 ${n(p.partitions, '个')}各含两个以上小文件的分区中`
    + `${p.withDeletes ? `；${n(p.withDeletes, '个文件')}带有每次扫描都要应用的删除` : ''}。每次扫描时，每个文件都要花费一次请求和一次 footer 读取。`,
  'health.rewriteManifests.title': (p) => `重写 ${n(p.manifests, '个 manifest')}`,
  'health.rewriteManifests.reason': (p) =>
    `当前版本有 ${n(p.manifests, '个 manifest')}（共 ${bytes(p.bytes)}）；按 manifest 目标大小 ${bytes(p.target)}（${from(p.source)}）计算，${count(p.fit)} 个就能装下。查询规划要读取每个 manifest，数量越少，规划越快。`,
  'health.expire.title': (p) => `使早于 ${day(p.cutoffMs)} 的快照过期`,
  'health.expire.reason': (p) =>
    `${n(p.versions, '个版本')}中有 ${count(p.expirable)} 个早于 ${age(p.maxAgeMs)}（${from(p.ageSource)}），既不是分支或标签的头，也不在保留的最后 ${count(p.keep)} 个之中`
    + `${p.metadataBytes ? `；当前元数据文件为 ${bytes(p.metadataBytes)}，并且随它列出的每个快照而增长` : ''}。预览会准确列出哪些会过期。`,
  'health.notOffered': (p) => `这张表在这里不提供“${p.action}”。`,

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
  'ui.health.unavailable': () => '此处不可用',
  'ui.health.ratios': () => '比例',
};

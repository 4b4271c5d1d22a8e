/** Simplified Chinese (zh-CN) text of the table-health view, key for key as en-health.ts. */
import { plural } from './catalog.ts';
import { bytes, countIn } from './health-format.ts';
import type { enHealth } from './en-health.ts';

const count = countIn('zh-CN');
const n = (c: number, unit: string): string => `${count(c)} ${plural('zh-CN', c, { other: unit })}`;
const pct = (part: number, whole: number): string => (whole > 0 ? `${Math.round((100 * part) / whole)}%` : '—');
const day = (ms: number): string => new Intl.DateTimeFormat('zh-CN', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(new Date(ms));
const age = (ms: number): string => (ms % 86_400_000 === 0 ? n(ms / 86_400_000, '天') : ms % 3_600_000 === 0 ? n(ms / 3_600_000, '小时') : n(Math.round(ms / 60_000), '分钟'));
const from = (source: string): string => (source ? `来自表的 ${source}` : '默认值');

export const zhHealth: { readonly [K in keyof typeof enHealth]: (...args: Parameters<(typeof enHealth)[K]>) => string } = {
  'health.rule.smallFiles': (p) =>
    `小于 ${bytes(p.threshold)} 的数据文件算作小文件：即目标文件大小 ${bytes(p.target)}（${from(p.source)}）的 75%，这也是 Iceberg 的 RewriteDataFiles 和 Lakescope 的合并所用的界线。`,
  'health.rule.recommendationsCurrentOnly': () => '建议只针对当前版本：在时间线上选中当前版本即可看到。',
  'health.rule.manifestsSampled': (p) => `只统计了 ${n(p.versions, '个版本')}中最新 ${count(p.shown)} 个版本的 manifest（每个版本读取一次 manifest list）。`,
  'health.rule.noManifests': () => '这种格式没有 manifest list，因此没有可统计的 manifest。',
  'health.rule.noStateSizes': () => '不知道这张表元数据文件的大小（存储的列表没有给出）。',

  'health.compactPartition.title': (p) => `合并分区 ${p.partition}`,
  'health.compactUnpartitioned.title': () => '合并分区（未分区）',
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
};

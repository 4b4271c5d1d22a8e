/** Simplified Chinese (zh-CN) text of en-explain.ts, key for key: EXPLAIN's plan lines, the executor's reasons. */
import type { enExplain } from './en-explain.ts';

const num = (c: number): string => c.toLocaleString('zh-CN');

export const zhExplain: { readonly [K in keyof typeof enExplain]: (...args: Parameters<(typeof enExplain)[K]>) => string } = {
  'ui.query.plan.scan': (p) =>
    `${p.ref}  （${p.format} ${({ data: '数据', changes: '变更', metadata: '元数据' } as Record<string, string>)[p.scanKind] ?? p.scanKind}${p.metadataTable ? ` $${p.metadataTable}` : ''}${p.fromVersion ? `，版本 (${p.fromVersion}, ${p.version}]` : p.version ? `，版本 ${p.version}` : ''}）记为 ${p.relation}`,
  'ui.query.plan.note': (p) => `  说明：${p.note}`,
  'ui.query.plan.columns': (p) => `  列：${p.columns ?? '全部'}`,
  'ui.query.plan.filter': (p) => `  下推的过滤条件：${p.filter ?? '无'}`,
  'ui.query.plan.counts': (p) => `  ${p.step}：${p.countList}`,
  'ui.query.plan.count': (p) => `${({
    total: '总数', read: '读取', skipped: '跳过', matched: '匹配', kept: '保留', planned: '计划读取', pruned: '剪除',
    skippedByPartition: '按分区跳过', skippedByStats: '按统计信息跳过',
  } as Record<string, string>)[p.countName] ?? p.countName} ${p.value}`,
  'ui.query.plan.countSeparator': () => '，',
  'ui.query.plan.files': (p) => `  文件：读取 ${p.planned} 个，跳过 ${p.skipped} 个`,
  'ui.query.plan.rowGroups': (p) => `  行组：读取 ${p.planned} 个，跳过 ${p.skipped} 个`,
  'ui.query.plan.bytesToFetch': (p) => `  要读取的字节数：${p.bytes}`,
  'ui.query.plan.bytesFetched': (p) => `  已读取的字节数：${p.bytes}`,
  'ui.query.plan.engineQuery': (p) => `引擎执行的查询：${p.query}`,
  'ui.query.plan.executor': (p) => `执行器：${p.name}${p.reason ? `（${p.reason}）` : ''}`,
  'ui.query.plan.total': (p) => `总共要读取的字节数：${p.bytes}`,
  'ui.query.reason.askedFor': () => '按要求指定',
  'ui.query.reason.step': (p) => `计划中有 ${p.node} 步骤（连接、子查询、CTE、集合运算或窗口函数）`,
  'ui.query.reason.fallback': (p) => `列式执行器不处理：${p.reason}`,
  'ui.query.reason.compileError': (p) => `列式执行器编译出错：${p.message}`,
  'ui.query.reason.refused': (p) => `会被拒绝：${p.message}`,
  'ui.query.reason.rewritten': (p) => `${num(p.count)} 个运算符改写为三值逻辑或类型化取值函数`,
  'ui.query.reason.and': (p) => `${p.first}；${p.second}`,
};

/** Simplified Chinese (zh-CN) text of en-errors15.ts, key for key: Iceberg schema and partition-spec evolution refusals. */
import type { enErrors15 } from './en-errors15.ts';

export const zhErrors15: { readonly [K in keyof typeof enErrors15]: (...args: Parameters<(typeof enErrors15)[K]>) => string } = {
  'error.iceberg.schemaChange': (p) => `iceberg schema：${p.message}`,
  'error.iceberg.schemaChange.noStruct': (p) => `没有名为 ${p.column} 的 struct 列`,
  'error.iceberg.schemaChange.notStruct': (p) => `${p.column} 不是 struct 列`,
  'error.iceberg.schemaChange.exists': (p) => `列 ${p.column} 已经存在`,
  'error.iceberg.schemaChange.noColumn': (p) => `没有列 ${p.column}`,
  'error.iceberg.schemaChange.promote': (p) => `不能把 ${p.column} 的类型从 ${p.from} 提升为 ${p.to}`,
  'error.iceberg.schemaChange.identifier': (p) => `${p.column} 是标识字段（identifier field）`,
  'error.iceberg.schemaChange.partitionSource': (p) => `${p.column} 是当前分区规范的源列；请先演进分区规范`,
  'error.iceberg.schemaChange.sortOrder': (p) => `${p.column} 被当前排序规则使用`,
  'error.iceberg.schemaChange.unknownType': (p) => `未知的类型 ${p.type}`,
  'error.iceberg.specChange': (p) => `iceberg 分区规范：${p.message}`,
  'error.iceberg.specChange.noColumn': (p) => `没有列 ${p.column}`,
  'error.iceberg.specChange.transform': (p) => `未知的分区转换 ${p.transform}`,
  'error.iceberg.specChange.exists': (p) => `名为 ${p.name} 的分区字段已经存在`,
  'error.iceberg.specChange.already': (p) => `${p.column} 已经按 ${p.transform} 分区`,
  'error.iceberg.specChange.noField': (p) => `没有分区字段 ${p.name}`,
};

/** Simplified Chinese (zh-CN) text of en-errors16.ts, key for key: Hudi log framing reasons, Delta checkpoint warnings. */
import type { enErrors16 } from './en-errors16.ts';

export const zhErrors16: { readonly [K in keyof typeof enErrors16]: (...args: Parameters<(typeof enErrors16)[K]>) => string } = {
  'error.hudi.log.why.pastBlock': () => '读取越过了块的末尾',
  'error.hudi.log.why.length': (p) => `长度 ${p.length} 不合理`,
  'error.hudi.log.why.torn': (p) => `块大小 ${p.size} 超出了文件末尾（写入被截断）`,
  'error.hudi.log.why.version': (p) => `未知的日志格式版本 ${p.version}`,
  'error.hudi.log.why.type': (p) => `未知的块类型编号 ${p.ordinal}`,
  'error.hudi.log.why.content': (p) => `内容长度 ${p.length} 超出了块的末尾`,
  'error.hudi.log.why.trailing': (p) => `块末尾记录的总长度 ${p.total} 与块大小 ${p.size} 不符`,
  'error.hudi.log.why.entries': (p) => `元数据条目数 ${p.count} 不合理`,
  'error.hudi.log.why.metadataValue': () => '元数据值超出了块的末尾',
  'error.delta.checkpoint.skipped': (p) => `版本 ${p.version} 没有写 checkpoint：${p.why}`,
  'error.delta.checkpoint.v2Skipped': () => '该表使用 V2 checkpoint（v2Checkpoint），Lakescope 的写入端不写这种 checkpoint；表暂不生成新的 checkpoint（读取端会重放提交）',
  'error.delta.checkpoint.notWritten': (p) => `提交已经生效，但版本 ${p.version} 的 checkpoint 没有写成：${p.message}`,
  'error.parquet.decodeWorker': (p) => `parquet：解码 ${p.file} 时解码 worker 停止了：${p.detail}`,
  'error.parquet.decodeWorkerUnnamed': (p) => `parquet：解码时解码 worker 停止了：${p.detail}`,
};

/** Simplified Chinese (zh-CN) text of en-errors11.ts, key for key: the worker boundary, stopped calls, and Lakescope's own bugs. */
import type { enErrors11 } from './en-errors11.ts';

export const zhErrors11: { readonly [K in keyof typeof enErrors11]: (...args: Parameters<(typeof enErrors11)[K]>) => string } = {
  'error.internal': (p) => `Lakescope 内部错误（程序缺陷），引擎的英文原文是：${p.detail}`,
  'error.aborted': (p) => `${p.what}：已中止`,
  'error.read.stopped': () => '读取：已停止',
  'error.rows.closed': () => '行：游标已关闭',
  'error.paimon.write.aborted': () => 'paimon 写入：已中止',
  'error.worker.unknownMethod': (p) => `worker：未知的方法 '${p.method}'`,
  'error.worker.resultClone': (p) => `worker：'${p.method}' 的结果无法传回页面`,
  'error.worker.paramsClone': (p) => `worker：'${p.method}' 的参数无法传给 worker`,
  'error.worker.abortedByPage': () => 'worker：页面中止了这次调用',
  'error.worker.serverStopped': () => 'worker：服务已停止',
  'error.worker.connectionClosed': () => 'worker：连接已关闭',
  'error.worker.engineClosed': () => 'worker：引擎已关闭',
  'error.worker.recycled': () => 'worker：已回收',
  'error.worker.failed': (p) => `worker：后台引擎出错：${p.detail}`,
  'error.decode.bomb': (p) => `${p.what}：解压后超过 ${p.max} 字节（声称或已达到 ${p.bytes} 字节）——疑似解压炸弹，拒绝读取`,
  'error.decode.bombLimit': (p) => `${p.what}：解压后超过 ${p.max} 字节（上限）——疑似解压炸弹，拒绝读取`,
  'error.decode.gzip': (p) => `${p.what}：不是有效的 gzip（${p.detail}）`,
  'error.bytes.hex': () => '字节：无效的十六进制字符串',
  'error.bytes.utf8': () => '字节：无效的 UTF-8',
  'error.bytes.pastEnd': (p) => `字节：在偏移 ${p.offset} 处读取 ${p.width} 字节超出了末尾（共 ${p.length} 字节）`,
  'error.json.depth': (p) => `json：嵌套超过 ${p.depth} 层（解码上限；util/decode-limits.ts）`,
  'error.rows.noIncremental': () => '行：这种表格式不提供增量读取（“自某版本以来的变更”）',
  'error.rows.filterIncremental': () => '行：过滤条件暂时不能与“自某版本以来的变更”一起使用',
  'error.rows.page': (p) => `行：分页 ${p.offset}+${p.limit} 超出范围（每页最多 ${p.max} 行）`,
};

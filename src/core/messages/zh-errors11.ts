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
};

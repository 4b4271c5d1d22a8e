/**
 * English text of the errors the page's side of the engine raises itself (worker/rpc.ts, worker/engine-host.ts)
 * and of stopped calls (issue 20). Apart from en-errors11.ts, which spreads it, so that the page's small entry can
 * write these errors' English (core/boundary-error.ts) without loading the whole catalog (~215 kB; issue 17).
 * Each is the exact English message it had before it carried a reference.
 */
export const enBoundary = {
  // A call stopped by its caller (core/errors.ts abortError, toLakeError; worker/rpc.ts; readers that stop reading)
  'error.aborted': (p: { what: string }) => `${p.what}: aborted`,
  // The worker boundary (worker/rpc.ts, worker/engine-host.ts)
  'error.worker.unknownMethod': (p: { method: string }) => `worker: unknown method '${p.method}'`,
  'error.worker.resultClone': (p: { method: string }) => `worker: result of '${p.method}' cannot be sent to the page`,
  'error.worker.paramsClone': (p: { method: string }) => `worker: parameters of '${p.method}' cannot be sent to the worker`,
  'error.worker.abortedByPage': () => 'worker: call aborted by the page',
  'error.worker.serverStopped': () => 'worker: server stopped',
  'error.worker.connectionClosed': () => 'worker: connection closed',
  'error.worker.engineClosed': () => 'worker: the engine was closed',
  'error.worker.recycled': () => 'worker: recycled',
  'error.worker.failed': (p: { detail: string }) => `worker: ${p.detail}`,
};

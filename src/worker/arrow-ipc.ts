/**
 * Arrow tables cross the worker boundary as IPC stream bytes in the transfer list: one memcpy-free move
 * instead of a structured clone of every column object (apache-arrow's Table is a class graph that
 * structured clone would flatten into plain objects).
 */
import { type Table, tableFromIPC, tableToIPC } from 'apache-arrow';
import { type Transferred, withTransfer } from './rpc.ts';

/** What an Arrow-returning worker call resolves to on the page. */
export interface ArrowIpc {
  /** Arrow IPC stream format. */
  readonly ipc: Uint8Array;
  readonly numRows: number;
}

/** Worker side: serialises `table` and marks its buffer for transfer. */
export function arrowResult(table: Table): Transferred<ArrowIpc> {
  let ipc = tableToIPC(table, 'stream');
  // Only a buffer that the bytes own entirely may be transferred (a view would move its neighbours too).
  if (ipc.byteOffset !== 0 || ipc.byteLength !== ipc.buffer.byteLength) ipc = ipc.slice();
  return withTransfer({ ipc, numRows: table.numRows }, [ipc.buffer as ArrayBuffer]);
}

/** Page side: the Table back from its IPC bytes. */
export function tableFromArrowIpc(result: ArrowIpc): Table {
  return tableFromIPC(result.ipc);
}

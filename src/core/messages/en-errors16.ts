/**
 * English text of warnings that reach the page from Hudi reads and Delta commits (issue 20, after en-errors15.ts):
 * why a Hudi log block cannot be framed (the `detail` of `error.hudi.log.corruptBlock`; Hudi tech spec "Log file
 * format", io/log-block.ts) and a Delta commit that landed without its checkpoint (commit/checkpoint.ts
 * `afterCommit`; Delta protocol "Checkpoints"). Each is the exact English its site wrote before.
 */

export const enErrors16 = {
  'error.hudi.log.why.pastBlock': () => 'past the block end',
  'error.hudi.log.why.length': (p: { length: string }) => `implausible length ${p.length}`,
  'error.hudi.log.why.torn': (p: { size: number }) => `block size ${p.size} runs past the end of the file (torn write)`,
  'error.hudi.log.why.version': (p: { version: number }) => `unknown log format version ${p.version}`,
  'error.hudi.log.why.type': (p: { ordinal: number }) => `unknown block type ${p.ordinal}`,
  'error.hudi.log.why.content': (p: { length: number }) => `content length ${p.length} runs past the block`,
  'error.hudi.log.why.trailing': (p: { total: number; size: number }) => `trailing block length ${p.total} does not match block size ${p.size}`,
  'error.hudi.log.why.entries': (p: { count: number }) => `implausible metadata entry count ${p.count}`,
  'error.hudi.log.why.metadataValue': () => 'metadata value runs past the block',
  'error.delta.checkpoint.skipped': (p: { version: string; why: string }) => `no checkpoint at version ${p.version}: ${p.why}`,
  'error.delta.checkpoint.v2Skipped': () => 'the table uses V2 checkpoints (v2Checkpoint), which this writer does not write; it is left without a new checkpoint (readers replay the commits)',
  'error.delta.checkpoint.notWritten': (p: { version: string; message: string }) => `the commit landed, but the checkpoint of version ${p.version} was not written: ${p.message}`,
  // a Parquet decode worker that died mid-decode (codecs/parquet/decode-pool.ts)
  'error.parquet.decodeWorker': (p: { file: string; detail: string }) => `parquet: the decode worker stopped while decoding ${p.file}: ${p.detail}`,
  'error.parquet.decodeWorkerUnnamed': (p: { detail: string }) => `parquet: the decode worker stopped while decoding: ${p.detail}`,
};

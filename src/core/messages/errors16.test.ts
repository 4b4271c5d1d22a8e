/**
 * The messages of en-errors16.ts (why a Hudi log block cannot be framed; a Delta checkpoint not written after a
 * commit) render exactly the English their sites wrote before they carried a reference, and zh-CN renders each in
 * Chinese with the same data. Every key has a sample here. Real ones: hudi/corrupt.test.ts, delta/commit/checkpoint.test.ts.
 */
import { describe } from 'vitest';
import { enErrors16 } from './en-errors16.ts';
import { errorRef, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const log = 'city=sf/.f1_20240101.log.1_0-1-0';
/** A framing reason as the warning quotes it (io/log-block.ts). */
const corrupt = (key: string, params?: Record<string, unknown>) => r('error.hudi.log.corruptBlock', { file: log, offset: 6, detail: r(key, params), bytes: 40 });
const at = (why: string) => `hudi log: ${log}: corrupt block at offset 6 (${why}); 40 bytes skipped as Hudi does`;

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [corrupt('error.hudi.log.why.pastBlock'), at('past the block end')],
  [corrupt('error.hudi.log.why.length', { length: '-5' }), at('implausible length -5')],
  [corrupt('error.hudi.log.why.torn', { size: 900 }), at('block size 900 runs past the end of the file (torn write)')],
  [corrupt('error.hudi.log.why.version', { version: 7 }), at('unknown log format version 7')],
  [corrupt('error.hudi.log.why.type', { ordinal: 12 }), at('unknown block type 12')],
  [corrupt('error.hudi.log.why.content', { length: 5000 }), at('content length 5000 runs past the block')],
  [corrupt('error.hudi.log.why.trailing', { total: 30, size: 40 }), at('trailing block length 30 does not match block size 40')],
  [corrupt('error.hudi.log.why.entries', { count: 99 }), at('implausible metadata entry count 99')],
  [corrupt('error.hudi.log.why.metadataValue'), at('metadata value runs past the block')],
  [r('error.delta.checkpoint.skipped', { version: '10', why: r('error.delta.checkpoint.v2Skipped') }),
    'no checkpoint at version 10: the table uses V2 checkpoints (v2Checkpoint), which this writer does not write; it is left without a new checkpoint (readers replay the commits)'],
  [r('error.delta.checkpoint.notWritten', { version: '20', message: r('error.untranslated', { text: 'disk full' }) }),
    'the commit landed, but the checkpoint of version 20 was not written: disk full'],
  [r('error.parquet.decodeWorker', { file: 'data/00000-0.parquet', detail: 'worker exited with code 1' }),
    'parquet: the decode worker stopped while decoding data/00000-0.parquet: worker exited with code 1'],
  [r('error.parquet.decodeWorkerUnnamed', { detail: 'out of memory' }), 'parquet: the decode worker stopped while decoding: out of memory'],
];

/** Terms kept in English: format and feature names. */
const KEPT = /^(hudi|HUDI|checkpoint|checkpoints|v2Checkpoint|Lakescope|magic|parquet|worker)$/i;

describe('en-errors16 / zh-errors16', () => {
  catalogSampleChecks(enErrors16, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_#]+/, allowed: (w, next) => KEPT.test(w) || KEPT.test(next) });
});

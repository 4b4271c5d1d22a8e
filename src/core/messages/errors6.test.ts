/**
 * The messages of en-errors6.ts (Delta and Hudi tables with corrupt, truncated or missing files, or features this
 * reader lacks) render exactly the English their throw sites wrote before they carried a reference, and zh-CN
 * renders each in Chinese with the same data. Every key has a sample here, so a new key cannot go untested.
 */
import { describe } from 'vitest';
import { enErrors6 } from './en-errors6.ts';
import { errorRef, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const within = (where: string, message: ErrorRef) => r('error.within', { where, message });

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('error.delta.pastState', { state: '00000000000000000003.json' }), 'delta table: opening a past state (00000000000000000003.json) is not supported; read its version with a version selector instead'],
  [r('error.delta.notDelta', { storage: 'folder t' }), 'delta table: no commit or checkpoint in _delta_log/ under folder t: not a Delta table'],
  [r('error.delta.notVersionNumber', { version: 'main' }), "delta table: 'main' is not a version number (Delta has no branches or tags)"],
  [r('error.delta.noVersion', { version: '9', latest: '4' }), 'delta table: version 9 does not exist; the latest is 4'],
  [r('error.delta.noMetadataTable', { name: 'files' }), "delta: no metadata table 'files' (known: log)"],
  [within('delta log', r('error.delta.lineJson', { line: 3 })), 'delta log: line 3 is not valid JSON'],
  [within('delta log', r('error.delta.noAction', { file: '_delta_log/00000000000000000001.json', bytes: 0 })), 'delta log: _delta_log/00000000000000000001.json holds no action (0 bytes)'],
  [within('delta log', r('error.delta.actionNotObject', { action: 2 })), 'delta log: action 2 is not a JSON object'],
  [within('delta log', r('error.delta.fieldMissing', { field: 'size', action: 1 })), 'delta log: size is missing (action 1)'],
  [within('delta log', r('error.delta.fieldNotInteger', { field: 'size', action: 1 })), 'delta log: size is not an integer (action 1)'],
  [within('delta log', r('error.delta.fieldNotString', { field: 'path', action: 1 })), 'delta log: path is missing or not a string (action 1)'],
  [within('delta checkpoint', r('error.delta.checkpointSize', { file: '_delta_log/x.parquet', bytes: 10, recorded: '20' })),
    'delta checkpoint: _delta_log/x.parquet is 10 bytes, but the checkpoint that names it recorded 20'],
  [r('error.delta.cannotReconstruct', { version: '5' }), 'delta log: version 5 cannot be reconstructed: no commit file and no checkpoint at or below it'],
  [r('error.delta.gapAfterCheckpoint', { commit: '11', checkpoint: '10', version: '12' }), 'delta log: versions are not contiguous: commit 11 is missing between checkpoint 10 and version 12'],
  [r('error.delta.gapAfterStart', { commit: '1', version: '3' }), 'delta log: versions are not contiguous: commit 1 is missing between the start and version 3'],
  [r('error.delta.noProtocol', { where: 'version 3' }), 'delta log: no protocol action in version 3'],
  [r('error.delta.noMetaData', { where: 'version 3' }), 'delta log: no metaData action in version 3'],
  [r('error.delta.readerVersionInvalid', { version: 0 }), 'delta protocol: invalid minReaderVersion 0'],
  [r('error.delta.variant', { column: 'v' }), "delta schema: column 'v' has type variant, which this reader does not support"],
  [r('error.delta.mappingMode', { mode: 'fancy' }), "delta schema: unknown column mapping mode 'fancy'"],
  [r('error.delta.fileSize', { file: 'part-0.parquet', bytes: 10, recorded: '20' }), 'delta read: part-0.parquet is 10 bytes, but the log records 20'],
  [r('error.delta.noPartitionValue', { file: 'p=1/part-0.parquet', column: 'p' }), 'delta read: file p=1/part-0.parquet has no partition value for column p'],
  [r('error.delta.noColumn', { file: 'part-0.parquet', column: 'x' }), 'delta read: file part-0.parquet has no column x'],
  [r('error.delta.unknownColumn', { column: 'x' }), "delta scan: unknown column 'x'"],
  [r('error.delta.noVersionBefore', { time: '2020-01-01T00:00:00.000Z' }), 'delta time travel: no version at or before 2020-01-01T00:00:00.000Z'],
  [r('error.delta.tree.noNode', { node: 'x', version: '3' }), "delta tree: no node 'x' under version 3"],
  [r('error.delta.tree.notInSegment', { commit: '1', version: '3' }), "delta tree: commit 1 is not part of version 3's log segment"],
  [r('error.delta.dv.truncated', { file: 'dv.bin', offset: '1' }), 'delta deletion vector: dv.bin is truncated at offset 1'],
  [r('error.delta.dv.size', { file: 'dv.bin', offset: '1', size: 30, recorded: '34' }), 'delta deletion vector: dv.bin at offset 1 holds 30 bytes, the log says 34'],
  [r('error.delta.dv.crc', { file: 'dv.bin', offset: '1' }), 'delta deletion vector: dv.bin at offset 1: CRC-32 mismatch'],
  [r('error.delta.dv.cardinality', { file: 'dv.bin', rows: 3, recorded: '4' }), 'delta deletion vector: dv.bin: 3 rows marked, the log says 4'],
  [r('error.delta.dv.storageType', { type: 'q' }), "delta deletion vector: unknown storage type 'q'"],
  [r('error.hudi.pastState', { state: '.hoodie/x' }), 'hudi table: opening a past state (.hoodie/x) is not supported; read its version with a version selector instead'],
  [r('error.hudi.notHudi', { file: '.hoodie/hoodie.properties', storage: 'folder t' }), 'hudi table: no .hoodie/hoodie.properties under folder t: not a Hudi table'],
  [r('error.hudi.noSchema'), 'hudi schema: no commit records a schema and hoodie.properties has no hoodie.table.create.schema'],
  [r('error.hudi.tableVersion', { version: '4', supported: '6, 8, 9' }), 'hudi properties: table version 4 is not supported; this reader reads versions 6, 8, 9'],
  [r('error.hudi.tableVersionMissing', { supported: '6, 8, 9' }), 'hudi properties: table version (missing) is not supported; this reader reads versions 6, 8, 9'],
  [r('error.hudi.tableType', { type: 'X' }), "hudi properties: hoodie.table.type is 'X', expected COPY_ON_WRITE or MERGE_ON_READ"],
  [r('error.hudi.bootstrap', { path: 's3://b/src' }), 'hudi properties: bootstrap tables (hoodie.bootstrap.base.path=s3://b/src) are not supported: their base files live in another table'],
  [r('error.hudi.payload', { payload: 'com.x.MyPayload' }), 'hudi properties: custom payload class com.x.MyPayload is not supported: its merge is Java code'],
  [r('error.hudi.customMerge'), 'hudi properties: hoodie.record.merge.mode=CUSTOM is not supported: the merge is Java code'],
  [r('error.hudi.timelineUnlisted', { storage: 'https://h/t/', folder: '.hoodie/' }),
    "hudi timeline: https://h/t/ cannot be listed, and a Hudi table's timeline is the listing of .hoodie/ (the metadata table is no way around it: it is found through the timeline too); open the table through storage that lists (S3, a local folder)"],
  [r('error.hudi.unknownAction', { action: 'frob', file: '.hoodie/1.frob' }), "hudi timeline: unknown action 'frob' in instant file .hoodie/1.frob"],
  [r('error.hudi.partitionsUnlisted', { storage: 'https://h/t/' }),
    'hudi file listing: https://h/t/ cannot be listed, and a Hudi table is found only by listing its partitions (or through its metadata table, which this reader does not read): open it through storage that lists (S3, a local folder)'],
  [r('error.hudi.noMetadataTable', { name: 'x' }), "hudi: no metadata table 'x' (known: file_groups)"],
  [r('error.hudi.fileSize', { file: 'a.parquet', bytes: 10, recorded: 20 }), 'hudi plan: a.parquet is 10 bytes, but the commit that wrote it recorded 20'],
  [r('error.hudi.fileSizeGrowing', { file: '.a.log.1', bytes: 10, recorded: 20 }), 'hudi plan: .a.log.1 is 10 bytes, but the commits that wrote it recorded 20'],
  [r('error.hudi.noColumn', { column: 'x', instant: '20240101' }), 'hudi plan: no column x in the schema of instant 20240101'],
  [r('error.hudi.cleaned', { instant: '1', archive: '.hoodie/archived/a', file: 'f.parquet', by: '1' }),
    'hudi time travel: instant 1 is in the archived timeline (.hoodie/archived/a) and its data files were cleaned: f.parquet, written by instant 1, no longer exists'],
  [r('error.hudi.commitEmpty', { file: '.hoodie/1.commit' }), 'hudi commit metadata: .hoodie/1.commit is empty, but a completed write instant holds its commit metadata'],
  [r('error.hudi.commitRecords', { file: '.hoodie/1.commit', count: 2 }), 'hudi commit metadata: .hoodie/1.commit holds 2 records, but layout-2 commit metadata is one Avro record'],
  [r('error.hudi.commitNotObject'), 'hudi commit metadata: not an object'],
  [r('error.hudi.commitOtherInstant', { file: '.hoodie/2.commit', path: 'a_1.parquet', written: '1', instant: '2' }),
    'hudi commit metadata: .hoodie/2.commit lists a_1.parquet as written, but that file belongs to instant 1, not 2'],
  [r('error.hudi.log.noSchema', { file: '.a.log.1', offset: 0 }), 'hudi log: .a.log.1: Avro data block at offset 0 has no SCHEMA header'],
  [r('error.hudi.log.emptyBlock', { file: '.a.log.1', offset: 0 }), 'hudi log: .a.log.1: empty Avro data block at offset 0'],
  [r('error.hudi.log.recordCount', { file: '.a.log.1', offset: 0, count: 3, records: 2 }), 'hudi log: .a.log.1: Avro data block at offset 0 says 3 records, holds 2'],
  [r('error.hudi.tree.noNode', { node: 'x' }), "hudi tree: no node 'x'"],
  [r('error.hudi.tree.noCommit'), 'hudi tree: the table has no completed commit'],
  [r('error.hudi.tree.noFileGroup', { group: 'p/f1' }), 'hudi tree: no file group p/f1'],
  [r('error.hudi.tree.noSlice', { instant: '1', group: 'p/f1' }), 'hudi tree: no slice 1 in file group p/f1'],
];

/** Latin words that may stand in Chinese text: format names, settings, actions and terms kept in English. */
const TERMS = /^(delta|hudi|avro|json|log|checkpoint|action|actions|protocol|metadata|minreaderversion|schema|variant|deletion|vector|crc|instant|timeline|hoodie|table|type|properties|create|bootstrap|base|path|payload|record|merge|mode|custom|copy|on|write|read|layout|java|file_groups|schema_header|metaData|version)$/i;

describe('en-errors6 / zh-errors6', () => {
  catalogSampleChecks(enErrors6, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+]+/, allowed: (w, next) => TERMS.test(w) || TERMS.test(next) });
});

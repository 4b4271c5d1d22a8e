/**
 * Reading one task (file slice) into Arrow: the base file's rows (Parquet), merged with the visible
 * blocks of the slice's log files when there are any (see merge.ts), projected to the task's columns.
 * Visible blocks: the block's instant (header INSTANT_TIME) is a completed instant ≤ the read instant
 * and no rollback command block in the slice targets it (hudi-rs `LogFileScanner`).
 */
import type { DataType, RecordBatch } from 'apache-arrow';
import { Field, Utf8 } from 'apache-arrow';
import { batchFromColumns, nullData } from '../../../arrow/index.ts';
import { readParquetTable, readParquetToArrow, storageSource } from '../../../codecs/parquet/index.ts';
import type { Storage } from '../../../io/storage.ts';
import { recordsToBatch } from '../io/avro-arrow.ts';
import { frameLogFile, HEADER, type LogBlock } from '../io/log-block.ts';
import { decodeAvroBlock, decodeDeleteBlock, rollbackTarget } from '../io/log-content.ts';
import { hudiError } from '../spec/errors.ts';
import type { ErrorRef } from '../../../messages/message-parts.ts';
import type { HudiTableConfig } from '../spec/properties.ts';
import type { Timeline } from '../spec/timeline.ts';
import { applyFilter } from './filter.ts';
import { commitTimeFilter } from './incremental.ts';
import { mergeSlice, type MergeInput } from './merge.ts';
import type { HudiTask, HudiTaskFile } from './task.ts';
import { messageError } from '../../../message-error.ts';

export interface ReadContext {
  readonly storage: Storage;
  readonly config: HudiTableConfig;
  readonly timeline: Timeline;
  readonly signal?: AbortSignal;
  /** Receives one sentence per corrupt region skipped, and the same as its catalog message (the reader's language). */
  readonly warn?: (message: string, ref: ErrorRef) => void;
}

/**
 * Yields the rows of one file slice as of the task's instant, with the task's columns; for an incremental
 * task only those written in its commit-time range (scan/incremental.ts).
 */
export async function* readTask(ctx: ReadContext, task: HudiTask): AsyncGenerator<RecordBatch> {
  if (!task.commitTimes) { yield* readSlice(ctx, task); return; }
  for await (const b of readSlice(ctx, task)) {
    const kept = commitTimeFilter(b, task.commitTimes.begin, task.commitTimes.end);
    if (kept.numRows > 0) yield kept;
  }
}

async function* readSlice(ctx: ReadContext, task: HudiTask): AsyncGenerator<RecordBatch> {
  const types = new Map<string, DataType>();
  if (task.logFiles.length === 0) {
    if (!task.baseFile) return;
    for await (const b of readBase(ctx, task.baseFile)) {
      const kept = task.filter ? applyFilter(b, task.filter) : b;
      if (kept.numRows > 0) yield project(kept, task.columns, types);
    }
    return;
  }
  const inputs: MergeInput[] = [];
  if (task.baseFile) for (const b of await readBaseAll(ctx, task.baseFile)) inputs.push({ kind: 'records', batch: b });
  inputs.push(...await logInputs(ctx, task));
  const merged = mergeSlice(inputs, {
    mode: ctx.config.mergeMode, orderingField: ctx.config.orderingFields[0], recordKeyFields: ctx.config.recordKeyFields,
    fileGroup: `${task.partition}/${task.fileId}`,
  });
  // A column one batch lacks (a field added later) is filled with nulls of the type another batch has.
  for (const b of merged) for (const f of b.schema.fields) if (!types.has(f.name)) types.set(f.name, f.type);
  for (const b of merged) {
    const kept = task.filter ? applyFilter(b, task.filter) : b;
    if (kept.numRows > 0) yield project(kept, task.columns, types);
  }
}

async function* readBase(ctx: ReadContext, f: HudiTaskFile): AsyncGenerator<RecordBatch> {
  let source;
  try {
    source = await storageSource(ctx.storage, f.key, { size: f.size > 0 ? f.size : undefined, signal: ctx.signal });
  } catch (e) {
    throw hudiError(e, `hudi read: cannot open base file ${f.key}`, f.key, 'Io');
  }
  try {
    yield* readParquetToArrow(source, { signal: ctx.signal, name: f.key });
  } catch (e) {
    throw hudiError(e, `hudi read: base file ${f.key}`, f.key);
  }
}

async function readBaseAll(ctx: ReadContext, f: HudiTaskFile): Promise<RecordBatch[]> {
  const out: RecordBatch[] = [];
  for await (const b of readBase(ctx, f)) out.push(b);
  return out;
}

/** The visible blocks of the slice's log files, in order, with rolled-back blocks removed. */
async function visibleBlocks(ctx: ReadContext, task: HudiTask): Promise<{ file: string; block: LogBlock }[]> {
  const all: { file: string; block: LogBlock }[] = [];
  const rolledBack = new Set<string>();
  for (const f of task.logFiles) {
    let bytes: Uint8Array;
    try {
      bytes = await ctx.storage.read(f.key, { signal: ctx.signal });
    } catch (e) {
      throw hudiError(e, `hudi log: cannot read ${f.key}`, f.key, 'Io');
    }
    const framed = frameLogFile(bytes, f.key);
    framed.warnings.forEach((w, i) => ctx.warn?.(w, framed.warningRefs[i]!));
    for (const block of framed.blocks) {
      const instant = block.header.get(HEADER.INSTANT_TIME);
      checkBlockInstant(ctx.config, f, block, instant);
      if (instant === undefined || !ctx.timeline.isCompletedAsOf(instant, task.asOf)) continue;
      const target = rollbackTarget(block);
      if (target !== undefined) rolledBack.add(target);
      else all.push({ file: f.key, block });
    }
  }
  return all.filter(({ block }) => !rolledBack.has(block.header.get(HEADER.INSTANT_TIME)!));
}

/**
 * Must hold: a block's instant fits the log file's name — from table version 8 the file is written by the
 * one delta commit its name carries (its data blocks have that instant; a rollback command block comes later),
 * in version 6 the name carries the slice's base instant, which no block predates. Otherwise the file is
 * not the one its name says (swapped, copied): DataInvalid naming it.
 */
function checkBlockInstant(config: HudiTableConfig, f: HudiTaskFile, block: LogBlock, instant: string | undefined): void {
  if (instant === undefined) return;
  const exact = config.version >= 8 && block.type !== 'command';
  if (exact ? instant === f.instantTime : instant >= f.instantTime) return;
  throw messageError('DataInvalid', 'error.hudi.log.instant', { file: f.key, type: block.type, offset: block.offset, instant: String(instant), named: f.instantTime }, { file: f.key, offset: block.offset });
}

async function logInputs(ctx: ReadContext, task: HudiTask): Promise<MergeInput[]> {
  const out: MergeInput[] = [];
  for (const { file, block } of await visibleBlocks(ctx, task)) {
    if (block.header.get(HEADER.IS_PARTIAL) === 'true') {
      throw messageError('Unsupported', 'error.hudi.log.partialUpdate', { file, offset: block.offset }, { file, offset: block.offset });
    }
    switch (block.type) {
      case 'avro_data': {
        const { type, records } = decodeAvroBlock(block, file);
        out.push({ kind: 'records', batch: recordsToBatch(type, records) });
        break;
      }
      case 'parquet_data':
        try {
          for (const b of await readParquetTable(block.content, { name: file, signal: ctx.signal })) out.push({ kind: 'records', batch: b });
        } catch (e) {
          throw hudiError(e, `hudi log: ${file}: Parquet data block at offset ${block.offset}`, file);
        }
        break;
      case 'delete':
        out.push({ kind: 'deletes', keys: decodeDeleteBlock(block, file) });
        break;
      case 'command': case 'corrupt': case 'cdc_data':
        break;
      case 'hfile_data':
        throw messageError('Unsupported', 'error.hudi.log.hfile', { file }, { file, offset: block.offset });
    }
  }
  return out;
}

/** The batch's columns named in `columns`, in order; columns the file lacks are nulls of a known type (else strings). */
function project(batch: RecordBatch, columns: readonly string[], types: ReadonlyMap<string, DataType>): RecordBatch {
  const fields: Field[] = [];
  const data = columns.map((name) => {
    const k = batch.schema.fields.findIndex((f) => f.name === name);
    if (k >= 0) {
      fields.push(batch.schema.fields[k]!);
      return batch.data.children[k]!;
    }
    const type = types.get(name) ?? new Utf8();
    fields.push(new Field(name, type, true));
    return nullData(type, batch.numRows);
  });
  return batchFromColumns(fields, data, batch.numRows);
}

/**
 * The few-rows path: the first `limit` rows of a large Parquet file read with hyparquet, which fetches
 * only the footer and the needed column chunks of the first row groups (ranged reads), instead of the
 * whole file that parquet-wasm needs (notes/toolchain.md: for paging a few rows out of a remote file
 * hyparquet reads far fewer bytes). Used only where its values convert exactly: flat primitive columns
 * without decimals, and no deletes or filter to apply (those need every row position).
 */
import { parquetReadObjects } from 'hyparquet';
import { boundedCompressors as compressors } from '../../../codecs/parquet/bounded-compressors.ts';
import { Field, RecordBatch, Schema as ArrowSchema, Struct, type Data, makeData } from 'apache-arrow';
import { asyncBufferOf } from '../../../codecs/parquet/index.ts';
import { throwIfAborted, toLakeError } from '../../../errors.ts';
import type { TableFiles } from '../io/table-files.ts';
import type { NestedField } from '../spec/types.ts';
import { buildData } from './arrow-build.ts';
import { constantData } from './arrow-types.ts';
import { missingFieldData } from './file-projection.ts';
import type { FileScanTask } from './task.ts';

import { PREVIEW_MIN_FILE_SIZE } from './preview-size.ts';

export { PREVIEW_MIN_FILE_SIZE };
/** At most this many rows go through the preview path. */
const PREVIEW_MAX_ROWS = 10_000;

const EXACT = new Set(['boolean', 'int', 'long', 'float', 'double', 'date', 'timestamp', 'timestamptz', 'timestamp_ns', 'timestamptz_ns', 'string', 'uuid', 'binary']);

/** True when the preview path may give exactly the rows the full read would (the footer is checked next). */
export function canPreview(task: FileScanTask, output: readonly NestedField[], minFileSize = PREVIEW_MIN_FILE_SIZE): boolean {
  return task.format === 'parquet' && task.limit !== undefined && task.limit <= PREVIEW_MAX_ROWS && task.deletes.length === 0
    && !task.residual && task.rowGroups === undefined && task.fileSizeInBytes >= BigInt(minFileSize)
    && output.every((f) => EXACT.has(f.type.kind));
}

/** hyparquet parsers that keep every timestamp exact (as ns bigint) and dates as day numbers. */
const PARSERS = {
  timestampFromMilliseconds: (v: bigint) => v * 1_000_000n,
  timestampFromMicroseconds: (v: bigint) => v * 1000n,
  timestampFromNanoseconds: (v: bigint) => v,
  dateFromDays: (days: number) => days,
};

/**
 * The first `task.limit` rows as one batch (null when there are none), or undefined when the file's
 * columns are not annotated the way exact conversion needs (the caller then reads the whole file).
 */
export async function previewBatch(files: TableFiles, task: FileScanTask, output: readonly NestedField[], identity: ReadonlyMap<number, unknown>, signal?: AbortSignal): Promise<RecordBatch | null | undefined> {
  const footer = await files.readFooter(task.path, Number(task.fileSizeInBytes), signal);
  const leaves = footer.fields.filter((f) => f.fieldId !== undefined && f.children.length === 0);
  const byId = new Map(leaves.map((f) => [f.fieldId!, f.name]));
  // Timestamps and dates must carry their logical type, or hyparquet hands back raw numbers of unknown unit.
  for (const f of output) {
    const leaf = leaves.find((l) => l.fieldId === f.id);
    if (!leaf || !['date', 'timestamp', 'timestamptz', 'timestamp_ns', 'timestamptz_ns'].includes(f.type.kind)) continue;
    const annotated = leaf.logicalType?.type === 'TIMESTAMP' || leaf.logicalType?.type === 'DATE' || /^(TIMESTAMP_|DATE)/.test(leaf.convertedType ?? '');
    if (!annotated) return undefined;
  }
  const names = output.map((f) => byId.get(f.id)).filter((n): n is string => n !== undefined);
  const rowEnd = Math.min(task.limit!, Number(footer.numRows));
  let rows: Record<string, unknown>[];
  try {
    rows = names.length === 0 || rowEnd === 0 ? [] : await parquetReadObjects({
      file: asyncBufferOf(files.source(task.path, Number(task.fileSizeInBytes)), signal), metadata: footer.metadata,
      columns: names, rowStart: 0, rowEnd, compressors, utf8: false, parsers: PARSERS as never,
    });
  } catch (e) {
    throw toLakeError(e, `iceberg read: ${task.path}: parquet`, { file: task.path }, 'DataInvalid');
  }
  throwIfAborted(signal, 'iceberg read');
  const n = names.length === 0 ? rowEnd : rows.length;
  if (n === 0) return null;
  const children: Data[] = output.map((f) => {
    const name = byId.get(f.id);
    if (name === undefined) return identity.has(f.id) ? constantData(f.type, identity.get(f.id) as never, n) : missingFieldData(f, n);
    return buildData(f.type, rows.map((r) => convert(f, r[name])));
  });
  const fields = output.map((f, i) => new Field(f.name, children[i].type, !f.required));
  return new RecordBatch(new ArrowSchema(fields), makeData({ type: new Struct(fields), length: n, nullCount: 0, children }));
}

/** A hyparquet value (with the parsers above) as the internal value of the column type. */
function convert(f: NestedField, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (f.type.kind) {
    case 'timestamp': case 'timestamptz': {
      const ns = v as bigint; const r = ns % 1000n;
      return (ns - r) / 1000n - (r < 0n ? 1n : 0n); // floor to microseconds
    }
    case 'string': return typeof v === 'string' ? v : new TextDecoder().decode(v as Uint8Array);
    default: return v;
  }
}

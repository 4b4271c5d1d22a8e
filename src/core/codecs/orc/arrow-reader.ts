/**
 * ORC → Arrow. Written here because no maintained JavaScript ORC reader exists on npm (the few
 * packages found are unmaintained Node-only wrappers of the Java/C++ tools). Reads the tail once,
 * then each selected stripe with one ranged read of its data streams and footer (none when the tail
 * read already fetched it: small files cost one read), and decodes the projected columns into one
 * record batch per stripe.
 */
import { Field, makeData, RecordBatch, Schema, Struct } from 'apache-arrow';
import { throwIfAborted } from '../../errors.ts';
import { bytesSource, type ByteSource } from '../../util/byte-source.ts';
import { decodeColumn } from './columns.ts';
import { asOrcError, orcInvalid } from './errors.ts';
import { decompressStream } from './compression.ts';
import { decodeStripeFooter, Kind, type StripeFooter } from './proto-messages.ts';
import { arrowField, type OrcType } from './schema.ts';
import { StripeStreams } from './stripe.ts';
import { readOrcTail, type OrcTail } from './tail.ts';

export interface ReadOrcOptions {
  /** Top-level column names to keep, in this order; names absent from the file are skipped. All when absent. */
  readonly columns?: readonly string[];
  /** Stripe indexes to read, in this order; all when absent (see stripe-filter.ts to choose them). */
  readonly stripes?: readonly number[];
  /** A tail already read (saves its read). */
  readonly tail?: OrcTail;
  readonly signal?: AbortSignal;
  /** File name for error contexts when `input` is bytes. */
  readonly name?: string;
}

/** The top-level columns of a file: the root struct's children (a non-struct root is one column `_col0`). */
export function topColumns(schema: OrcType | undefined): readonly OrcType[] {
  if (!schema) return [];
  return schema.kind === Kind.STRUCT ? schema.children : [{ ...schema, name: '_col0' }];
}

/** The Arrow schema of the selected top-level columns. */
export function orcArrowSchema(tail: OrcTail, columns?: readonly string[]): Schema {
  return new Schema(selectColumns(tail, columns).map((c) => arrowField(c)));
}

function selectColumns(tail: OrcTail, columns?: readonly string[]): OrcType[] {
  const all = topColumns(tail.schema);
  if (!columns) return [...all];
  return columns.flatMap((name) => all.filter((c) => c.name === name));
}

/**
 * Decodes an ORC file into Arrow record batches. Must hold: the batches' rows, concatenated, are the
 * selected stripes' rows in order (the whole file by default); only the selected stripes' bytes are
 * read after the tail; corrupt input → LakeError DataInvalid `orc: …` naming the file; encrypted
 * files and unknown compression → Unsupported; abort → Aborted between stripes.
 */
export async function* readOrcToArrow(input: Uint8Array | ByteSource, opts: ReadOrcOptions = {}): AsyncGenerator<RecordBatch> {
  const source = input instanceof Uint8Array ? bytesSource(input, opts.name) : input;
  const file = source.name ?? opts.name;
  const tail = opts.tail ?? await readOrcTail(source, opts.signal);
  const columns = selectColumns(tail, opts.columns);
  const schema = new Schema(columns.map((c) => arrowField(c)));
  const stripes = opts.stripes ?? tail.footer.stripes.map((_, i) => i);
  for (const index of stripes) {
    throwIfAborted(opts.signal, 'orc read');
    const info = tail.footer.stripes[index];
    if (!info) throw orcInvalid('error.orc.stripe.missing', { stripe: index }, file);
    const start = info.indexLength;
    const offset = info.offset + start;
    const length = info.dataLength + info.footerLength;
    const held = tail.fetched;
    const bytes = held && offset >= held.offset && offset + length <= held.offset + held.bytes.length
      ? held.bytes.subarray(offset - held.offset, offset - held.offset + length)
      : await source.read(offset, length, opts.signal);
    yield decodeStripe(tail, info, index, bytes, start, columns, schema, file);
  }
}

/** Decodes one stripe's selected columns (bytes from `bytesStart` within the stripe to its end). */
export function decodeStripe(tail: OrcTail, info: OrcTail['footer']['stripes'][number], index: number, bytes: Uint8Array, bytesStart: number,
  columns: readonly OrcType[], schema: Schema, file?: string): RecordBatch {
  try {
    const stripe = new StripeStreams(info, bytes, bytesStart, tail.codec, tail.footer.types.length, file);
    const n = info.numberOfRows;
    if (tail.schema && tail.schema.kind !== Kind.STRUCT) {
      const child = decodeColumn(stripe, tail.schema, n, null);
      return new RecordBatch(schema, makeData({ type: new Struct(schema.fields as Field[]), length: n, nullCount: 0, children: columns.length ? [child] : [] }));
    }
    // The root struct may itself have a PRESENT stream (never written by table writers): treat null rows as all-null columns.
    const children = columns.map((c) => decodeColumn(stripe, c, n, null));
    return new RecordBatch(schema, makeData({ type: new Struct(schema.fields as Field[]), length: n, nullCount: 0, children }));
  } catch (e) {
    throw asOrcError(e, file, `cannot decode stripe ${index}`);
  }
}

/** Reads every selected stripe into a list of batches (convenience for small files and tests). */
export async function readOrcTable(input: Uint8Array | ByteSource, opts: ReadOrcOptions = {}): Promise<RecordBatch[]> {
  const out: RecordBatch[] = [];
  for await (const b of readOrcToArrow(input, opts)) out.push(b);
  return out;
}

/** One stripe's footer (streams, encodings, writer time zone): one ranged read. */
export async function readStripeFooter(source: ByteSource, tail: OrcTail, index: number, signal?: AbortSignal): Promise<StripeFooter> {
  const info = tail.footer.stripes[index];
  if (!info) throw orcInvalid('error.orc.stripe.missing', { stripe: index }, source.name);
  const bytes = await source.read(info.offset + info.indexLength + info.dataLength, info.footerLength, signal);
  try {
    return decodeStripeFooterBytes(tail, bytes);
  } catch (e) {
    throw asOrcError(e, source.name, `invalid footer of stripe ${index}`);
  }
}

function decodeStripeFooterBytes(tail: OrcTail, bytes: Uint8Array): StripeFooter {
  return decodeStripeFooter(decompressStream(tail.codec, bytes));
}

/**
 * Paimon's fixed-bucket function (paimon-core `table/sink/FixedBucketRowKeyExtractor`,
 * `KeyAndBucketExtractor.bucket`, paimon-common `utils/MurmurHashUtils`): a row's bucket key fields are
 * projected into a BinaryRow, the row's bytes are hashed with MurmurHash3 (x86, 32-bit, seed 42) word by
 * word, and the bucket is `Math.abs(hash % numBuckets)`. The BinaryRow must be laid out byte for byte
 * as Java's BinaryRowWriter lays it out (binary-row.ts), since every byte enters the hash.
 *
 * Bucket keys: the `bucket-key` option, else the primary key without the partition fields
 * (`TableSchema.bucketKeys`).
 */
import { LakeError } from '../../../errors.ts';
import type { Value } from '../../../expr/index.ts';
import { encodeBinaryRow } from './binary-row.ts';
import type { DataField, DataType } from './data-type.ts';
import { fieldsByName, trimmedPrimaryKeys, type TableSchema } from './schema.ts';
import { internalError, messageError } from '../../../message-error.ts';

/** `MurmurHashUtils.DEFAULT_SEED`. */
const SEED = 42;
const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

const rotl = (x: number, r: number): number => (x << r) | (x >>> (32 - r));

function mixK1(k: number): number {
  return Math.imul(rotl(Math.imul(k, C1), 15), C2);
}

function mixH1(h: number, k: number): number {
  return (Math.imul(rotl(h ^ k, 13), 5) + 0xe6546b64) | 0;
}

function fmix(h1: number, length: number): number {
  let h = h1 ^ length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * `MurmurHashUtils.hashBytesByWords`: MurmurHash3 over little-endian 4-byte words, as a signed 32-bit
 * int. Must hold: `bytes.length` is a multiple of 4 (a BinaryRow always is: its parts are 8-byte words).
 */
export function hashBytesByWords(bytes: Uint8Array, seed = SEED): number {
  if (bytes.length % 4 !== 0) throw internalError(`paimon bucket: ${bytes.length} bytes is not a whole number of words`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let h = seed | 0;
  for (let i = 0; i < bytes.length; i += 4) h = mixH1(h, mixK1(view.getInt32(i, true)));
  return fmix(h, bytes.length);
}

/** `BinaryRow.hashCode()` of the row holding `values` (the row bytes without the serialized arity prefix). */
export function binaryRowHash(values: readonly (Value | null)[], types: readonly DataType[]): number {
  return hashBytesByWords(encodeBinaryRow(values, types).subarray(4));
}

/** `KeyAndBucketExtractor.bucket`: Java's signed remainder, made non-negative. */
export function bucketOfHash(hash: number, numBuckets: number): number {
  if (!Number.isInteger(numBuckets) || numBuckets < 1) throw messageError('Unsupported', 'error.paimon.bucket.count', { count: String(numBuckets) });
  return Math.abs(hash % numBuckets);
}

/**
 * The bucket key fields of a schema. Must hold: `bucket-key` names existing fields; without it the
 * trimmed primary key is used; a table with neither (bucketed append table without `bucket-key`) →
 * Unsupported, as Paimon refuses such a table.
 */
export function bucketKeyFields(schema: TableSchema): DataField[] {
  const option = schema.options['bucket-key'];
  const names = option ? option.split(',').map((s) => s.trim()).filter((s) => s !== '') : trimmedPrimaryKeys(schema);
  if (names.length === 0) throw messageError('Unsupported', 'error.paimon.bucket.noKey', { schema: String(schema.id) });
  return fieldsByName(schema, names);
}

/** The fixed bucket a row goes to, given its bucket key values in {@link bucketKeyFields} order. */
export function bucketOf(keyValues: readonly (Value | null)[], keyTypes: readonly DataType[], numBuckets: number): number {
  return bucketOfHash(binaryRowHash(keyValues, keyTypes), numBuckets);
}

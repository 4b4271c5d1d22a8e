/**
 * Typed access to decoded Avro records of Paimon's manifest files. Paimon names its Avro fields after
 * the row type (`_FILE_NAME`, `_MIN_KEY`, …) and adds optional fields over versions (`_FILE_SOURCE` in
 * 0.9, `_VALUE_STATS_COLS` and `_EXTERNAL_PATH` in 1.x); a missing optional field reads as undefined.
 */
import { LakeError } from '../../../errors.ts';
import { messageError } from '../../../message-error.ts';

export type AvroRecord = Readonly<Record<string, unknown>>;

/** Reads fields of one record, naming the record kind in errors (`paimon manifest: …`). */
export class RecordReader {
  constructor(private readonly rec: AvroRecord, private readonly what: string) {}

  static of(value: unknown, what: string): RecordReader {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Uint8Array) {
      throw messageError('DataInvalid', 'error.paimon.record.notRecord', { subsystem: what, got: value === null ? 'null' : typeof value });
    }
    return new RecordReader(value as AvroRecord, what);
  }

  private missing(name: string, type: string): LakeError {
    return messageError('DataInvalid', 'error.paimon.record.field', { subsystem: this.what, field: name, type }, { field: name });
  }

  has(name: string): boolean {
    return this.rec[name] !== undefined && this.rec[name] !== null;
  }

  raw(name: string): unknown {
    return this.rec[name];
  }

  string(name: string): string {
    const v = this.rec[name];
    if (typeof v !== 'string') throw this.missing(name, 'a string');
    return v;
  }

  optString(name: string): string | undefined {
    const v = this.rec[name];
    return typeof v === 'string' ? v : undefined;
  }

  int(name: string): number {
    const v = this.rec[name];
    if (typeof v === 'number' && Number.isInteger(v)) return v;
    if (typeof v === 'bigint' && v >= -(2n ** 31n) && v < 2n ** 31n) return Number(v);
    throw this.missing(name, 'an int');
  }

  optInt(name: string): number | undefined {
    return this.has(name) ? this.int(name) : undefined;
  }

  long(name: string): bigint {
    const v = this.rec[name];
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
    throw this.missing(name, 'a long');
  }

  optLong(name: string): bigint | undefined {
    return this.has(name) ? this.long(name) : undefined;
  }

  bytes(name: string): Uint8Array {
    const v = this.rec[name];
    if (!(v instanceof Uint8Array)) throw this.missing(name, 'bytes');
    return v;
  }

  optBytes(name: string): Uint8Array | undefined {
    return this.has(name) ? this.bytes(name) : undefined;
  }

  strings(name: string): string[] {
    const v = this.rec[name];
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw this.missing(name, 'a list of strings');
    return v as string[];
  }

  record(name: string): RecordReader {
    const v = this.rec[name];
    if (v === undefined || v === null) throw this.missing(name, 'a record');
    return RecordReader.of(v, this.what);
  }

  optRecord(name: string): RecordReader | undefined {
    return this.has(name) ? this.record(name) : undefined;
  }
}

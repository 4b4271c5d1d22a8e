/**
 * Typed accessors for the JSON of table metadata (parsed with util/json's bigint-preserving parser, so a
 * long may arrive as number or bigint). Every failure is a DataInvalid LakeError whose message starts with
 * the subsystem and names the JSON path, so a corrupt metadata file is reported, never half-read.
 */
import type { LakeError } from '../../../errors.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';

export type JsonObject = { readonly [key: string]: unknown };

/** Where in which file we are, for error messages: `subsystem` like `iceberg metadata`, `path` like `snapshots[2]`. */
export interface JsonCtx {
  readonly subsystem: string;
  readonly path: string;
  readonly file?: string;
}

/** The context one level down (`snapshots` → `snapshots[2]`). The path text is built only when read (errors). */
export function at(ctx: JsonCtx, key: string | number): JsonCtx {
  return new ChildCtx(ctx, key);
}

// Opening a metadata file with 1,000 snapshots creates thousands of contexts; building each path string
// (and copying the context) up front was most of the parse time, though only an error ever reads one.
class ChildCtx implements JsonCtx {
  constructor(private readonly parent: JsonCtx, private readonly key: string | number) {}
  get subsystem(): string { return this.parent.subsystem; }
  get file(): string | undefined { return this.parent.file; }
  get path(): string {
    const p = this.parent.path;
    return typeof this.key === 'number' ? `${p}[${this.key}]` : p ? `${p}.${this.key}` : this.key;
  }
}

/** DataInvalid `${subsystem}: ${path} ${what}` (or `${subsystem}: ${what}` at the root), `what` the catalog message of what is wrong. */
export function invalid(ctx: JsonCtx, what: ErrorRef): LakeError {
  const context = ctx.file ? { file: ctx.file } : {};
  const path = ctx.path;
  return path ? messageError('DataInvalid', 'error.iceberg.json.field', { subsystem: ctx.subsystem, path, what }, context)
    : messageError('DataInvalid', 'error.iceberg.json.root', { subsystem: ctx.subsystem, what }, context);
}

export function asObject(v: unknown, ctx: JsonCtx): JsonObject {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw invalid(ctx, errorRef('error.iceberg.json.object', undefined));
  return v as JsonObject;
}

export function asArray(v: unknown, ctx: JsonCtx): readonly unknown[] {
  if (!Array.isArray(v)) throw invalid(ctx, errorRef('error.iceberg.json.list', undefined));
  return v;
}

export function reqField(o: JsonObject, key: string, ctx: JsonCtx): unknown {
  const v = o[key];
  if (v === undefined || v === null) throw invalid(at(ctx, key), errorRef('error.iceberg.json.missing', undefined));
  return v;
}

export function reqString(o: JsonObject, key: string, ctx: JsonCtx): string {
  const v = reqField(o, key, ctx);
  if (typeof v !== 'string') throw invalid(at(ctx, key), errorRef('error.iceberg.json.string', undefined));
  return v;
}

export function optString(o: JsonObject, key: string, ctx: JsonCtx): string | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalid(at(ctx, key), errorRef('error.iceberg.json.string', undefined));
  return v;
}

// The accessors below take the common valid case first and build the error path (`at`) only on failure:
// a metadata file with 1,000 snapshots makes ~20,000 such calls when opened.

export function reqInt(o: JsonObject, key: string, ctx: JsonCtx): number {
  const v = reqField(o, key, ctx);
  return typeof v === 'number' && Number.isInteger(v) ? v : toInt(v, at(ctx, key));
}

export function optInt(o: JsonObject, key: string, ctx: JsonCtx): number | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  return typeof v === 'number' && Number.isInteger(v) ? v : toInt(v, at(ctx, key));
}

function toInt(v: unknown, ctx: JsonCtx): number {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v) && Number.isSafeInteger(Number(v))) return Number(v); // some writers quote ints
  throw invalid(ctx, errorRef('error.iceberg.json.integer', undefined));
}

// A long that fits a double arrives as a number (util/json keeps only wider ones as bigint): most ids, sequence
// numbers and timestamps. Converted here without the error context, which `at` would otherwise make for each of
// them (~60,000 contexts for a 10,000-snapshot metadata file: `at` was ~10% of its open in a worker profile; issue 17).

export function reqLong(o: JsonObject, key: string, ctx: JsonCtx): bigint {
  return longField(reqField(o, key, ctx), key, ctx);
}

export function optLong(o: JsonObject, key: string, ctx: JsonCtx): bigint | undefined {
  const v = o[key];
  return v === undefined || v === null ? undefined : longField(v, key, ctx);
}

/** Field `key`'s value `v` as a long; the context one level down is made only for {@link toLong}'s other cases. */
function longField(v: unknown, key: string, ctx: JsonCtx): bigint {
  return typeof v === 'bigint' ? v : typeof v === 'number' && Number.isSafeInteger(v) ? BigInt(v) : toLong(v, at(ctx, key));
}

export function toLong(v: unknown, ctx: JsonCtx): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
  throw invalid(ctx, errorRef('error.iceberg.json.long', undefined));
}

export function optBool(o: JsonObject, key: string, ctx: JsonCtx): boolean | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw invalid(at(ctx, key), errorRef('error.iceberg.json.boolean', undefined));
  return v;
}

/** A string → string map (`properties`, `summary`); non-string values are kept as their JSON text. */
export function optStringMap(o: JsonObject, key: string, ctx: JsonCtx): Record<string, string> {
  const v = o[key];
  if (v === undefined || v === null) return {};
  const obj = typeof v === 'object' && !Array.isArray(v) ? v as JsonObject : asObject(v, at(ctx, key));
  const out: Record<string, string> = {};
  for (const k in obj) {
    const x = obj[k];
    out[k] = typeof x === 'string' ? x : String(x);
  }
  return out;
}

/** A list of ints (`identifier-field-ids`, `source-ids`); empty when absent. */
export function optIntList(o: JsonObject, key: string, ctx: JsonCtx): number[] {
  const v = o[key];
  if (v === undefined || v === null) return [];
  return asArray(v, at(ctx, key)).map((x, i) => toInt(x, at(at(ctx, key), i)));
}

/**
 * Decoded file contents as display JSON for the Raw view: 64-bit integers as exact decimal strings,
 * bytes as `0x…` hex, long arrays cut with a marker, so any record crosses postMessage and renders as
 * text without losing precision.
 */
import { toHex } from '../util/bytes.ts';
import type { DisplayValue } from './table-dto.ts';

export interface DisplayOptions {
  /** Bytes shown in hex before `…` (default 64). */
  readonly maxBytes?: number;
  /** Array elements kept before a `… N more` marker (default 1,000). */
  readonly maxArray?: number;
  /** Nesting depth beyond which values are replaced by a marker (default 32). */
  readonly maxDepth?: number;
}

/** Converts any decoded value (Avro record, bigint-safe JSON, hyparquet metadata) to display JSON. */
export function toDisplay(value: unknown, options: DisplayOptions = {}, depth = 0): DisplayValue {
  const maxBytes = options.maxBytes ?? 64;
  const maxArray = options.maxArray ?? 1000;
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'bigint': return value.toString();
    case 'number': return Number.isFinite(value) ? value : String(value);
    case 'boolean': case 'string': return value;
    case 'object': break;
    default: return String(value);
  }
  if (depth >= (options.maxDepth ?? 32)) return '…';
  if (value instanceof Uint8Array) {
    return `0x${toHex(value.subarray(0, maxBytes))}${value.length > maxBytes ? `… (${value.length} bytes)` : ''}`;
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Map) {
    const out: Record<string, DisplayValue> = {};
    for (const [k, v] of value) out[String(k)] = toDisplay(v, options, depth + 1);
    return out;
  }
  if (Array.isArray(value)) {
    const shown = value.slice(0, maxArray).map((v) => toDisplay(v, options, depth + 1));
    if (value.length > maxArray) shown.push(`… ${value.length - maxArray} more`);
    return shown;
  }
  const out: Record<string, DisplayValue> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v !== undefined) out[k] = toDisplay(v, options, depth + 1);
  }
  return out;
}

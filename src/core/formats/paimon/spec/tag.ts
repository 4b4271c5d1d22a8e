/**
 * Tags (`tag/tag-NAME`, paimon-core `tag/Tag`): a copy of the tagged snapshot's JSON plus
 * `tagCreateTime` (a Java `LocalDateTime`, which Paimon's Jackson writes as an array
 * `[year, month, day, hour, minute, second, nano]`) and `tagTimeRetained` (a `Duration`, written as
 * decimal seconds). A tag keeps its snapshot's files alive after the snapshot itself expires.
 */
import type { JsonValue } from '../../../util/json.ts';
import { parseSnapshot, type Snapshot } from './snapshot.ts';

export interface Tag {
  readonly name: string;
  readonly snapshot: Snapshot;
  /** Creation time as ms since epoch (read as UTC wall-clock), when recorded. */
  readonly createTimeMs?: number;
  /** Retention in ms, when set. */
  readonly timeRetainedMs?: number;
}

/** Parses a tag file (snapshot JSON with tag fields). Errors as {@link parseSnapshot}. */
export function parseTag(name: string, text: string, file?: string): Tag {
  const snapshot = parseSnapshot(text, file);
  return {
    name,
    snapshot,
    createTimeMs: localDateTimeMs(snapshot.raw.tagCreateTime),
    timeRetainedMs: durationMs(snapshot.raw.tagTimeRetained),
  };
}

/** Tag JSON for a snapshot: its fields plus `tagCreateTime` (and `tagTimeRetained` when given). */
export function tagJson(snapshot: Snapshot, createTimeMs: number, timeRetainedMs?: number): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = { ...snapshot.raw };
  delete out.tagCreateTime;
  delete out.tagTimeRetained;
  const d = new Date(createTimeMs);
  out.tagCreateTime = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(),
    d.getUTCSeconds(), d.getUTCMilliseconds() * 1_000_000];
  if (timeRetainedMs !== undefined) out.tagTimeRetained = timeRetainedMs / 1000;
  return out;
}

function localDateTimeMs(v: JsonValue | undefined): number | undefined {
  if (Array.isArray(v) && v.length >= 3) {
    const [y, mo, d, h = 0, mi = 0, s = 0, n = 0] = v.map(Number);
    return Date.UTC(y!, mo! - 1, d!, h, mi, s, Math.floor(n / 1_000_000));
  }
  if (typeof v === 'string') {
    const t = Date.parse(/Z|[+-]\d\d:?\d\d$/.test(v) ? v : `${v}Z`);
    return Number.isNaN(t) ? undefined : t;
  }
  return undefined;
}

function durationMs(v: JsonValue | undefined): number | undefined {
  if (typeof v === 'number') return Math.round(v * 1000);
  if (typeof v === 'bigint') return Number(v) * 1000;
  if (typeof v === 'string') {
    const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(v);
    if (m) return ((Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 1000;
    const n = Number(v);
    return Number.isFinite(n) ? Math.round(n * 1000) : undefined;
  }
  return undefined;
}

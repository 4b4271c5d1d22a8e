/**
 * Time-zone offsets for ORC timestamps (ORC specification, "Timestamp Columns"): seconds are stored
 * relative to 2015-01-01 00:00:00 in the writer's time zone (the stripe footer's writerTimezone), so
 * the instant is `stored + epoch(writer zone)` and the wall clock the writer saw is the instant plus
 * the zone's offset at that instant. Offsets come from Intl (IANA data, in browsers and Node alike),
 * cached per zone and hour.
 */
import { orcInvalid } from './errors.ts';

/** 2015-01-01T00:00:00Z in seconds. */
export const ORC_EPOCH_UTC = 1_420_070_400;

/** Offset (seconds east of UTC) of one zone at a UTC instant in seconds. */
export interface ZoneOffsets {
  readonly name: string;
  readonly isUtc: boolean;
  offsetAt(utcSeconds: number): number;
  /** UTC seconds of 2015-01-01 00:00:00 local time. */
  readonly epoch: number;
}

const zones = new Map<string, ZoneOffsets>();

const UTC_NAMES = new Set(['UTC', 'GMT', 'Etc/UTC', 'Etc/GMT', 'Z', 'Zulu', 'Universal', 'Etc/Universal', 'UCT']);

/** The offsets of a zone; undefined/empty (files before ORC 0.12 carry none) → UTC. */
export function zoneOffsets(name: string | undefined): ZoneOffsets {
  const key = name ?? '';
  const hit = zones.get(key);
  if (hit) return hit;
  let z: ZoneOffsets;
  if (!name || UTC_NAMES.has(name)) z = { name: name || 'UTC', isUtc: true, offsetAt: () => 0, epoch: ORC_EPOCH_UTC };
  else {
    let fmt: Intl.DateTimeFormat;
    try {
      fmt = new Intl.DateTimeFormat('en-US', { timeZone: name, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', era: 'short' });
    } catch {
      throw orcInvalid('error.orc.timeZone', { zone: JSON.stringify(name) });
    }
    const cache = new Map<number, number>();
    const compute = (utc: number): number => {
      const parts = fmt.formatToParts(new Date(utc * 1000));
      const get = (t: string): number => Number(parts.find((p) => p.type === t)?.value ?? 0);
      let year = get('year');
      if (parts.find((p) => p.type === 'era')?.value === 'BC') year = 1 - year;
      // setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
      const d = new Date(0);
      d.setUTCFullYear(year, get('month') - 1, get('day'));
      d.setUTCHours(get('hour'), get('minute'), get('second'), 0);
      return Math.round(d.getTime() / 1000) - utc;
    };
    const offsetAt = (utc: number): number => {
      const hour = Math.floor(utc / 900); // offsets change on quarter hours at most
      let v = cache.get(hour);
      if (v === undefined) {
        // Valid for the whole quarter hour unless a transition falls inside: check both ends.
        const a = compute(hour * 900);
        const b = compute(hour * 900 + 899);
        if (a !== b) return compute(Math.floor(utc));
        v = a;
        if (cache.size > 100_000) cache.clear();
        cache.set(hour, v);
      }
      return v;
    };
    const guess = ORC_EPOCH_UTC - offsetAt(ORC_EPOCH_UTC);
    z = { name, isUtc: false, offsetAt, epoch: ORC_EPOCH_UTC - offsetAt(guess) };
  }
  zones.set(key, z);
  return z;
}

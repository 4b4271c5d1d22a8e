/** Display formatting shared by every view (ui-design.md "Consistent meanings"). */
import { en } from '../../core/messages/en.ts';
import { translator, type Translator } from './messages.ts';

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** Bytes in binary units with three significant digits: 0 B, 1023 B, 1.50 KiB, 12.3 MiB, 456 GiB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < UNITS.length - 1) { v /= 1024; u++; }
  if (u === 0) return `${bytes} B`;
  const digits = v < 10 ? 2 : v < 100 ? 1 : 0;
  return `${v.toFixed(digits)} ${UNITS[u]}`;
}

const COUNT = new Intl.NumberFormat('en-US');

/** Counts with thousands separators: 1,234,567. */
export function formatCount(n: number | bigint): string {
  return COUNT.format(n);
}

/** A timestamp in the user's zone (`2024-04-18 17:35:50`), and its UTC form for the tooltip. */
export function formatTime(ms: number): { local: string; utc: string } {
  const d = new Date(ms);
  const pad = (x: number) => String(x).padStart(2, '0');
  const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return { local, utc: `${d.toISOString().replace('T', ' ').replace(/\.\d+Z$/, '')} UTC` };
}

/** Bytes per second, for progress bars. */
export function formatRate(bytes: number, ms: number): string {
  return ms <= 0 ? '' : `${formatBytes((bytes * 1000) / ms)}/s`;
}

/**
 * A long name shortened in the middle, keeping its start and its distinctive end (`…-m0.avro`,
 * `…00001.parquet`); the full name goes in a tooltip.
 */
export function middleEllipsis(text: string, max = 40): string {
  if (text.length <= max) return text;
  const tail = Math.ceil((max - 1) * 0.55);
  return `${text.slice(0, max - 1 - tail)}…${text.slice(text.length - tail)}`;
}

/** A version's row count as its metadata records it: `21 rows` when live, else `22 records (before deletes)`. */
export function formatRecords(records: { readonly count: string; readonly live: boolean; readonly basis?: string } | undefined, tr: Translator = translator(en)): string | undefined {
  if (!records) return undefined;
  const n = formatCount(Number(records.count));
  return records.live ? tr.t('ui.records.live', { count: n, n: Number(records.count) }) : tr.t('ui.records.notLive', { count: n, basis: tr.t('ui.records.basis', { basis: records.basis ?? 'before deletes' }) });
}

/** Lengths of the longest prefix and suffix all `names` share (the suffix never overlaps the prefix in any name). */
export function commonAffixes(names: readonly string[]): { prefix: number; suffix: number } {
  if (names.length < 2) return { prefix: 0, suffix: 0 };
  const shortest = Math.min(...names.map((n) => n.length));
  const first = names[0]!;
  let prefix = 0;
  while (prefix < shortest && names.every((n) => n[prefix] === first[prefix])) prefix++;
  let suffix = 0;
  while (suffix < shortest - prefix && names.every((n) => n[n.length - 1 - suffix] === first[first.length - 1 - suffix])) suffix++;
  return { prefix, suffix };
}

/**
 * A long name cut where its siblings agree, keeping what tells it apart: the cut goes in the middle of
 * the longer part it shares with them (`affixes`, from {@link commonAffixes}), so 36 files of one folder
 * keep their dates and counters (`order_day=2024-0…1-33acc529.parquet` would hide them). Falls back to
 * {@link middleEllipsis} when the shared parts are too short to take the cut. One cut only, at most `max`
 * characters; the caller shows the whole name on hover.
 */
export function distinctEllipsis(text: string, max: number, affixes: { prefix: number; suffix: number }): string {
  if (text.length <= max) return text;
  const over = text.length - max + 1; // characters to drop, plus one for the ellipsis
  const prefix = Math.min(affixes.prefix, text.length);
  const suffix = Math.min(affixes.suffix, text.length - prefix);
  const keepEach = 2; // characters kept on each side of the cut inside the shared part
  const regions = [{ start: 0, length: prefix }, { start: text.length - suffix, length: suffix }]
    .filter((r) => r.length - over >= 2 * keepEach)
    .sort((a, b) => b.length - a.length);
  const r = regions[0];
  if (!r) return middleEllipsis(text, max);
  // Inside a shared prefix keep its start (the folder); inside a shared suffix keep its end (the extension).
  const keep = r.length - over;
  const head = r.start === 0 ? keep - keepEach : keepEach;
  return `${text.slice(0, r.start + head)}…${text.slice(r.start + head + over)}`;
}

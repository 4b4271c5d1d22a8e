/**
 * `delta.deletedFileRetentionDuration` (PROTOCOL.md "Table Properties"; delta-spark's default `interval 1 week`):
 * how long a removed file must stay because readers of older versions may still need it. VACUUM deletes
 * only files removed before it, and checkpoints drop tombstones older than it.
 */
import type { Metadata } from '../spec/actions.ts';
import { messageError } from '../../../message-error.ts';

const UNIT_MS: Readonly<Record<string, number>> = {
  microsecond: 0.001, millisecond: 1, second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000,
};

export const DEFAULT_RETENTION_MS = UNIT_MS.week!;

/** Parses Spark's `interval <n> <unit>[ <n> <unit>…]` (units singular or plural). Invalid → DataInvalid naming it. */
export function parseInterval(text: string): number {
  const parts = text.trim().toLowerCase().replace(/^interval\s+/, '').split(/\s+/);
  if (parts.length % 2 !== 0 || parts.length === 0) throw messageError('DataInvalid', 'error.delta.interval', { text }, { value: text });
  let ms = 0;
  for (let i = 0; i < parts.length; i += 2) {
    const n = Number(parts[i]);
    const unit = UNIT_MS[parts[i + 1]!.replace(/s$/, '')];
    if (!Number.isFinite(n) || unit === undefined) throw messageError('DataInvalid', 'error.delta.interval', { text }, { value: text });
    ms += n * unit;
  }
  return ms;
}

/** The table's retention in ms. */
export function retentionMs(m: Metadata): number {
  const v = m.configuration['delta.deletedFileRetentionDuration'];
  return v === undefined ? DEFAULT_RETENTION_MS : parseInterval(v);
}

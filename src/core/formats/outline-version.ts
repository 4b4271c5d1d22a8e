/**
 * A history's outline: what a format can tell of its versions from its metadata's text before the exact
 * parse (issue 17), and where a prefetch sends it (TableFormat.prefetchOpen, OpenOptions.onOutline).
 */
import type { VersionDto } from './table-format.ts';

/** One version in a history's outline (see OpenOptions.onOutline): oldest first, as `versions()` orders them. */
export type OutlineVersion = Pick<VersionDto, 'timestampMs' | 'operation' | 'isCurrent'>;

/**
 * Where a prefetch (TableFormat.prefetchOpen) sends the outline of the metadata it read, before the table is
 * opened (issue 17: a deep link's outline drawn while its warehouse's key list is still on its way).
 */
export interface EarlyOutline {
  /** Asked before the work of drawing the outline (decode, parse) and again before sending it: false = none is wanted now. */
  wanted(): boolean;
  send(versions: readonly OutlineVersion[]): void;
}

/**
 * How a partition reads on the page (issue 20): its `name=value/…` path as the format writes it (data), or for
 * the one partition of an unpartitioned spec the word in the reader's language — the engine's DTOs keep the
 * English `(unpartitioned)` (SQL's `partitions` table, the CLI) or the empty path.
 */
import type { Translator } from '../common/messages.ts';

/** The partition's path, or `(unpartitioned)` / `（未分区）` when `unpartitioned` (an empty path is one too). */
export function partitionLabel(partition: string, unpartitioned: boolean | undefined, tr: Translator): string {
  return unpartitioned || partition === '' ? tr.t('ui.diff.unpartitioned') : partition;
}

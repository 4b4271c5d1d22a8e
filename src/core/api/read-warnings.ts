/** What a read stepped over without failing, gathered from the tables read for a row page or a query result. */
import type { LakeErrorRef } from '../errors.ts';
import type { LakeTable } from '../formats/table-format.ts';

/**
 * The read warnings ({@link LakeTable.readWarnings}) of `tables`, each once, as DTO fields — absent when there
 * are none. Must hold: the i-th message, when messages are given, is the i-th sentence's.
 */
export function readWarningsOf(tables: readonly LakeTable[]): { readWarnings?: string[]; readWarningMessages?: LakeErrorRef[] } {
  const texts: string[] = [];
  const refs: (LakeErrorRef | undefined)[] = [];
  for (const t of new Set(tables)) {
    (t.readWarnings ?? []).forEach((w, i) => {
      if (texts.includes(w)) return;
      texts.push(w);
      refs.push(t.readWarningMessages?.[i]);
    });
  }
  if (texts.length === 0) return {};
  // Messages only when every sentence has one (the page then shows each in the reader's language).
  return refs.every((r) => r !== undefined) ? { readWarnings: texts, readWarningMessages: refs as LakeErrorRef[] } : { readWarnings: texts };
}

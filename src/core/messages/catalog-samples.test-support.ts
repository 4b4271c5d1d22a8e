/**
 * For the tests of an error catalog file (en-errorsN / zh-errorsN): each sample renders in English exactly as its
 * site wrote it before, every key of the file has a sample, and the Chinese keeps the same data set apart with no
 * English sentence around it (two Latin words in a row, unless `allowed` says a word is a kept term).
 */
import { expect, it } from 'vitest';
import { errorText, messageParts, type ErrorRef } from './message-parts.ts';
import { zh } from './zh.ts';

export interface CatalogSampleRules {
  /** How the Latin runs of the Chinese text split into words. */
  readonly split: RegExp;
  /** Whether word `w` (followed by `next`) may stand in Chinese text: a format name, a setting, a code. */
  readonly allowed: (w: string, next: string) => boolean;
}

/** Registers the three checks, inside the caller's `describe`. */
export function catalogSampleChecks(catalog: object, samples: readonly (readonly [ErrorRef, string])[], rules: CatalogSampleRules): void {
  it('renders each message in English exactly as its site wrote it before', () => {
    for (const [ref, old] of samples) expect(errorText(ref), ref.key).toBe(old);
  });

  it('has a sample for every key', () => {
    const keys = new Set<string>();
    const visit = (ref: ErrorRef) => {
      keys.add(ref.key);
      for (const v of Object.values(ref.params ?? {})) if (typeof v === 'object' && v !== null && 'key' in v) visit(v as ErrorRef);
    };
    for (const [ref] of samples) visit(ref);
    expect(Object.keys(catalog).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('renders each in Chinese with the same data set apart, and no English sentence around it', () => {
    const data = (ps: ReturnType<typeof messageParts>) => ps.filter((p) => typeof p !== 'string').map((p) => (p as { data: string }).data).sort();
    for (const [ref] of samples) {
      const parts = messageParts(ref, zh);
      expect(data(parts), ref.key).toEqual(data(messageParts(ref)));
      const text = parts.filter((p): p is string => typeof p === 'string').join(' ');
      expect(text, ref.key).toMatch(/[\u4e00-\u9fff]/);
      const english = text.split(/[^\x00-\x7F]+/).flatMap((run) => {
        const words = run.split(rules.split).filter(Boolean);
        return words.filter((w, i) => /^[a-z]{3,}$/i.test(w) && /^[a-z]{3,}$/i.test(words[i + 1] ?? '') && !rules.allowed(w, words[i + 1]!));
      });
      expect(english, `${ref.key}: ${text}`).toEqual([]);
    }
  });
}

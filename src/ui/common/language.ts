/**
 * The reader's language (issue 20): English or Simplified Chinese, chosen once from the browser's
 * languages (any zh* → zh-CN), then by the switch in the header, remembered in localStorage. The Chinese
 * catalog (~250 kB built) is its own chunk, loaded before the first render that needs it ({@link loadCatalog}):
 * an English reader's first paint no longer fetches and compiles it (issue 17).
 */
import { createContext, useContext } from 'react';
import { en, type Messages } from '../../core/messages/en.ts';

export type Language = 'en' | 'zh-CN';

export const LANGUAGES: readonly Language[] = ['en', 'zh-CN'];

/** Each language by its own name (an endonym is never translated: a reader finds their language by it). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', 'zh-CN': '中文' };

/** The catalogs loaded so far (English is always there: it is also the fallback). */
const CATALOGS: Partial<Record<Language, Messages>> = { en };
const STORAGE_KEY = 'lakescope.language';

/**
 * The locale dates are formatted in for `language` (its BCP 47 tag). Formatters take it as an argument and
 * components read it from context ({@link useLocale}), never from the document: `<html lang>` is set after
 * a render, so a formatter built from it during the render that follows a switch kept the old language.
 */
export function localeOf(language: Language): string {
  return language;
}

/** The catalog of `language` once {@link loadCatalog} has loaded it; undefined before. */
export function catalogOf(language: Language): Messages | undefined {
  return CATALOGS[language];
}

/** Loads `language`'s catalog (once; English is there already) and resolves with it. */
export async function loadCatalog(language: Language): Promise<Messages> {
  const loaded = CATALOGS[language];
  if (loaded) return loaded;
  const { zh } = await import('../../core/messages/zh.ts');
  return (CATALOGS[language] = zh);
}

/** The first of the browser's languages Lakescope has (zh, zh-CN, zh-Hans… → zh-CN), else English. */
export function languageFromBrowser(languages: readonly string[]): Language {
  for (const l of languages) {
    if (/^zh\b/i.test(l)) return 'zh-CN';
    if (/^en\b/i.test(l)) return 'en';
  }
  return 'en';
}

/** The remembered choice, else the browser's. */
export function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'en' || saved === 'zh-CN') return saved;
  } catch { /* storage may be denied: fall back to the browser */ }
  return languageFromBrowser(typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
}

/** Remembers the choice and tells the document (screen readers, fonts, hyphenation). */
export function applyLanguage(language: Language): void {
  try { localStorage.setItem(STORAGE_KEY, language); } catch { /* not remembered: still applied */ }
  document.documentElement.lang = language;
}

export interface LanguageChoice {
  readonly language: Language;
  readonly setLanguage: (language: Language) => void;
}

export const LanguageContext = createContext<LanguageChoice>({ language: 'en', setLanguage: () => undefined });

export function useLanguage(): LanguageChoice {
  return useContext(LanguageContext);
}

/**
 * The reader's locale, from the language in context: a component that formats dates with it re-renders
 * when the language changes, and a memo keyed on it recomputes (issue 20: after a switch every view
 * follows at once, tick labels included).
 */
export function useLocale(): string {
  return localeOf(useContext(LanguageContext).language);
}

/**
 * Issue 20, found by the zh-CN walk of e2e/i18n-writes-zh.spec.ts (err12): the Chinese catalog says 时间旅行 for
 * "time travel" everywhere (errors, lessons, the query help), so a write warning that kept the English phrase read
 * as an untranslated sentence; a warning must not name an API option (deleteFiles) the page never shows; and the
 * result toast read "main 位于 16" (位于 is where a thing lies) where a ref points to (指向) its version.
 * Every zh-CN message is checked through its template's source text, so no sample parameters are needed.
 */
import { describe, expect, it } from 'vitest';
import { zh } from './zh.ts';
import { formatRef, messageRef } from './en.ts';

/** The zh-CN templates whose text matches `re` (their function source holds the literal text). */
const templatesMatching = (re: RegExp): string[] =>
  Object.entries(zh).filter(([, fn]) => re.test(String(fn))).map(([key]) => key);

describe('zh-CN terms', () => {
  it('says 时间旅行, never the English "time travel"', () => {
    expect(templatesMatching(/time[ -]travel/i)).toEqual([]);
  });

  it('the Iceberg expire warning names no API option and reads as Chinese', () => {
    const text = formatRef(messageRef('note.write.iceberg.expireMetadataOnly'), zh);
    expect(text).not.toMatch(/deleteFiles/);
    expect(text).toContain('时间旅行');
  });

  it('a ref points to (指向) a version, as the metadata errors say; 位于 is for places', () => {
    expect(zh['ui.toast.mainAt']()).toMatch(/指向/);
    expect(zh['ui.toast.mainAt']()).not.toMatch(/位于/);
  });
});

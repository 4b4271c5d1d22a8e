import { describe, expect, it } from 'vitest';
import { languageFromBrowser } from './language.ts';

describe('languageFromBrowser', () => {
  it('picks zh-CN for any Chinese, English otherwise, in the browser\'s order', () => {
    expect(languageFromBrowser(['zh-CN', 'en'])).toBe('zh-CN');
    expect(languageFromBrowser(['zh'])).toBe('zh-CN');
    expect(languageFromBrowser(['zh-Hans-CN'])).toBe('zh-CN');
    expect(languageFromBrowser(['en-GB', 'zh-CN'])).toBe('en');
    expect(languageFromBrowser(['fr-FR', 'zh-TW'])).toBe('zh-CN');
    expect(languageFromBrowser(['fr-FR'])).toBe('en');
    expect(languageFromBrowser([])).toBe('en');
  });
});

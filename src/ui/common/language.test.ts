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

describe('loadCatalog', () => {
  it('has English at once and loads the Chinese catalog on first need, then keeps it', async () => {
    const { catalogOf, loadCatalog } = await import('./language.ts');
    const { en } = await import('../../core/messages/en.ts');
    const { zh } = await import('../../core/messages/zh.ts');
    expect(catalogOf('en')).toBe(en);
    expect(await loadCatalog('en')).toBe(en);
    expect(await loadCatalog('zh-CN')).toBe(zh);
    expect(catalogOf('zh-CN')).toBe(zh);
  });
});

describe('useLocale', () => {
  it('is the language in context, not the document\'s: a switch is the render that follows it (issue 20)', async () => {
    const { createElement } = await import('react');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { LanguageContext, useLocale } = await import('./language.ts');
    const Show = () => createElement('span', null, new Intl.DateTimeFormat(useLocale(), { month: 'short', timeZone: 'UTC' }).format(Date.UTC(2025, 2, 5)));
    const inLanguage = (language: 'en' | 'zh-CN') => renderToStaticMarkup(createElement(LanguageContext.Provider, { value: { language, setLanguage: () => undefined } }, createElement(Show)));
    expect(inLanguage('zh-CN')).toBe('<span>3月</span>');
    expect(inLanguage('en')).toBe('<span>Mar</span>');
  });
});

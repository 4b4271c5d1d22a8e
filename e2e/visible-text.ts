/**
 * What the language checks of the e2e look for in the page's visible UI text (issue 20): English sentences
 * in a Chinese page (two English words of three letters or more in a row, format terms excepted) and Chinese
 * characters in an English page. Table data, file names, code and decoded file content are not UI strings:
 * skipped by where they are drawn. i18n.spec.ts and i18n-engine.spec.ts use these.
 */
import type { Page } from '@playwright/test';

/**
 * Words that are not a UI sentence when they stand in Chinese text: format and product names, file and
 * metadata terms Chinese docs keep in English, SQL, operation names a table records, keyboard keys.
 */
export const ALLOWED_IN_CHINESE = new Set(`
iceberg delta lake paimon hudi parquet avro orc json csv xml sql lsm puffin roaring arrow lakescope apache
manifest manifests list lists schema schemas sorted run runs footer
append overwrite replace delete merge update optimize restore write compact rollback commit deltacommit replacecommit
main
access key secret file system api https http url urls put get cors aws oss ceph rgw minio
ctrl cmd enter space tab escape select from where group order limit join union like case explain changes between
iso utc trino pyiceberg spark flink
create table deletion vector vectors
`.split(/\s+/).filter(Boolean));

/** Where text is data, names or code, not the UI's words. */
const NOT_UI = '.mono, code, kbd, pre, .readme, .data-grid, .dg-cell, .jt-root, .raw-decoded, .code-block, [data-testid="raw-content"], '
  + '.recharts-legend-wrapper, .cm-editor, textarea, input, select option, .op-pill, .badge, [lang="en"], .query-result, .legend, '
  + '.tl-lane-label, .tl-flag, .pill.ref-tag, .pill.ref-branch, .vl-op, .tree-name, .story-file, .sql-completions';

/** The visible text nodes of the page's UI (under `root`), data and code apart. */
export async function uiTexts(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate(({ root, skip }) => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.querySelector(root) ?? document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim();
      if (!el || !text || el.closest(skip)) continue;
      if (!el.checkVisibility()) continue;
      out.push(text);
    }
    return out;
  }, { root, skip: NOT_UI });
}

/** Texts holding an English sentence or fragment: two English words of 3+ letters in a row, neither an allowed term. */
export function englishSentences(texts: readonly string[]): string[] {
  const word = (w: string) => /^[A-Za-z'’]{3,}$/.test(w) && !ALLOWED_IN_CHINESE.has(w.toLowerCase());
  return texts.filter((t) => t.split(/[^\x00-\x7F]+/).some((run) => {
    const tokens = run.split(/[\s,:;()!?"]+/).filter(Boolean);
    return tokens.some((w, i) => i + 1 < tokens.length && word(w) && word(tokens[i + 1]!));
  }));
}

/** Texts holding a Chinese character (in an English page: a string that did not switch back). */
export function chineseTexts(texts: readonly string[]): string[] {
  return texts.filter((t) => /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/.test(t));
}

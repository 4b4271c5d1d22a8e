/**
 * Issue 20: what a write is called follows the reader's language after the write, not the language it was
 * made in — the toast and "What this write did" keep the write's title as a message, not as a sentence.
 * In the sandbox (a private, writable copy of the demo): roll back in English, switch to Chinese, and the
 * panel and the toast say 回滚到 …; back to English, Roll back to … again.
 */
import { expect, test } from '@playwright/test';
import { openTableFromRail, shot, watchErrors } from './explorer-helpers.ts';
import { confirmPreview } from './writes-helpers.ts';

test('the "What this write did" title and the toast follow a language switch made after the write', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await page.goto('/?w=demo');
  await page.getByRole('button', { name: 'Try it here' }).click();
  await expect(page.getByTestId('sandbox-badge')).toBeVisible({ timeout: 60_000 });
  await openTableFromRail(page, 'sessions');
  const ids = await page.locator('[data-version]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-version')!))]);
  const sel = await page.getByTestId('selected-version').innerText();
  const current = ids.find((id) => new RegExp(`(^|\\s)${id}(\\s|$)`).test(sel))!;
  const target = ids[ids.indexOf(current) - 1]!;
  await page.locator(`[data-version="${target}"]`).first().dispatchEvent('click');
  await expect(page.getByTestId('selected-version')).toContainText(target);
  await page.getByRole('toolbar', { name: 'Write actions' }).getByRole('button', { name: 'Roll back to here' }).click();
  await confirmPreview(page);

  const panel = page.getByTestId('write-effect');
  await expect(panel).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  const what = panel.locator('.sb-effect-what');
  const toast = page.getByTestId('write-toast');
  await expect(what).toHaveText(`Roll back to ${target}`);
  await expect(toast).toContainText(`Roll back to ${target}`);

  await page.getByTestId('language-switch').getByRole('button', { name: '中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(panel.getByRole('heading')).toHaveText('这次写入做了什么');
  await expect(what).toHaveText(`回滚到 ${target}`);
  await expect(toast).toContainText(`回滚到 ${target}`);
  await shot(page, 'write-title-zh');

  await page.getByTestId('language-switch').getByRole('button', { name: 'English' }).click();
  await expect(what).toHaveText(`Roll back to ${target}`);
  expect(errors).toEqual([]);
});

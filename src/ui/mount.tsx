/**
 * Mounts the app shell into the page. Loaded by the entry (main.tsx) with a dynamic import, after the
 * entry has started the engine worker, so the worker's script loads while this chunk (React and the UI)
 * is still on its way (issue 17).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { initialLanguage, loadCatalog } from './common/language.ts';
import { preloadTimeline } from './browser/table-page.tsx';
import { parseRoute } from './state/route.ts';

/**
 * Renders the app into `root`, once the reader's catalog is loaded (at once for English; the Chinese one is
 * its own chunk, fetched here so the first render is already in Chinese).
 */
export async function mountApp(root: HTMLElement): Promise<void> {
  // A link to a table: its timeline's chunk loads while the table is still being found and opened.
  if (parseRoute(location.search).table !== undefined) preloadTimeline();
  await loadCatalog(initialLanguage()).catch(() => undefined);
  createRoot(root).render(<StrictMode><App /></StrictMode>);
}

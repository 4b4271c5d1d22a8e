/**
 * Mounts the app shell into the page. Loaded by the entry (main.tsx) with a dynamic import, after the
 * entry has started the engine worker, so the worker's script loads while this chunk (React and the UI)
 * is still on its way (issue 17).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';

/** Renders the app into `root`. */
export function mountApp(root: HTMLElement): void {
  createRoot(root).render(<StrictMode><App /></StrictMode>);
}

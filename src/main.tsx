/**
 * Vite entry, kept small: it starts the engine worker when the address names a warehouse (and what the
 * link asks of it: ui/state/deep-link-start.ts), then loads and mounts the app shell (ui/mount.tsx). Issue 17: with React and the UI in this chunk the worker
 * started only after ~0.5 MB of page script had loaded and run; now its 1.3 MB script loads on its own
 * thread in parallel with the UI's chunk (index.html also preloads that chunk: vite.config.ts).
 */
import { startDeepLink } from './ui/state/deep-link-start.ts';
import './ui/styles.css';
import './ui/explorer.css';

// A link into a warehouse: start the worker, and for the demo or a public URL connect and open the named table.
startDeepLink(location.search, document.baseURI);
const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
void import('./ui/mount.tsx').then((m) => m.mountApp(root));

/**
 * Vite entry, kept small: it starts the engine worker when the address names a warehouse (and what the
 * link asks of it: ui/state/deep-link-start.ts), then loads and mounts the app shell (ui/mount.tsx). Issue 17: with React and the UI in this chunk the worker
 * started only after ~0.5 MB of page script had loaded and run; now its 1.3 MB script loads on its own
 * thread in parallel with the UI's chunk (index.html also preloads that chunk: vite.config.ts).
 */
import { startDeepLink } from './ui/state/deep-link-start.ts';
import { engineStarted } from './worker/client.ts';
import './ui/styles.css';
import './ui/explorer.css';

// A link into a warehouse: start the worker, and for the demo or a public URL connect and open the named table.
const calling = startDeepLink(location.search, document.baseURI);
const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
const mount = () => void import('./ui/mount.tsx').then((m) => m.mountApp(root));
// Those calls reach the worker only once its script has run, handed over by this (the main) thread: the
// UI's chunk (preloaded meanwhile) is evaluated once the worker says the first call has reached it, so its
// long task does not hold them back — at most 2 s later, should the worker be slow (worker/client.ts
// `engineStarted`). The linked table is opened by the worker itself once connected (worker/engine-linked.ts).
const started = calling ? engineStarted() : undefined;
if (started) void Promise.race([started, new Promise((resolve) => setTimeout(resolve, 2000))]).then(mount);
else mount();

/** Vite entry: mounts the app shell. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './ui/app.tsx';
import { warmEngine } from './worker/client.ts';
import './ui/styles.css';
import './ui/explorer.css';

// A link into a warehouse needs the engine at once: start its worker while the page renders.
if (new URLSearchParams(location.search).has('w')) warmEngine();
const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');
createRoot(root).render(<StrictMode><App /></StrictMode>);

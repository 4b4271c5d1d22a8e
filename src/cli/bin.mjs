#!/usr/bin/env node
// The `lakescope` command: runs the TypeScript CLI through tsx's loader (no build step needed after `npm ci`).
import { register } from 'tsx/esm/api';
register();
// `lakescope scan … | head` closes stdout early: that is not an error.
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); throw e; });
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));

#!/usr/bin/env node
// The `lakescope` command: runs the TypeScript CLI through tsx's loader (no build step needed after `npm ci`).
import { register } from 'tsx/esm/api';
register();
const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));

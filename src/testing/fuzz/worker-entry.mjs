// Worker threads start plain Node, which cannot load .ts: load the TypeScript worker through tsx's API.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);

import { Session } from 'node:inspector/promises';
import { writeFile } from 'node:fs/promises';
import { openIcebergTable } from '../src/core/formats/iceberg/index.ts';
import { HttpStorage } from '../src/core/io/index.ts';
import { nodeFetch } from '../src/platform/node/node-fetch.ts';
import { installNodeInflate } from '../src/platform/node/native-inflate.ts';
import { serveFolderInChild } from './serve-folder-child.ts';
installNodeInflate();
const served = await serveFolderInChild('bench/out/tables', 4183);
const tableUrl = `${served.url}/iceberg-1000s-200m-100000f`;
const one = async () => {
  const storage = new HttpStorage({ baseUrl: `${tableUrl}/`, keys: ['metadata/version-hint.text', 'metadata/v1.metadata.json'], fetch: nodeFetch });
  const t0 = performance.now();
  const table = await openIcebergTable(storage);
  const t1 = performance.now();
  const plan = await table.planScan({});
  return [t1 - t0, performance.now() - t1, plan.tasks.length];
};
const s = new Session(); s.connect();
const prof = process.env.PROF === '1';
if (prof) { await s.post('Profiler.enable'); await s.post('Profiler.setSamplingInterval', { interval: 200 }); await s.post('Profiler.start'); }
const c0 = process.cpuUsage();
console.log(await one());
console.log('cpu', (process.cpuUsage(c0).user + process.cpuUsage(c0).system) / 1000);
if (prof) { const { profile } = await s.post('Profiler.stop'); await writeFile('/tmp/pa/op.cpuprofile', JSON.stringify(profile)); }
await served.close();

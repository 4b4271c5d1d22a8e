/**
 * The `events` namespace of the demo warehouse, written by Lakescope's own Iceberg writer:
 * - events/clicks: v3, identity(device) partitions; daily appends with row lineage (first-row-id per data
 *   file, next-row-id on the table), two deletes by filter as deletion vectors (the second merges into the
 *   first's vectors of the files it touches);
 * - events/sessions: v2, month(started_at) partitions evolved to day(started_at), then rewrite-manifests.
 */
import { appendRows, createTable, prepareDeleteWhere, preparePartitionUpdate, prepareRewriteManifests } from '../../core/formats/iceberg/commit/index.ts';
import { click, commitAt, days, session, sortBy } from './demo-data.ts';
import { Rng } from './demo-runtime.ts';
import type { DemoTableContext } from './demo-sales.ts';

const CLICKS_SCHEMA = {
  type: 'struct', fields: [
    { id: 1, name: 'click_id', required: true, type: 'long' },
    { id: 2, name: 'ts', required: true, type: 'timestamptz' },
    { id: 3, name: 'session_id', required: true, type: 'string' },
    { id: 4, name: 'user_id', required: false, type: 'long' },
    { id: 5, name: 'page', required: true, type: 'string' },
    { id: 6, name: 'referrer', required: false, type: 'string' },
    { id: 7, name: 'device', required: true, type: 'string' },
    { id: 8, name: 'is_bot', required: true, type: 'boolean' },
  ],
};
const CLICKS_PER_DAY = 210;

export async function buildClicks({ storage, location, clock }: DemoTableContext): Promise<void> {
  const rng = new Rng(0xc11c);
  let nextId = 1;
  await commitAt(clock, '2025-03-03T00:05:00Z', () => createTable(storage, {
    location, schema: CLICKS_SCHEMA, formatVersion: 3,
    partitionSpec: { fields: [{ name: 'device', transform: 'identity', 'source-id': 7 }] },
    properties: { 'write.delete.mode': 'merge-on-read', owner: 'demo' },
  }));
  const load = (day: string) => {
    const rows = Array.from({ length: CLICKS_PER_DAY + rng.int(-20, 20) }, () => click(rng, nextId++, day));
    clock.at(`${day}T23:55:00Z`);
    return appendRows(storage, sortBy(rows, 'ts'), { now: clock.now });
  };
  for (const day of days('2025-03-03', '2025-03-08')) await load(day);
  // Crawler traffic is removed without rewriting data files: a deletion vector per touched file.
  await commitAt(clock, '2025-03-09T10:00:00Z', async () => (await prepareDeleteWhere(storage, 'is_bot = true', { mode: 'merge-on-read' })).apply());
  await load('2025-03-09');
  // An internal tester's clicks go too; files that already have a vector get one merged vector.
  await commitAt(clock, '2025-03-10T15:20:00Z', async () => (await prepareDeleteWhere(storage, "user_id = 42 or page = '/account'", { mode: 'merge-on-read' })).apply());
  await load('2025-03-10');
}

const SESSIONS_SCHEMA = {
  type: 'struct', fields: [
    { id: 1, name: 'session_id', required: true, type: 'string' },
    { id: 2, name: 'user_id', required: false, type: 'long' },
    { id: 3, name: 'started_at', required: true, type: 'timestamptz' },
    { id: 4, name: 'duration_s', required: true, type: 'int' },
    { id: 5, name: 'pages', required: true, type: 'int' },
    { id: 6, name: 'country', required: false, type: 'string' },
    { id: 7, name: 'channel', required: false, type: 'string' },
  ],
};
const SESSIONS_PER_DAY = 36;

export async function buildSessions({ storage, location, clock }: DemoTableContext): Promise<void> {
  const rng = new Rng(0x5e55);
  await commitAt(clock, '2025-02-24T07:00:00Z', () => createTable(storage, {
    location, schema: SESSIONS_SCHEMA, formatVersion: 2,
    partitionSpec: { fields: [{ name: 'started_at_month', transform: 'month', 'source-id': 3 }] },
    properties: { owner: 'demo' },
  }));
  const load = (at: string, first: string, last: string) => {
    const rows = days(first, last).flatMap((d) => Array.from({ length: SESSIONS_PER_DAY + rng.int(-6, 6) }, (_, i) => session(rng, i + 1, d)));
    clock.at(at);
    return appendRows(storage, sortBy(rows, 'started_at'), { now: clock.now });
  };
  await load('2025-02-24T07:30:00Z', '2025-02-17', '2025-02-23');
  await load('2025-03-01T07:30:00Z', '2025-02-24', '2025-02-28');
  await load('2025-03-04T07:30:00Z', '2025-03-01', '2025-03-03');
  await load('2025-03-07T07:30:00Z', '2025-03-04', '2025-03-06');
  // Monthly partitions got too coarse for daily queries: from now on new files are partitioned by day.
  // Old files keep spec 0 (month); both specs stay in the metadata (spec "Partition Evolution").
  await commitAt(clock, '2025-03-08T12:00:00Z', async () => (await preparePartitionUpdate(storage, [
    { op: 'remove-field', name: 'started_at_month' }, { op: 'add-field', source: 'started_at', transform: 'day', name: 'started_at_day' },
  ])).apply());
  await load('2025-03-10T07:30:00Z', '2025-03-07', '2025-03-09');
  await load('2025-03-12T07:30:00Z', '2025-03-10', '2025-03-11');
  await load('2025-03-14T07:30:00Z', '2025-03-12', '2025-03-13');
  await load('2025-03-17T07:30:00Z', '2025-03-14', '2025-03-16');
  // One manifest per append makes planning read many small files: merge them (a `replace` snapshot).
  await commitAt(clock, '2025-03-18T03:00:00Z', async () => (await prepareRewriteManifests(storage)).apply());
  await load('2025-03-20T07:30:00Z', '2025-03-17', '2025-03-19');
}

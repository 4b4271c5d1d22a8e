/**
 * The `story` namespace of the demo warehouse ("One story, four formats", issue 20): one small table of bank
 * accounts with the same history — create, two appends, an update, a delete, a compaction and a rollback —
 * written three times, by Lakescope's own Iceberg, Delta and Paimon writers (the commit code the app runs for
 * the same clicks), each step at the same fixed instant (core/api/story/story-steps.ts), so the story page can
 * put the three side by side and show what each format wrote for it.
 *
 * - Iceberg (v2, merge-on-read deletes): the update is an overwrite by filter (copy-on-write), the delete writes
 *   a position delete file, the compaction rewrites the files and drops the deletes, the rollback moves main
 *   back (a new metadata file, no new snapshot).
 * - Delta (deletion vectors on): UPDATE and DELETE mark rows in deletion vectors, OPTIMIZE packs the files and
 *   applies the vectors, RESTORE is a new version with the old files.
 * - Paimon (primary key account_id, one bucket): the update is an upsert by key, the delete writes -D records,
 *   full compaction merges the level-0 files into the top level, the rollback is a new snapshot with the old
 *   files (rollback as latest, non-destructive).
 */
import { appendRows as deltaAppend, createDeltaTable, prepareOptimize, prepareRestore, prepareRowChange } from '../../core/formats/delta/commit/index.ts';
import { openDeltaTable } from '../../core/formats/delta/index.ts';
import {
  appendRows as icebergAppend, createTable, loadTableState, prepareCompaction, prepareDeleteWhere, prepareOverwrite, prepareRollbackTo,
} from '../../core/formats/iceberg/commit/index.ts';
import { PaimonTable } from '../../core/formats/paimon/index.ts';
import { STORY_ROLLBACK_TARGET, STORY_STEPS, type StoryStepKind } from '../../core/api/story/story-steps.ts';
import { commitAt } from './demo-data.ts';
import type { DemoTableContext } from './demo-sales.ts';

type Account = { account_id: bigint; owner: string; city: string; balance: bigint; status: string };

const OWNERS = [
  ['Ada', 'Lyon'], ['Bo', 'Hangzhou'], ['Chen', 'Beijing'], ['Dana', 'Berlin'], ['Emil', 'Oslo'], ['Fatima', 'Lyon'],
  ['Gao', 'Shanghai'], ['Hugo', 'Berlin'], ['Ines', 'Lisbon'], ['Jun', 'Hangzhou'], ['Kai', 'Oslo'], ['Lena', 'Berlin'],
  ['Mei', 'Shanghai'], ['Noor', 'Lisbon'], ['Omar', 'Lyon'], ['Pia', 'Beijing'],
] as const;
/** Accounts closed by their owners: the delete step removes them. */
const CLOSED = new Set([5, 11, 14]);
/** Accounts the update freezes. */
const FROZEN = [3, 7];

const account = (n: number): Account => ({
  account_id: BigInt(n), owner: OWNERS[n - 1][0], city: OWNERS[n - 1][1], balance: BigInt(100 * ((n * 37) % 50) + 250),
  status: CLOSED.has(n) ? 'closed' : 'open',
});
const accounts = (from: number, to: number): Account[] => Array.from({ length: to - from + 1 }, (_, i) => account(from + i));
const frozen = (): Account[] => FROZEN.map((n) => ({ ...account(n), status: 'frozen' }));

const UPDATE_WHERE = FROZEN.map((n) => `account_id = ${n}`).join(' OR ');
const DELETE_WHERE = "status = 'closed'";

/** The story's steps by kind, each run at its fixed commit time; the rollback gets the target step's version id. */
type StepRunners = { readonly [K in StoryStepKind]: (target?: string) => Promise<string | undefined> };

async function tell(ctx: DemoTableContext, run: StepRunners & { readonly first: () => Promise<string | undefined>; readonly second: () => Promise<string | undefined> }): Promise<void> {
  const versions = new Map<string, string | undefined>();
  for (const step of STORY_STEPS) {
    const go = step.id === 'append-1' ? run.first : step.id === 'append-2' ? run.second : run[step.kind];
    versions.set(step.id, await commitAt(ctx.clock, step.at, () => go(versions.get(STORY_ROLLBACK_TARGET))));
  }
}

export async function buildStoryIceberg(ctx: DemoTableContext): Promise<void> {
  const { storage, location, clock } = ctx;
  const current = async () => (await loadTableState(storage)).metadata.currentSnapshotId?.toString();
  const append = async (rows: Account[]) => { await icebergAppend(storage, rows, { now: clock.now }); return current(); };
  await tell(ctx, {
    create: async () => {
      await createTable(storage, {
        location, formatVersion: 2,
        schema: { type: 'struct', fields: [
          { id: 1, name: 'account_id', required: true, type: 'long' }, { id: 2, name: 'owner', required: true, type: 'string' },
          { id: 3, name: 'city', required: false, type: 'string' }, { id: 4, name: 'balance', required: true, type: 'long' },
          { id: 5, name: 'status', required: true, type: 'string' },
        ] },
        properties: { 'write.delete.mode': 'merge-on-read', 'write.update.mode': 'copy-on-write', owner: 'demo' },
      });
      return undefined;
    },
    first: () => append(accounts(1, 12)),
    second: () => append(accounts(13, 16)),
    append: () => Promise.reject(new Error('unused')),
    update: async () => { await (await prepareOverwrite(storage, UPDATE_WHERE, frozen())).apply(); return current(); },
    delete: async () => { await (await prepareDeleteWhere(storage, DELETE_WHERE, { mode: 'merge-on-read' })).apply(); return current(); },
    compact: async () => { await (await prepareCompaction(storage, { minInputFiles: 2 })).apply(); return current(); },
    rollback: async (target) => { await (await prepareRollbackTo(storage, BigInt(target!))).apply(); return current(); },
  });
}

export async function buildStoryDelta(ctx: DemoTableContext): Promise<void> {
  const { storage } = ctx;
  let table!: Awaited<ReturnType<typeof openDeltaTable>>;
  const version = () => table.snapshot.version.toString();
  const append = async (rows: Account[]) => { await deltaAppend(table, rows); return version(); };
  await tell(ctx, {
    create: async () => {
      await createDeltaTable(storage, {
        name: 'accounts', description: 'One story, four formats: bank accounts',
        columns: [
          { name: 'account_id', type: 'long', nullable: false }, { name: 'owner', type: 'string', nullable: false },
          { name: 'city', type: 'string' }, { name: 'balance', type: 'long', nullable: false }, { name: 'status', type: 'string', nullable: false },
        ],
        configuration: { 'delta.enableDeletionVectors': 'true' },
      });
      table = await openDeltaTable(storage);
      return version();
    },
    first: () => append(accounts(1, 12)),
    second: () => append(accounts(13, 16)),
    append: () => Promise.reject(new Error('unused')),
    update: async () => { await (await prepareRowChange(table, { where: UPDATE_WHERE, set: { status: 'frozen' } })).apply(); return version(); },
    delete: async () => { await (await prepareRowChange(table, { where: DELETE_WHERE })).apply(); return version(); },
    compact: async () => { await (await prepareOptimize(table)).apply(); return version(); },
    rollback: async (target) => { await (await prepareRestore(table, { version: BigInt(target!) })).apply(); return version(); },
  });
}

export async function buildStoryPaimon(ctx: DemoTableContext): Promise<void> {
  const { storage, clock } = ctx;
  let table!: PaimonTable;
  const latest = async () => (await table.meta.latestSnapshotId())?.toString();
  const upsert = async (rows: Account[]) => { await table.writeRows('upsert', rows, { nowMs: clock.now() }); return latest(); };
  await tell(ctx, {
    create: async () => {
      table = await PaimonTable.create(storage, {
        columns: [
          { name: 'account_id', type: 'BIGINT' }, { name: 'owner', type: 'STRING' }, { name: 'city', type: 'STRING' },
          { name: 'balance', type: 'BIGINT' }, { name: 'status', type: 'STRING' },
        ],
        primaryKeys: ['account_id'], buckets: 1, nowMs: clock.now(),
      });
      return undefined;
    },
    first: () => upsert(accounts(1, 12)),
    second: () => upsert(accounts(13, 16)),
    append: () => Promise.reject(new Error('unused')),
    update: () => upsert(frozen()),
    delete: async () => {
      await table.writeRows('delete', [...CLOSED].map((n) => ({ account_id: BigInt(n) })), { nowMs: clock.now() });
      return latest();
    },
    compact: async () => { await table.compact({ strategy: 'full' }, { nowMs: clock.now() }); return latest(); },
    rollback: async (target) => { await table.rollbackAsLatest({ version: target! }, { nowMs: clock.now() }); return latest(); },
  });
}

/**
 * What each commit of a table wrote, read from the table itself (issue 20, "One story, four formats"): for
 * every commit, the files that first appear in the metadata tree of the state it made (the engine's `tree`:
 * Iceberg metadata file → manifest list → manifests → data and delete files; Delta log entries → add/remove →
 * deletion vectors; Paimon snapshot → manifest lists → manifests → data files), the live data and delete files
 * it dropped, and those it brought back (a rollback or RESTORE re-references old files without writing them).
 *
 * Commits are the format's versions, except where a format records commits that make no version: an Iceberg
 * rollback moves main back with a new metadata file and no new snapshot (spec "Table Metadata": every commit
 * writes a new metadata file), so for a table whose states are metadata files each state is a commit, opened
 * with `openState`. Nothing here knows a file list in advance; the page puts commits of the same story step
 * side by side by commit time.
 */
import { toLakeError } from '../../errors.ts';
import type { LakeTable, TreeNode, TreeNodeKind, VersionSelector } from '../../formats/table-format.ts';

/** One file a commit wrote, dropped or brought back. */
export interface StoryFileDto {
  /** Storage key under the table root. */
  readonly key: string;
  readonly kind: TreeNodeKind;
  readonly size?: number;
  /** Paimon: the LSM level of a data file. */
  readonly level?: number;
  /** Paimon: the DELETE (-D) records a data file holds. */
  readonly deleteRows?: string;
  /** Paimon: ADD or DELETE, as the manifest entry says. */
  readonly entry?: string;
}

/** One commit of a table as the story shows it. */
export interface StoryCommitDto {
  /** The version the commit made or (an Iceberg rollback) made current; absent before the first version. */
  readonly version?: string;
  /** The state file (Iceberg metadata file) the commit wrote, where states are commits. */
  readonly stateKey?: string;
  /** The operation as the format names it (absent where the commit made no version of its own). */
  readonly operation?: string;
  /** Commit time, ms since the epoch, where the format records it. */
  readonly timestampMs?: number;
  /** Live rows after the commit (records count of the version), as decimal text, where known. */
  readonly rows?: string;
  readonly rowsLive?: boolean;
  readonly written: readonly StoryFileDto[];
  readonly dropped: readonly StoryFileDto[];
  readonly returned: readonly StoryFileDto[];
}

export interface TableStoryDto {
  readonly commits: readonly StoryCommitDto[];
}

/** Tree nodes walked per commit at most (the story tables are tiny; a real table is cut off, not hung on). */
const MAX_NODES = 4000;
/** Derived views that list files already listed elsewhere in the tree (Paimon's LSM view). */
const DERIVED: ReadonlySet<TreeNodeKind> = new Set(['lsm-level']);

interface Seen { readonly files: Map<string, StoryFileDto> }

function fileOf(n: TreeNode): StoryFileDto | undefined {
  if (!n.location || n.range !== undefined && n.kind === 'metadata-file') return undefined;
  const d = n.details ?? {};
  const level = typeof d.level === 'number' ? d.level : undefined;
  const deleteRows = typeof d.deleteRowCount === 'string' && d.deleteRowCount !== '0' ? d.deleteRowCount : undefined;
  const entry = n.kind === 'data-file' && (d.kind === 'ADD' || d.kind === 'DELETE') ? d.kind : undefined;
  return { key: n.location, kind: n.kind, ...(n.size !== undefined ? { size: n.size } : {}), ...(level !== undefined ? { level } : {}), ...(deleteRows ? { deleteRows } : {}), ...(entry ? { entry } : {}) };
}

/** Every file node of the tree of `version` (first node per key wins), walking at most MAX_NODES nodes. */
async function treeFiles(table: LakeTable, version: VersionSelector, signal?: AbortSignal): Promise<{ files: Map<string, StoryFileDto>; root?: TreeNode }> {
  const files = new Map<string, StoryFileDto>();
  let count = 0;
  const roots = await table.tree(version, undefined, signal);
  const walk = async (nodes: readonly TreeNode[]): Promise<void> => {
    for (const n of nodes) {
      if (++count > MAX_NODES || DERIVED.has(n.kind)) continue;
      const f = fileOf(n);
      // A Delta `remove` names the data file it removes: the file itself was written by an earlier commit.
      if (f && !files.has(f.key) && !(n.details?.action === 'remove')) files.set(f.key, f);
      if (n.hasChildren) await walk(await table.tree(version, n.id, signal));
    }
  };
  await walk(roots);
  return { files, root: roots[0] };
}

/** The live data and delete files of a version (keys), from the engine's scan plan. */
async function liveFiles(table: LakeTable, version: VersionSelector, signal?: AbortSignal): Promise<Set<string>> {
  const plan = await table.plan({ ...version, signal });
  const out = new Set<string>();
  for (const f of plan.files) {
    out.add(f.key);
    for (const d of f.deletes) if (d.key) out.add(d.key);
  }
  return out;
}

interface CommitState {
  readonly table: LakeTable;
  readonly selector: VersionSelector;
  readonly version?: string;
  readonly stateKey?: string;
  readonly operation?: string;
  readonly timestampMs?: number;
  readonly rows?: string;
  readonly rowsLive?: boolean;
  readonly empty: boolean;
}

/** The commits of the table: its states when they are metadata files (Iceberg), else its versions. */
async function commitStates(table: LakeTable, openState: (id: string) => Promise<LakeTable>, signal?: AbortSignal): Promise<CommitState[]> {
  const states = await table.states(signal);
  if (states.length > 0 && states.every((s) => s.kind === 'metadata-file')) {
    const out: CommitState[] = [];
    for (const s of states) {
      const t = s.isCurrent ? table : await openState(s.id);
      const versions = await t.versions(signal);
      const current = versions.find((v) => v.isCurrent);
      const root = (await t.tree({}, undefined, signal))[0];
      const ts = root?.details?.lastUpdatedMs;
      out.push({
        table: t, selector: {}, stateKey: s.key, empty: current === undefined,
        ...(current ? { version: current.id, rows: current.totals.records?.count, rowsLive: current.totals.records?.live } : {}),
        ...(current && current.timestampMs === ts ? { operation: current.operation } : {}),
        ...(typeof ts === 'number' ? { timestampMs: ts } : {}),
      });
    }
    return out;
  }
  const versions = await table.versions(signal);
  return versions.map((v) => ({
    table, selector: { version: v.id }, version: v.id, operation: v.operation, timestampMs: v.timestampMs, empty: false,
    ...(v.totals.records ? { rows: v.totals.records.count, rowsLive: v.totals.records.live } : {}),
  }));
}

/**
 * The commits of `table`, oldest first, each with the files it wrote, dropped and brought back. `openState`
 * opens one of `table.states()` by id (Iceberg metadata files). Must hold: a file is `written` by the first
 * commit whose tree holds it, and never again.
 */
export async function tableStory(table: LakeTable, openState: (id: string) => Promise<LakeTable>, signal?: AbortSignal): Promise<TableStoryDto> {
  try {
    const commits: StoryCommitDto[] = [];
    const seen: Seen = { files: new Map() };
    let liveBefore = new Set<string>();
    for (const c of await commitStates(table, openState, signal)) {
      const { files } = await treeFiles(c.table, c.selector, signal);
      const live = c.empty ? new Set<string>() : await liveFiles(c.table, c.selector, signal);
      const written = [...files.values()].filter((f) => !seen.files.has(f.key));
      for (const f of written) seen.files.set(f.key, f);
      const known = (key: string): StoryFileDto => seen.files.get(key) ?? { key, kind: 'data-file' };
      const dropped = [...liveBefore].filter((k) => !live.has(k)).map(known);
      const returned = [...live].filter((k) => !liveBefore.has(k) && !written.some((f) => f.key === k)).map(known);
      commits.push({
        ...(c.version !== undefined ? { version: c.version } : {}), ...(c.stateKey !== undefined ? { stateKey: c.stateKey } : {}),
        ...(c.operation !== undefined ? { operation: c.operation } : {}), ...(c.timestampMs !== undefined ? { timestampMs: c.timestampMs } : {}),
        ...(c.rows !== undefined ? { rows: c.rows, rowsLive: c.rowsLive ?? false } : c.empty ? { rows: '0', rowsLive: true } : {}),
        written, dropped, returned,
      });
      liveBefore = live;
    }
    return { commits };
  } catch (e) {
    throw toLakeError(e, 'story: reading the commits of the table failed', {}, 'Internal');
  }
}

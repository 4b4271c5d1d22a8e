/**
 * English text that the engine used to send as sentences (issue 20): the Paimon LSM view's teaching texts and
 * its "next compaction" prediction (paimon/inspect/lsm.ts), the Delta and Hudi tree nodes' labels and the
 * "none (…)" values of format facts. The CLI renders the same keys in English, so its output is unchanged. (The
 * page's own keys this part had — the LSM tab's titles, the Raw tab's lines, the "More" menu — are in en-ui3.ts:
 * the engine's part of the catalog holds only what the engine formats, issue 17.)
 */

/** Paimon's compaction pick reasons (spec/compaction-pick.ts). */
const REASON: Readonly<Record<string, string>> = {
  'full': 'a full compaction',
  'size-amplification': 'size amplification: the newer runs together exceed compaction.max-size-amplification-percent of the oldest run, so every run is merged',
  'size-ratio': 'size ratio: each next run is at most compaction.size-ratio % larger than the runs taken before it',
  'run-count': 'run count: more sorted runs than num-sorted-run.compaction-trigger',
};

const s = (n: number, one: string, other: string): string => (n === 1 ? one : other);

/** The runs of a bucket as the LSM texts list them: `2 level-0 files, level 3, level 5`. */
function runList(level0: number, upper: string): string {
  return [...(level0 > 0 ? [`${level0} level-0 ${s(level0, 'file', 'files')}`] : []), ...upper.split(', ').filter(Boolean).map((l) => `level ${l}`)].join(', ');
}

export const enNotes2 = {
  // Paimon LSM: teaching texts (LsmView.explanations).
  'note.lsm.explain.levels': () => 'Each bucket of a primary-key table is an LSM tree. Writers flush sorted files to level 0; '
    + 'every file there is a sorted run of its own and key ranges may overlap. Levels 1 and up each hold one sorted run: '
    + 'files with disjoint key ranges. A read merges all runs by key and keeps the record with the highest sequence number.',
  'note.lsm.explain.minorCompaction': () => 'Minor (universal) compaction: when a bucket has num-sorted-run.compaction-trigger sorted runs '
    + '(default 5), the writer merges some runs — the newest first, level 0 always — into one run on a higher level, '
    + 'so reads merge fewer runs. Paimon also compacts when the runs above the oldest are much larger than it (size amplification).',
  'note.lsm.explain.fullCompaction': () => 'Full compaction merges every sorted run of a bucket into the highest level (num-levels - 1). '
    + 'Deleted keys disappear, each key is stored once, and the bucket can then be read without merging.',
  'note.lsm.explain.deletionVectors': () => 'With deletion-vectors.enabled, compaction marks the superseded rows of higher levels in deletion '
    + 'vectors (index/ files) instead of rewriting them. Readers skip level 0 (not yet compacted) and drop the marked rows, '
    + 'so a read needs no merge; APPEND snapshots therefore show the state of the last compaction.',
  // Paimon LSM: the next compaction of a bucket (LsmBucketView.nextCompaction).
  'note.lsm.next.appendPick': (p: { files: number }) => `${p.files} files reach compaction.min.file-num: the next compaction rewrites them into one file.`,
  'note.lsm.next.pick': (p: { runs: number; trigger: number; merged: number; files: number; level: number; reason: string; dropDelete: boolean }) =>
    `${p.runs} sorted runs (num-sorted-run.compaction-trigger = ${p.trigger}): universal compaction merges the newest ${p.merged} ${s(p.merged, 'run', 'runs')} `
    + `(${p.files} ${s(p.files, 'file', 'files')}) into level ${p.level}, by ${REASON[p.reason] ?? p.reason}${p.dropDelete ? '; deleted keys are dropped' : ''}.`,
  'note.lsm.next.append': () => 'Append table: no LSM merge; compaction only rewrites small files into larger ones.',
  'note.lsm.next.due': (p: { runs: number; level0: number; upper: string; trigger: number; top: number }) =>
    `${p.runs} sorted runs (${runList(p.level0, p.upper)}) reach num-sorted-run.compaction-trigger = ${p.trigger}: the next write compacts them, `
    + `merging the level-0 files and the runs above them into one sorted run (up to level ${p.top}).`,
  'note.lsm.next.below': (p: { runs: number; level0: number; upper: string; trigger: number; dvLevel0: number }) => {
    const more = p.trigger - p.runs;
    const dv = p.dvLevel0 > 0
      ? ` With deletion vectors the writer's lookup compaction moves the ${p.dvLevel0} level-0 ${s(p.dvLevel0, 'file', 'files')} up at its next compaction anyway, and until then readers do not see them.`
      : '';
    return `${p.runs} sorted ${s(p.runs, 'run', 'runs')} (${runList(p.level0, p.upper) || 'empty'}) is below num-sorted-run.compaction-trigger = ${p.trigger}: `
      + `no compaction is due by run count; ${more} more ${s(more, 'flush', 'flushes')} would trigger one.${dv}`;
  },
  // Delta: the deletion vector node of the metadata tree.
  'tree.delta.checkpointLabel': (p: { version: string; naming: string; parts: number }) => `checkpoint ${p.version} (${p.naming}${p.parts > 1 ? `, ${p.parts} parts` : ''})`,
  'tree.delta.fileActionLabel': (p: { action: string; path: string; dv: boolean }) => `${p.action} ${p.path}${p.dv ? ' + deletion vector' : ''}`,
  'tree.delta.dvLabel': (p: { rows: string; storage: string }) =>
    `deletion vector (${p.rows} rows deleted, ${p.storage === 'i' ? 'inline' : p.storage === 'u' ? 'relative path' : 'absolute path'})`,
  // Hudi: labels of the metadata tree's nodes that are words (names stay as written).
  'tree.hudi.label.timeline': (p: { instants: number }) => `timeline (${p.instants} instants)`,
  'tree.hudi.label.root': () => '(table root: not partitioned)',
  'tree.hudi.label.instant': (p: { time: string; action: string; archived: boolean; pending: string; after: boolean }) =>
    `${p.time} ${p.action}${p.archived ? ' (archived)' : ''}${p.pending ? ` (${p.pending}: pending, never read)` : ''}${p.after ? ' (after this version)' : ''}`,
  'tree.hudi.label.fileGroup': (p: { id: string }) => `file group ${p.id}`,
  'tree.hudi.label.slice': (p: { instant: string; latest: boolean }) => `slice @${p.instant}${p.latest ? ' (latest: read)' : ' (older: not read)'}`,
  'tree.hudi.label.corrupt': () => 'corrupt region (skipped)',
  'tree.hudi.label.block': (p: { type: string; instant: string; target: string; visible: boolean }) =>
    `${p.type} @${p.instant}${p.target ? ` → rolls back ${p.target}` : ''}${p.visible ? '' : ' (not visible in this version)'}`,
  // Format facts whose value is "not set".
  'facts.value.unpartitioned': () => 'none (unpartitioned)',
  'facts.value.latestWins': () => 'none (the latest commit wins)',
  'facts.value.appendTable': () => 'none (an append table)',
} as const;

/**
 * English text that the engine used to send as ready-made sentences (issue 20): tree node summaries,
 * scan notes, table warnings and write refusals, SQL errors. The engine sends keys and parameters; the UI
 * renders them in the reader's language, the CLI in English.
 */
import { groupedCount, plural } from './catalog.ts';

/** One cached Intl.NumberFormat (toLocaleString builds one per call; the tree's rows call this per row). */
const num = (c: number): string => groupedCount('en-US', c);
const n = (c: number, one: string, other: string): string => `${num(c)} ${plural('en', c, { one, other })}`;

export const enI18n = {
  // Metadata tree: the short line after a node's name (tree-model.ts nodeSummary).
  'tree.summary.spec': (p: { id: string }) => `spec ${p.id}`,
  'tree.summary.files': (p: { counts: string }) => `${p.counts} files`,
  'tree.summary.rows': (p: { count: number }) => n(p.count, 'row', 'rows'),
  'tree.summary.vectors': (p: { count: number }) => n(p.count, 'vector', 'vectors'),
  'tree.summary.level': (p: { level: string }) => `level ${p.level}`,
  'tree.summary.seq': (p: { seq: string }) => `seq ${p.seq}`,
  'tree.summary.formatVersion': (p: { version: string; snapshots: number }) => `format v${p.version} · ${n(p.snapshots, 'snapshot', 'snapshots')}`,
  /** A manifest entry's status or a manifest's content, as Iceberg writes them (`added`, `existing`, `deleted`, `data`, `deletes`). */
  'tree.summary.word': (p: { word: string }) => p.word,
  // Notes on a plan, a diff or a change log (core/messages/note.ts): how the version was chosen, what was read.
  'note.noSnapshotYet': () => 'the table has no snapshot yet',
  'note.atVersion': (p: { version: string; note: unknown }) => `${p.version}: ${String(p.note)}`,
  'note.iceberg.via.current': () => 'snapshot chosen by current snapshot',
  'note.iceberg.via.id': (p: { id: string }) => `snapshot chosen by snapshot id ${p.id}`,
  'note.iceberg.via.ref': (p: { type: 'branch' | 'tag'; name: string }) => `snapshot chosen by ${p.type} "${p.name}"`,
  'note.iceberg.via.log': (p: { at: string }) => `snapshot chosen by snapshot-log entry at ${p.at}`,
  'note.iceberg.idWins': (p: { text: string; type: 'branch' | 'tag' }) => `"${p.text}" is both a snapshot id and a ${p.type} name; the snapshot id wins (as in Spark)`,
  'note.iceberg.pathNormalised': (p: { path: string; manifest: string; written: string }) => `delete file ${p.path} names data file ${p.manifest} as ${p.written}: matched after normalising scheme, authority and percent-encoding`,
  'note.delta.asOf': (p: { version: string; at: string; source: string }) => `version ${p.version} is the newest at or before ${p.at} (by ${p.source})`,
  'note.delta.lastCheckpoint': (p: { version: string }) => `_last_checkpoint named checkpoint ${p.version}; the log was listed from there`,
  'note.delta.lastCheckpointMissing': (p: { version: string }) => `_last_checkpoint names checkpoint ${p.version}, which is missing or incomplete; the whole log was listed`,
  'note.delta.segmentCheckpoint': (p: { version: string; checkpoint: string; naming: string; files: number; commits: number }) =>
    `version ${p.version}: checkpoint ${p.checkpoint} (${p.naming}, ${n(p.files, 'file', 'files')}) + ${n(p.commits, 'commit', 'commits')}`,
  'note.delta.segmentCommits': (p: { version: string; commits: number }) => `version ${p.version}: ${n(p.commits, 'commit', 'commits')} from version 0 (no checkpoint)`,
  'note.delta.utcPartitions': () => 'zone-less timestamp partition values are read as UTC (the log does not record the writer\'s time zone)',
  'note.delta.cdfOn': () => 'delta.enableChangeDataFeed is set: commits that wrote change data files (_change_data/) are read from them, the others from their add/remove actions',
  'note.delta.cdfOff': () => 'delta.enableChangeDataFeed is not set: changes come from each commit\'s add/remove actions and deletion vectors (no update pre/post images)',
  'note.paimon.asOf': (p: { id: string; at: string; committed: string }) => `snapshot ${p.id} was the latest at ${p.at} (committed ${p.committed})`,
  'note.paimon.expiredTag': (p: { id: string; tag: string }) => `snapshot ${p.id} has expired; read from tag '${p.tag}'`,
  'note.paimon.tag': (p: { tag: string; id: string }) => `tag '${p.tag}' → snapshot ${p.id}`,
  'note.paimon.branch': (p: { branch: string; latest?: string }) => `branch '${p.branch}'${p.latest === undefined ? ' has no snapshot' : ` → its latest snapshot ${p.latest}`}`,
  'note.diff.notAncestor': (p: { earlier: string; later: string }) => `${p.earlier} is not an ancestor of ${p.later} (another branch, or its history expired): the diff compares the two states directly`,
  'note.diff.schemasDiffer': (p: { earlier: string; later: string; byName: boolean }) =>
    `the schemas differ: rows of ${p.earlier} are compared in the schema of ${p.later} (columns added since read as null, dropped ones left out, renamed ones matched by ${p.byName ? 'name' : 'field id'})`,
  'note.changes.derived': (p: { key: string }) => `derived from the row diff of each version against its parent${p.key ? `, updates paired by ${p.key}` : ' (no key: updates show as a delete and an insert)'}`,
  'note.changes.notInLog': (p: { versions: string; log: string; derived: unknown }) => `${p.versions}: not in the ${p.log}; ${String(p.derived)}`,
  'tree.kind': (p: { kind: string }) => p.kind.replace(/-/g, ' '),
};

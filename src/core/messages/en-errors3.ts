/**
 * English text of more engine messages a person meets in the app (issue 20, after en-errors2.ts): commit
 * conflicts of the writers (shared commit code, Iceberg, Paimon, Delta, S3), what a table with an unreadable
 * newest version file or a stale version hint says (its warnings and why writes are refused), why a write
 * action is unavailable, the read policy's time limit and throttling, and SQL refusals. Each is the exact
 * English message it had before it carried a reference (the CLI, logs and tests print these unchanged).
 * Every string parameter is data — a file, a key, a ref name, a subsystem such as `iceberg commit` — and is
 * shown apart by the UI; a `why`, `reason` or `message` parameter usually holds another message's reference.
 */
import { plural } from './catalog.ts';

const times = (n: number) => `${n} ${plural('en', n, { one: 'time', other: 'times' })}`;
const limit = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

export const enErrors3 = {
  // Commits: a lost race on the next version file, the retry loop giving up, an ambiguous answer
  'error.commit.createdFirst': (p: { what: string; key: string }) => `${p.what}: ${p.key} was created by another writer first`,
  'error.commit.createdFirstAmbiguous': (p: { what: string; key: string }) => `${p.what}: ${p.key} was created by another writer first (found after an ambiguous write)`,
  'error.commit.halfWritten': (p: { what: string; key: string }) =>
    `${p.what}: ${p.key} was left half-written and could not be removed; readers skip it, the next commit uses the version after it`,
  'error.commit.stateUnknown': (p: { what: string; key: string; why: string }) =>
    `${p.what}: commit state unknown: ${p.key} ${p.why}; the commit may have landed, so nothing was cleaned up`,
  'error.commit.why.keptFailing': (p: { attempts: number }) => `the write kept failing after ${p.attempts} attempts`,
  'error.commit.why.notChecked': () => 'it could not be checked after an ambiguous write',
  'error.commit.why.notReadBack': () => 'it could not be read back after an ambiguous write',
  'error.commit.gaveUp': (p: { what: string; attempts: number; setting: string; reason: string }) =>
    `${p.what}: gave up after ${p.attempts} ${plural('en', p.attempts, { one: 'attempt', other: 'attempts' })} (${p.setting} reached): ${p.reason}`,
  'error.commit.lostRace': (p: { what: string; why: string }) => `${p.what}: precondition failed after an ambiguous answer: ${p.why}`,
  'error.commit.why.keyMissing': () => 'the key does not exist (ifMatch)',
  'error.commit.why.keyCreated': () => "another writer created the key (ifNoneMatch '*')",
  'error.commit.why.keyChanged': () => 'another writer changed the key (ifMatch)',
  'error.s3.why.keyExists': () => "the key already exists (ifNoneMatch '*')",
  'error.s3.why.etagDiffers': () => 'its ETag differs or it is missing (ifMatch)',
  'error.s3.ifMatchMissing': (p: { key: string; where: string }) => `s3: write '${p.key}' in ${p.where}: precondition failed: the key does not exist (ifMatch)`,

  // A newest version file that cannot be read (core/commit/unreadable-newest.ts)
  'error.unreadableNewest.warning': (p: { file: string; reason: string; instead: string }) =>
    `the newest ${p.file} cannot be read (${p.reason}): showing ${p.instead} instead; writes are refused until ${p.file} is repaired or removed`,
  'error.unreadableNewest.refusal': (p: { file: string; reason: string }) =>
    `writes are refused: the newest ${p.file} cannot be read (${p.reason}). A commit built on an older version would drop what it holds. `
    + 'If it is the torn write of a crashed commit, remove it; if it was damaged, restore it.',
  'error.term.snapshot': (p: { id: string }) => `snapshot ${p.id}`,

  // Iceberg: commit requirements (REST spec TableRequirement), concurrent commits, refs, the version hint
  'error.iceberg.requirement': (p: { type: string; why: string }) => `iceberg commit: requirement ${p.type} failed: ${p.why}`,
  'error.iceberg.req.tableExists': () => 'the table already exists',
  'error.iceberg.req.noTable': () => 'the table does not exist',
  'error.iceberg.req.uuid': (p: { actual: string; expected: string }) => `table uuid is ${p.actual}, expected ${p.expected}`,
  'error.iceberg.req.refExists': (p: { ref: string; snapshot: string }) => `ref ${p.ref} exists (snapshot ${p.snapshot})`,
  'error.iceberg.req.refMissing': (p: { ref: string; expected: string }) => `ref ${p.ref} does not exist, expected snapshot ${p.expected}`,
  'error.iceberg.req.refMoved': (p: { ref: string; snapshot: string; expected: string }) => `ref ${p.ref} is at snapshot ${p.snapshot}, expected ${p.expected}`,
  'error.iceberg.req.lastColumnId': (p: { actual: number; expected: number }) => `last-column-id is ${p.actual}, expected ${p.expected}`,
  'error.iceberg.req.currentSchema': (p: { actual: number; expected: number }) => `current schema is ${p.actual}, expected ${p.expected}`,
  'error.iceberg.req.lastPartitionId': (p: { actual?: number; expected: number }) => `last-partition-id is ${p.actual}, expected ${p.expected}`,
  'error.iceberg.req.defaultSpec': (p: { actual: number; expected: number }) => `default spec is ${p.actual}, expected ${p.expected}`,
  'error.iceberg.req.defaultSortOrder': (p: { actual: number; expected: number }) => `default sort order is ${p.actual}, expected ${p.expected}`,
  'error.iceberg.notLive': (p: { count: number; example: string }) =>
    `iceberg commit: ${p.count} file(s) to remove are no longer live in the table (removed by a concurrent commit?), e.g. ${p.example}`,
  'error.iceberg.delete.removed': (p: { file: string }) => `iceberg delete: ${p.file} was removed by a concurrent commit; run the delete again`,
  'error.iceberg.delete.deletesAdded': (p: { file: string }) => `iceberg delete: a concurrent commit added deletes to ${p.file}; run the delete again`,
  'error.iceberg.compaction.deletesAdded': (p: { file: string }) =>
    `iceberg compaction: a concurrent commit added position deletes (${p.file}) that may apply to rewritten files; compact again`,
  'error.iceberg.create.exists': (p: { where: string; key: string }) => `iceberg create: ${p.where} already holds a table (${p.key})`,
  'error.iceberg.tagExists': (p: { name: string }) => `iceberg refs: tag ${p.name} already exists`,
  'error.iceberg.branchExists': (p: { name: string }) => `iceberg refs: branch ${p.name} already exists`,
  'error.iceberg.hintUnreadable': (p: { hint: string }) => `version-hint.text names ${p.hint}, which cannot be read: reading the newest metadata file`,
  'error.iceberg.hintStale': (p: { hint: string; newest: string }) =>
    `version-hint.text names ${p.hint}, but ${p.newest} is newer (a commit that did not update the hint): reading the newest`,
  'error.iceberg.skippedMetadata': (p: { file: string; reason: string }) => `skipped metadata file ${p.file}: ${p.reason}`,

  // Paimon
  'error.paimon.snapshotExists': (p: { id: string }) => `paimon commit: snapshot ${p.id} already exists (another writer committed first)`,
  'error.paimon.committedMeanwhile': (p: { newest: string; id: string }) => `paimon commit: snapshot ${p.newest} was committed meanwhile (this commit would be snapshot ${p.id})`,
  'error.paimon.create.exists': (p: { where: string; key: string }) => `paimon create: a Paimon table already exists at ${p.where} (${p.key})`,
  'error.paimon.create.meanwhile': (p: { key: string }) => `paimon create: ${p.key} was created meanwhile by another writer`,
  'error.paimon.rollback.meanwhile': (p: { id: string }) => `paimon rollback: snapshot ${p.id} was committed meanwhile; preview again`,
  'error.paimon.tagExists': (p: { name: string }) => `paimon tag: tag '${p.name}' already exists`,
  'error.paimon.hintGarbage': (p: { file: string; hint: string; dir: string }) =>
    `${p.file} is not a snapshot id (${p.hint}): the listing of ${p.dir} is used instead; writes are refused until ${p.file} is repaired or removed`,
  'error.paimon.hintGarbageReason': (p: { hint: string }) => `not a snapshot id: ${p.hint}`,

  // Delta (PROTOCOL.md "Optimistic concurrency control")
  'error.delta.exists': (p: { key: string }) => `delta commit: the table already exists (${p.key} is there)`,
  'error.delta.conflict': (p: { version: string; why: string; operation: string }) =>
    `delta commit: version ${p.version} was committed by another writer first and ${p.why}; prepare the ${p.operation} again`,
  'error.delta.why.metadata': () => 'it changed the table metadata (schema, partitioning or properties)',
  'error.delta.why.protocol': () => 'it changed the table protocol',
  'error.delta.why.added': (p: { path: string }) => `it added ${p.path}`,
  'error.delta.why.removed': (p: { path: string }) => `it removed ${p.path}`,
  'error.delta.why.removedRead': (p: { path: string }) => `it removed ${p.path}, which this write read`,
  'error.delta.gaveUp': (p: { attempts: number }) => `delta commit: gave up after ${p.attempts} attempts: other writers kept committing first`,
  'error.delta.create.exists': (p: { where: string }) => `delta create: ${p.where} already holds a Delta table`,

  // Why a write action is unavailable (shown beside disabled buttons)
  'error.write.readOnlyStorage': (p: { where: string }) => `${p.where} is read-only.`,
  'error.write.formatReadOnly': (p: { format: string }) => `${p.format} tables are read-only in Lakescope for now: writes are not implemented for this format yet.`,
  'error.write.notAvailable': (p: { action: string; why: string }) => `write: ${p.action} is not available: ${p.why}`,
  'error.write.refused': (p: { why: string }) => `write: ${p.why}`,
  'error.delta.noRefs': () => 'Delta tables have no tags or branches: versions are named by their number or time.',
  'error.delta.noExpire': () => 'Delta has no snapshot expiry: old log entries go with checkpoints; unreferenced data files are removed by VACUUM.',
  'error.paimon.notYet': (p: { action: string }) => `${p.action} is not available for Paimon tables yet (tags, rollback, row writes, compaction and expiration are).`,
  'error.hudi.readOnly': () => 'Hudi tables are read-only here: writing needs Hudi\'s own write protocol (markers, rollbacks, the metadata table, table services), which this reader does not implement.',
  'error.paimon.expiredTag': () => 'This snapshot has expired: its file is gone, so it cannot be tagged.',

  // The read policy (core/io/read-policy.ts): a request time limit, a throttling bucket
  'error.read.timeout': (p: { what: string; ms: number }) => `${p.what}: no answer within ${limit(p.ms)} (request time limit)`,
  'error.read.throttled': (p: { message: string; status: string; retries: number }) =>
    `${p.message} — the bucket is throttling requests (${p.status}); retried ${times(p.retries)}`,
  'error.read.retried': (p: { message: string; retries: number }) => `${p.message} (retried ${times(p.retries)})`,

  // SQL refusals (each the `message` of `error.sql`, which adds `sql: `)
  'error.sql.tooManyBytes': (p: { bytes: number; max: number }) => `the query would fetch ${p.bytes} bytes, more than the ${p.max} allowed`,
  'error.sql.columnar': (p: { reason: string }) => `columnar executor: ${p.reason}`,
  'error.sql.castUnsupported': (p: { from: string; to: string }) => `CAST of a ${p.from} to ${p.to} is not supported (use EXTRACT(EPOCH FROM …) for seconds)`,
  'error.sql.sumNotExact': (p: { expr: string }) =>
    `${p.expr} outside the columnar executor: the sum of magnitudes reaches 2^53, where squirreling's double sum is no longer exact`,
  'error.sql.noMetadataTable': (p: { name: string; known: string }) => `no metadata table $${p.name} (known: ${p.known})`,
  'error.sql.tooPrecise': (p: { value: string; column: string }) => `${p.value} has more than 9 fraction digits; a timestamp holds nanoseconds at most (column ${p.column})`,
  'error.sql.notAValue': (p: { value: string; type: string; column: string }) => `${p.value} is not a ${p.type} value to compare with column ${p.column}`,

  // Iceberg refs and time travel (what the tag/branch forms and a version or time the reader asks for can meet)
  'error.iceberg.refs': (p: { what: string }) => `iceberg refs: ${p.what}`,
  'error.iceberg.refNotFound': (p: { refType: string; name: string }) => `${p.refType} ${p.name} does not exist`,
  'error.iceberg.snapshotNotFound': (p: { id: string }) => `snapshot ${p.id} does not exist`,
  'error.iceberg.noAncestorAt': (p: { time: string }) => `no ancestor of the current snapshot was committed at or before ${p.time}`,
  'error.iceberg.nothingToBranch': () => 'the table has no snapshot to branch from',
  'error.iceberg.blankName': (p: { refType: string }) => `iceberg refs: a ${p.refType} name must not be empty or blank`,
  'error.iceberg.notAncestor': (p: { id: string; current: string }) =>
    `iceberg rollback: snapshot ${p.id} is not an ancestor of the current snapshot ${p.current}; use set-current-snapshot to jump to any snapshot`,
  'error.iceberg.mainNotTag': () => 'iceberg refs: main is a branch and cannot be a tag',
  'error.iceberg.isBranch': (p: { name: string }) => `iceberg refs: ${p.name} is a branch, not a tag`,
  'error.iceberg.isTag': (p: { name: string }) => `iceberg refs: ${p.name} is a tag, not a branch`,
  'error.iceberg.mainKept': (p: { asTag: boolean }) => `iceberg refs: main is the main branch${p.asTag ? ', not a tag,' : ''} and cannot be removed`,
  'error.iceberg.tagNoFastForward': (p: { name: string }) => `iceberg refs: ${p.name} is a tag; only branches fast-forward`,
  'error.iceberg.cannotFastForward': (p: { name: string; head: string; to: string; target: string }) =>
    `iceberg refs: cannot fast-forward ${p.name}: its head ${p.head} is not an ancestor of ${p.to} (${p.target})`,
  'error.iceberg.noCurrentSnapshot': () => 'iceberg: the table has no current snapshot (it is empty)',
  'error.iceberg.noSnapshotLog': () => 'iceberg: cannot travel by timestamp: the table metadata has no snapshot-log (spec Appendix F requires it)',
  'error.iceberg.noneCurrentAt': (p: { time: string; start: string }) => `iceberg: no snapshot was current at ${p.time}; the snapshot log starts at ${p.start}`,
  'error.iceberg.expiredAt': (p: { id: string; time: string }) => `iceberg: snapshot ${p.id}, current at ${p.time}, has expired from the table metadata`,
  'error.iceberg.notInMetadata': (p: { what: string }) => `iceberg: no ${p.what} in the table metadata`,
  'error.iceberg.selector.snapshot': (p: { id: string }) => `snapshot ${p.id}`,
  'error.iceberg.selector.ref': (p: { name: string }) => `branch or tag "${p.name}"`,
  'error.iceberg.selector.any': (p: { text: string }) => `snapshot id or branch/tag "${p.text}"`,
  'error.iceberg.notJson': (p: { file: string; reason: string }) => `iceberg metadata: ${p.file} is not valid JSON (${p.reason})`,
  'error.iceberg.notObject': (p: { file: string }) => `iceberg metadata: ${p.file} is not a JSON object`,

  // Paimon time travel
  'error.paimon.tt.noSnapshot': (p: { id: string; first?: string; latest?: string }) =>
    `paimon time travel: snapshot ${p.id} does not exist${p.first === undefined ? ' (the table has no snapshots)' : ` (snapshots ${p.first}..${p.latest})`}`,
  'error.paimon.tt.unknown': (p: { text: string }) => `paimon time travel: '${p.text}' is neither a snapshot id, a tag nor a branch`,
  'error.paimon.tt.noneAt': (p: { time: string }) => `paimon time travel: no snapshot was committed at or before ${p.time}`,

  // The worker's write registry
  'error.worker.writesRefused': (p: { why: string }) => `worker writes: ${p.why}`,
  'error.worker.previewGone': () => 'worker writes: this preview is no longer available; preview the operation again',
  'error.worker.nothingToApply': () => 'worker writes: this preview has nothing to apply',
  'error.worker.typeToConfirm': (p: { text: string }) => `worker writes: type "${p.text}" to confirm`,

  // A local folder (File System Access)
  'error.folder.readOnly': (p: { op: string; key: string; where: string }) => `folder: ${p.op} '${p.key}': ${p.where} is read-only`,
  'error.folder.precondition': (p: { key: string; why: string }) => `folder: write '${p.key}': precondition failed: ${p.why}`,
  'error.folder.why.etagChanged': () => 'its ETag changed (ifMatch)',

  // EXPLAIN of a query a run would refuse: the refusal, above the plan
  'ui.query.refused': () => 'A run would refuse this query:',

  // The in-memory storage (a sandbox copy)
  'error.memory.exists': (p: { key: string }) => `memory: write: '${p.key}' already exists (ifNoneMatch '*')`,
  'error.memory.precondition': (p: { key: string; missing: boolean }) => `memory: write: '${p.key}' precondition failed: ${p.missing ? 'it does not exist' : 'its ETag changed'} (ifMatch)`,
};

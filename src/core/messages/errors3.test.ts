/**
 * The messages of en-errors3.ts render exactly the English text their throw sites wrote before they carried a
 * reference (the CLI and logs print it; other tests assert it), and zh-CN renders each in Chinese with the
 * same data. Every key has a sample here, so a new key cannot go untested.
 */
import { describe, expect, it } from 'vitest';
import { enErrors3 } from './en-errors3.ts';
import { errorRef, errorText, messageParts, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { zh } from './zh.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('error.commit.createdFirst', { what: 'iceberg commit', key: 'metadata/v3.metadata.json' }), 'iceberg commit: metadata/v3.metadata.json was created by another writer first'],
  [r('error.commit.createdFirstAmbiguous', { what: 'commit', key: 'k' }), 'commit: k was created by another writer first (found after an ambiguous write)'],
  [r('error.commit.halfWritten', { what: 'delta commit', key: '_delta_log/00000000000000000003.json' }),
    'delta commit: _delta_log/00000000000000000003.json was left half-written and could not be removed; readers skip it, the next commit uses the version after it'],
  [r('error.commit.stateUnknown', { what: 'commit', key: 'k', why: r('error.commit.why.keptFailing', { attempts: 4 }) }),
    'commit: commit state unknown: k the write kept failing after 4 attempts; the commit may have landed, so nothing was cleaned up'],
  [r('error.commit.why.notChecked'), 'it could not be checked after an ambiguous write'],
  [r('error.commit.why.notReadBack'), 'it could not be read back after an ambiguous write'],
  [r('error.commit.gaveUp', { what: 'iceberg commit', attempts: 1, setting: 'commit.retry.num-retries', reason: 'x: y' }),
    'iceberg commit: gave up after 1 attempt (commit.retry.num-retries reached): x: y'],
  [r('error.commit.gaveUp', { what: 'iceberg commit', attempts: 5, setting: 'commit.retry.total-timeout-ms', reason: r('error.iceberg.committedSince', { newest: 'v3', base: 'v2' }) }),
    'iceberg commit: gave up after 5 attempts (commit.retry.total-timeout-ms reached): iceberg commit: v3 was committed since v2 was read'],
  [r('error.commit.lostRace', { what: r('error.s3.subject', { op: 'write', key: 'a/b', where: 's3://bkt/p' }), why: r('error.commit.why.keyMissing') }),
    "s3: write 'a/b' in s3://bkt/p: precondition failed after an ambiguous answer: the key does not exist (ifMatch)"],
  [r('error.commit.why.keyCreated'), "another writer created the key (ifNoneMatch '*')"],
  [r('error.commit.why.keyChanged'), 'another writer changed the key (ifMatch)'],
  [r('error.s3.why.keyExists'), "the key already exists (ifNoneMatch '*')"],
  [r('error.s3.why.etagDiffers'), 'its ETag differs or it is missing (ifMatch)'],
  [r('error.s3.ifMatchMissing', { key: 'LATEST', where: 's3://bkt/t/' }), "s3: write 'LATEST' in s3://bkt/t/: precondition failed: the key does not exist (ifMatch)"],
  [r('error.unreadableNewest.warning', { file: 'metadata/v4.metadata.json', reason: 'json: Unexpected end of JSON input', instead: 'metadata/v3.metadata.json' }),
    'the newest metadata/v4.metadata.json cannot be read (json: Unexpected end of JSON input): showing metadata/v3.metadata.json instead; '
    + 'writes are refused until metadata/v4.metadata.json is repaired or removed'],
  [r('error.unreadableNewest.warning', { file: 'snapshot/snapshot-5', reason: 'x', instead: r('error.term.snapshot', { id: '4' }) }),
    'the newest snapshot/snapshot-5 cannot be read (x): showing snapshot 4 instead; writes are refused until snapshot/snapshot-5 is repaired or removed'],
  [r('error.unreadableNewest.refusal', { file: 'snapshot/LATEST', reason: r('error.paimon.hintGarbageReason', { hint: '"abc"' }) }),
    'writes are refused: the newest snapshot/LATEST cannot be read (not a snapshot id: "abc"). A commit built on an older version would drop what it holds. '
    + 'If it is the torn write of a crashed commit, remove it; if it was damaged, restore it.'],
  [r('error.iceberg.requirement', { type: 'assert-ref-snapshot-id', why: r('error.iceberg.req.refMoved', { ref: 'main', snapshot: '64', expected: '91' }) }),
    'iceberg commit: requirement assert-ref-snapshot-id failed: ref main is at snapshot 64, expected 91'],
  [r('error.iceberg.req.tableExists'), 'the table already exists'],
  [r('error.iceberg.req.noTable'), 'the table does not exist'],
  [r('error.iceberg.req.uuid', { actual: 'unset', expected: 'abc' }), 'table uuid is unset, expected abc'],
  [r('error.iceberg.req.refExists', { ref: 'b', snapshot: '7' }), 'ref b exists (snapshot 7)'],
  [r('error.iceberg.req.refMissing', { ref: 'b', expected: '7' }), 'ref b does not exist, expected snapshot 7'],
  [r('error.iceberg.req.lastColumnId', { actual: 3, expected: 4 }), 'last-column-id is 3, expected 4'],
  [r('error.iceberg.req.currentSchema', { actual: 0, expected: 1 }), 'current schema is 0, expected 1'],
  [r('error.iceberg.req.lastPartitionId', { actual: undefined, expected: 1000 }), 'last-partition-id is undefined, expected 1000'],
  [r('error.iceberg.req.defaultSpec', { actual: 0, expected: 1 }), 'default spec is 0, expected 1'],
  [r('error.iceberg.req.defaultSortOrder', { actual: 0, expected: 1 }), 'default sort order is 0, expected 1'],
  [r('error.iceberg.notLive', { count: 2, example: 's3://b/t/data/a.parquet' }),
    'iceberg commit: 2 file(s) to remove are no longer live in the table (removed by a concurrent commit?), e.g. s3://b/t/data/a.parquet'],
  [r('error.iceberg.delete.removed', { file: 'd.parquet' }), 'iceberg delete: d.parquet was removed by a concurrent commit; run the delete again'],
  [r('error.iceberg.delete.deletesAdded', { file: 'd.parquet' }), 'iceberg delete: a concurrent commit added deletes to d.parquet; run the delete again'],
  [r('error.iceberg.compaction.deletesAdded', { file: 'pd.parquet' }),
    'iceberg compaction: a concurrent commit added position deletes (pd.parquet) that may apply to rewritten files; compact again'],
  [r('error.iceberg.create.exists', { where: 'memory', key: 'metadata/v1.metadata.json' }), 'iceberg create: memory already holds a table (metadata/v1.metadata.json)'],
  [r('error.iceberg.tagExists', { name: 'v1' }), 'iceberg refs: tag v1 already exists'],
  [r('error.iceberg.branchExists', { name: 'dev' }), 'iceberg refs: branch dev already exists'],
  [r('error.iceberg.hintUnreadable', { hint: '7' }), 'version-hint.text names 7, which cannot be read: reading the newest metadata file'],
  [r('error.iceberg.hintStale', { hint: 'v2.metadata.json', newest: 'v3.metadata.json' }),
    'version-hint.text names v2.metadata.json, but v3.metadata.json is newer (a commit that did not update the hint): reading the newest'],
  [r('error.iceberg.skippedMetadata', { file: 'metadata/v9.metadata.json', reason: 'gone' }), 'skipped metadata file metadata/v9.metadata.json: gone'],
  [r('error.paimon.snapshotExists', { id: '5' }), 'paimon commit: snapshot 5 already exists (another writer committed first)'],
  [r('error.paimon.committedMeanwhile', { newest: '6', id: '5' }), 'paimon commit: snapshot 6 was committed meanwhile (this commit would be snapshot 5)'],
  [r('error.paimon.create.exists', { where: 'fs', key: 'schema/schema-0' }), 'paimon create: a Paimon table already exists at fs (schema/schema-0)'],
  [r('error.paimon.create.meanwhile', { key: 'schema/schema-0' }), 'paimon create: schema/schema-0 was created meanwhile by another writer'],
  [r('error.paimon.rollback.meanwhile', { id: '9' }), 'paimon rollback: snapshot 9 was committed meanwhile; preview again'],
  [r('error.paimon.tagExists', { name: 't1' }), "paimon tag: tag 't1' already exists"],
  [r('error.paimon.hintGarbage', { file: 'snapshot/LATEST', hint: '"x"', dir: 'snapshot/' }),
    'snapshot/LATEST is not a snapshot id ("x"): the listing of snapshot/ is used instead; writes are refused until snapshot/LATEST is repaired or removed'],
  [r('error.delta.exists', { key: '_delta_log/00000000000000000000.json' }), 'delta commit: the table already exists (_delta_log/00000000000000000000.json is there)'],
  [r('error.delta.conflict', { version: '3', why: r('error.delta.why.removedRead', { path: 'part-0.parquet' }), operation: 'DELETE' }),
    'delta commit: version 3 was committed by another writer first and it removed part-0.parquet, which this write read; prepare the DELETE again'],
  [r('error.delta.why.metadata'), 'it changed the table metadata (schema, partitioning or properties)'],
  [r('error.delta.why.protocol'), 'it changed the table protocol'],
  [r('error.delta.why.added', { path: 'a.parquet' }), 'it added a.parquet'],
  [r('error.delta.why.removed', { path: 'a.parquet' }), 'it removed a.parquet'],
  [r('error.delta.gaveUp', { attempts: 200 }), 'delta commit: gave up after 200 attempts: other writers kept committing first'],
  [r('error.delta.create.exists', { where: 'memory' }), 'delta create: memory already holds a Delta table'],
  [r('error.write.readOnlyStorage', { where: 'https://x/t/' }), 'https://x/t/ is read-only.'],
  [r('error.write.formatReadOnly', { format: 'Apache Hudi' }), 'Apache Hudi tables are read-only in Lakescope for now: writes are not implemented for this format yet.'],
  [r('error.write.notAvailable', { action: 'compact', why: 'no' }), 'write: compact is not available: no'],
  [r('error.write.refused', { why: 'read-only' }), 'write: read-only'],
  [r('error.delta.noRefs'), 'Delta tables have no tags or branches: versions are named by their number or time.'],
  [r('error.delta.noExpire'), 'Delta has no snapshot expiry: old log entries go with checkpoints; unreferenced data files are removed by VACUUM.'],
  [r('error.paimon.notYet', { action: 'rewrite-manifests' }), 'rewrite-manifests is not available for Paimon tables yet (tags, rollback, row writes, compaction and expiration are).'],
  [r('error.paimon.expiredTag'), 'This snapshot has expired: its file is gone, so it cannot be tagged.'],
  [r('error.hudi.readOnly'),
    "Hudi tables are read-only here: writing needs Hudi's own write protocol (markers, rollbacks, the metadata table, table services), which this reader does not implement."],
  [r('error.read.timeout', { what: 's3: read', ms: 30_000 }), 's3: read: no answer within 30 s (request time limit)'],
  [r('error.read.timeout', { what: 's3: read', ms: 1500 }), 's3: read: no answer within 1500 ms (request time limit)'],
  [r('error.read.throttled', { message: 'x', status: '503 SlowDown', retries: 1 }), 'x — the bucket is throttling requests (503 SlowDown); retried 1 time'],
  [r('error.read.retried', { message: 'x', retries: 4 }), 'x (retried 4 times)'],
  [r('error.sql', { message: r('error.sql.tooManyBytes', { bytes: 2048, max: 1024 }) }), 'sql: the query would fetch 2048 bytes, more than the 1024 allowed'],
  [r('error.sql', { message: r('error.sql.columnar', { reason: 'a window function' }) }), 'sql: columnar executor: a window function'],
  [r('error.sql', { message: r('error.sql.castUnsupported', { from: 'date', to: 'BIGINT' }) }), 'sql: CAST of a date to BIGINT is not supported (use EXTRACT(EPOCH FROM …) for seconds)'],
  [r('error.sql', { message: r('error.sql.sumNotExact', { expr: 'SUM(x)' }) }),
    "sql: SUM(x) outside the columnar executor: the sum of magnitudes reaches 2^53, where squirreling's double sum is no longer exact"],
  [r('error.sql', { message: r('error.sql.noMetadataTable', { name: 'nope', known: '$snapshots, $files' }) }), 'sql: no metadata table $nope (known: $snapshots, $files)'],
  [r('error.sql', { message: r('error.sql.tooPrecise', { value: '"2024-01-01T00:00:00.0000000001"', column: 'ts' }) }),
    'sql: "2024-01-01T00:00:00.0000000001" has more than 9 fraction digits; a timestamp holds nanoseconds at most (column ts)'],
  [r('error.sql', { message: r('error.sql.notAValue', { value: '"abc"', type: 'decimal', column: 'price' }) }), 'sql: "abc" is not a decimal value to compare with column price'],
  [r('error.iceberg.refs', { what: r('error.iceberg.refNotFound', { refType: 'tag', name: 'v1' }) }), 'iceberg refs: tag v1 does not exist'],
  [r('error.iceberg.refs', { what: r('error.iceberg.snapshotNotFound', { id: '12' }) }), 'iceberg refs: snapshot 12 does not exist'],
  [r('error.iceberg.refs', { what: r('error.iceberg.noAncestorAt', { time: '2025-03-31T08:46:23.000Z' }) }),
    'iceberg refs: no ancestor of the current snapshot was committed at or before 2025-03-31T08:46:23.000Z'],
  [r('error.iceberg.refs', { what: r('error.iceberg.nothingToBranch') }), 'iceberg refs: the table has no snapshot to branch from'],
  [r('error.iceberg.blankName', { refType: 'branch' }), 'iceberg refs: a branch name must not be empty or blank'],
  [r('error.iceberg.notAncestor', { id: '5', current: '(none)' }),
    'iceberg rollback: snapshot 5 is not an ancestor of the current snapshot (none); use set-current-snapshot to jump to any snapshot'],
  [r('error.iceberg.mainNotTag'), 'iceberg refs: main is a branch and cannot be a tag'],
  [r('error.iceberg.isBranch', { name: 'dev' }), 'iceberg refs: dev is a branch, not a tag'],
  [r('error.iceberg.isTag', { name: 'v1' }), 'iceberg refs: v1 is a tag, not a branch'],
  [r('error.iceberg.mainKept', { asTag: true }), 'iceberg refs: main is the main branch, not a tag, and cannot be removed'],
  [r('error.iceberg.mainKept', { asTag: false }), 'iceberg refs: main is the main branch and cannot be removed'],
  [r('error.iceberg.tagNoFastForward', { name: 'v1' }), 'iceberg refs: v1 is a tag; only branches fast-forward'],
  [r('error.iceberg.cannotFastForward', { name: 'dev', head: '1', to: 'main', target: '2' }), 'iceberg refs: cannot fast-forward dev: its head 1 is not an ancestor of main (2)'],
  [r('error.iceberg.noCurrentSnapshot'), 'iceberg: the table has no current snapshot (it is empty)'],
  [r('error.iceberg.noSnapshotLog'), 'iceberg: cannot travel by timestamp: the table metadata has no snapshot-log (spec Appendix F requires it)'],
  [r('error.iceberg.noneCurrentAt', { time: '2020-01-01T00:00:00.000Z', start: '2025-03-31T08:46:23.000Z' }),
    'iceberg: no snapshot was current at 2020-01-01T00:00:00.000Z; the snapshot log starts at 2025-03-31T08:46:23.000Z'],
  [r('error.iceberg.expiredAt', { id: '7', time: '2025-01-01T00:00:00.000Z' }), 'iceberg: snapshot 7, current at 2025-01-01T00:00:00.000Z, has expired from the table metadata'],
  [r('error.iceberg.notInMetadata', { what: r('error.iceberg.selector.snapshot', { id: '7' }) }), 'iceberg: no snapshot 7 in the table metadata'],
  [r('error.iceberg.notInMetadata', { what: r('error.iceberg.selector.ref', { name: 'x' }) }), 'iceberg: no branch or tag "x" in the table metadata'],
  [r('error.iceberg.notInMetadata', { what: r('error.iceberg.selector.any', { text: 'x' }) }), 'iceberg: no snapshot id or branch/tag "x" in the table metadata'],
  [r('error.iceberg.notJson', { file: 'metadata/v6.metadata.json', reason: 'json: Unexpected end of JSON input' }),
    'iceberg metadata: metadata/v6.metadata.json is not valid JSON (json: Unexpected end of JSON input)'],
  [r('error.iceberg.notObject', { file: 'metadata/v6.metadata.json' }), 'iceberg metadata: metadata/v6.metadata.json is not a JSON object'],
  [r('error.paimon.tt.noSnapshot', { id: '9', first: '1', latest: '4' }), 'paimon time travel: snapshot 9 does not exist (snapshots 1..4)'],
  [r('error.paimon.tt.noSnapshot', { id: '9' }), 'paimon time travel: snapshot 9 does not exist (the table has no snapshots)'],
  [r('error.paimon.tt.unknown', { text: 'nope' }), "paimon time travel: 'nope' is neither a snapshot id, a tag nor a branch"],
  [r('error.paimon.tt.noneAt', { time: '2020-01-01T00:00:00.000Z' }), 'paimon time travel: no snapshot was committed at or before 2020-01-01T00:00:00.000Z'],
  [r('error.worker.writesRefused', { why: r('error.write.readOnlyStorage', { where: 'https://x/' }) }), 'worker writes: https://x/ is read-only.'],
  [r('error.worker.previewGone'), 'worker writes: this preview is no longer available; preview the operation again'],
  [r('error.worker.nothingToApply'), 'worker writes: this preview has nothing to apply'],
  [r('error.worker.typeToConfirm', { text: 'orders' }), 'worker writes: type "orders" to confirm'],
  [r('error.folder.readOnly', { op: 'write', key: 'a.json', where: 'folder t' }), "folder: write 'a.json': folder t is read-only"],
  [r('ui.query.refused'), 'A run would refuse this query:'],
  [r('error.memory.exists', { key: 'k' }), "memory: write: 'k' already exists (ifNoneMatch '*')"],
  [r('error.memory.precondition', { key: 'k', missing: true }), "memory: write: 'k' precondition failed: it does not exist (ifMatch)"],
  [r('error.memory.precondition', { key: 'k', missing: false }), "memory: write: 'k' precondition failed: its ETag changed (ifMatch)"],
  [r('error.folder.precondition', { key: 'a.json', why: r('error.folder.why.etagChanged') }), "folder: write 'a.json': precondition failed: its ETag changed (ifMatch)"],
];

describe('en-errors3 / zh-errors3', () => {
  it('renders each message in English exactly as its site wrote it before', () => {
    for (const [ref, old] of SAMPLES) expect(errorText(ref), ref.key).toBe(old);
  });

  it('has a sample for every key', () => {
    const keys = new Set<string>();
    const visit = (ref: ErrorRef) => {
      keys.add(ref.key);
      for (const v of Object.values(ref.params ?? {})) if (typeof v === 'object' && v !== null && 'key' in v) visit(v as ErrorRef);
    };
    for (const [ref] of SAMPLES) visit(ref);
    expect(Object.keys(enErrors3).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('renders each in Chinese with the same data set apart, and no English sentence around it', () => {
    for (const [ref] of SAMPLES) {
      const en = messageParts(ref);
      const parts = messageParts(ref, zh);
      const data = (ps: typeof parts) => ps.filter((p) => typeof p !== 'string').map((p) => (p as { data: string }).data).sort();
      expect(data(parts), ref.key).toEqual(data(en));
      const text = parts.filter((p): p is string => typeof p === 'string').join(' ');
      expect(text, ref.key).toMatch(/[\u4e00-\u9fff]/);
      // Words of the sentence are Chinese; what stays Latin is format terms, settings and codes, not two words in a row.
      const english = text.split(/[^\x00-\x7F]+/).flatMap((run) => {
        const words = run.split(/[\s,:;()!?"'.]+/).filter(Boolean);
        return words.filter((w, i) => /^[a-z]{3,}$/i.test(w) && /^[a-z]{3,}$/i.test(words[i + 1] ?? '')
          && !/^(iceberg|delta|paimon|hudi|commit|ifmatch|ifnonematch|etag|extract|epoch|from|cast|squirreling|markers|vacuum|checkpoint|lakescope)$/i.test(w));
      });
      expect(english, `${ref.key}: ${text}`).toEqual([]);
    }
  });

  it('the Chinese text of a commit conflict reads as a whole sentence', () => {
    const ref = SAMPLES.find(([x]) => x.key === 'error.iceberg.requirement')![0];
    expect(errorText(ref, zh)).toBe('iceberg 提交：要求 assert-ref-snapshot-id 不成立：引用 main 现在指向快照 64，应为 91');
  });
});

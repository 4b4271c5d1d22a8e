/**
 * Row writes (append, upsert, delete) in the common write model (core/commit/write-action.ts): which a
 * Paimon table offers, and their preview — the (partition, bucket) folders that get a level-0 file, the
 * changelog files when `changelog-producer = input`, the next snapshot — computed from the rows alone
 * (checked now, so a bad value is named before anything is written). Apply writes them as one commit
 * (write-rows.ts); undo is the non-destructive rollback to the snapshot before.
 */
import type { ChangePreview, TableTotals } from '../../../commit/change-preview.ts';
import type { AppliedChange, RowWriteKind, WriteCapability } from '../../../commit/write-action.ts';
import { isLakeError, type LakeErrorRef } from '../../../errors.ts';
import { reasonOf } from '../../../commit/write-action.ts';
import { bucketDir, partitionPath, partitionPathOptions } from '../spec/partition-path.ts';
import { snapshotKey } from '../spec/layout.ts';
import { partitionFields, type TableSchema } from '../spec/schema.ts';
import { checkSupportedOptions } from './create-table.ts';
import type { RowObject } from './row-values.ts';
import { groupByBucket, prepareRows, type WriteRowsResult } from './write-rows.ts';
import { described, noted, textRef, undoLabel, warned } from '../../../commit/preview-text.ts';

const DESCRIPTIONS = {
  append: 'note.write.cap.paimon.append', upsert: 'note.write.cap.paimon.upsert', delete: 'note.write.cap.paimon.delete',
} as const satisfies Readonly<Record<RowWriteKind, string>>;

/** The row-writing capabilities of a table with this schema (append tables: append; primary-key tables: upsert and delete). */
export function rowWriteCapabilities(schema: TableSchema): WriteCapability[] {
  const pk = schema.primaryKeys.length > 0;
  let reason: { reason: string; reasonMessage?: LakeErrorRef } | undefined;
  try {
    checkSupportedOptions(schema.options, pk, 'paimon write');
  } catch (e) {
    if (!isLakeError(e)) throw e;
    reason = e.ref ? reasonOf(textRef('note.write.cap.sentence', { text: e.ref })) : { reason: `${e.message}.` };
  }
  const kinds: RowWriteKind[] = pk ? ['upsert', 'delete'] : ['append'];
  return kinds.map((kind) => ({
    kind, scope: 'rows', available: reason === undefined, needsInput: true, rowsInput: kind === 'delete' ? 'keys' : 'rows', ...described(textRef(DESCRIPTIONS[kind])), ...reason,
  }));
}

/** The preview of a row write on a table whose latest snapshot is `latest`. Must hold: throws DataInvalid for any row that cannot be written. */
export function rowWritePreview(schema: TableSchema, kind: RowWriteKind, rows: readonly RowObject[], latest: bigint | undefined, before: TableTotals): ChangePreview {
  const values = prepareRows(schema, kind, rows);
  const groups = groupByBucket(schema, values);
  const next = (latest ?? 0n) + 1n;
  const changelog = schema.primaryKeys.length > 0 && (schema.options['changelog-producer'] ?? 'none') === 'input';
  const partFields = partitionFields(schema);
  const writes = groups.flatMap((g) => {
    const folder = partitionPath(partFields, g.partitionValues, partitionPathOptions(schema.options)) + bucketDir(g.bucket) + '/';
    const note = noted(textRef('note.write.paimon.rowsFile', { count: g.rows.length }));
    return [{ key: `${folder}data-<uuid>-N.parquet`, kind: 'data' as const, ...note }, ...(changelog ? [{ key: `${folder}changelog-<uuid>-N.parquet`, kind: 'other' as const, ...noted(textRef('note.write.paimon.changelogFile')) }] : [])];
  });
  const key = kind === 'append' ? 'note.write.paimon.rowsAppend' : kind === 'upsert' ? 'note.write.paimon.rowsUpsert' : 'note.write.paimon.rowsDelete';
  const after: TableTotals = before.rows === undefined ? {} : kind === 'append' ? { ...before, rows: before.rows + BigInt(values.length) } : { rows: before.rows + BigInt(values.length), rowsBasis: 'records in data files, before merging by key' };
  return {
    operation: kind,
    ...described(textRef(key, { count: values.length, buckets: groups.length, id: next.toString(), changelog })),
    writes: [...writes, { key: 'manifest/<one delta manifest + manifest lists>', kind: 'manifest' }, { key: snapshotKey(next), kind: 'metadata', ...noted(textRef('note.write.onApplyCreate')) }],
    deletes: [], before, after,
    ...warned(kind === 'delete' ? [textRef('note.write.paimon.deletedStay')] : []),
    details: { latestSnapshot: latest?.toString() ?? '—', rows: String(values.length), buckets: String(groups.length) },
  };
}

/** The applied change of a row write, with the rollback that undoes it. */
export function rowWriteApplied(kind: RowWriteKind, r: WriteRowsResult, latest: bigint | undefined): Omit<AppliedChange, 'operation'> {
  const key = snapshotKey(BigInt(r.snapshotId));
  return {
    committedKey: key, attempts: r.attempts, warnings: [], deleted: [], currentAfter: r.snapshotId,
    written: [...r.dataFiles.map((k) => ({ key: k, kind: 'data' as const })), ...r.changelogFiles.map((k) => ({ key: k, kind: 'other' as const })), { key, kind: 'metadata' as const }],
    details: { snapshot: r.snapshotId, rows: String(r.rows), kind },
    ...(latest !== undefined ? { undo: { ...undoLabel(textRef('note.write.undo.rollback', { id: latest.toString() })), action: { kind: 'rollback' as const, snapshotId: latest.toString() } } } : {}),
  };
}

/**
 * Which write actions an Iceberg table offers on a version (the common write model, core/commit/write-action.ts).
 * Apart from write-model.ts, which prepares them: the writes bar asks for the capabilities as soon as a table
 * page opens, and computing them needs only the metadata, not the writers (issue 17: those reach Arrow, Parquet
 * and delete files, whose chunks would then compile while the page paints the timeline). Rollback is offered
 * only onto a strict ancestor of main's current snapshot (spec "Snapshot ancestry"; moving main elsewhere is
 * set-current).
 */
import {
  type CapabilityOptions, type WriteCapability, disableAll, writesOffMessage, writesOffReason,
} from '../../../commit/write-action.ts';
import type { LakeErrorRef } from '../../../errors.ts';
import type { Storage } from '../../../io/storage.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import { ancestorIds } from './prepared-operation.ts';
import { described, textRef } from '../../../commit/preview-text.ts';

/** The actions of an Iceberg table on `version` (an id; current when absent), as {@link WriteCapability}. */
export function icebergCapabilities(
  storage: Storage, meta: TableMetadata, writeRefusal: string | undefined, version: string | undefined, options: CapabilityOptions = {},
  /** `writeRefusal` as a catalog message. */
  writeRefusalMessage?: LakeErrorRef,
): WriteCapability[] {
  const current = meta.currentSnapshotId?.toString();
  const selected = version ?? current;
  const out: WriteCapability[] = [];
  if (selected !== undefined) {
    if (selected !== current) {
      const lineage = ancestorIds(meta, meta.currentSnapshotId).map(String);
      out.push(lineage.includes(selected)
        ? { kind: 'rollback', scope: 'version', available: true, ...described(textRef('note.write.cap.iceberg.rollback')), action: { kind: 'rollback', snapshotId: selected } }
        : { kind: 'set-current', scope: 'version', available: true, ...described(textRef('note.write.cap.iceberg.setCurrent')), action: { kind: 'set-current', snapshotId: selected } });
    }
    out.push({ kind: 'tag', scope: 'version', available: true, needsInput: true, ...described(textRef('note.write.cap.iceberg.tag')) });
    out.push({ kind: 'branch', scope: 'version', available: true, needsInput: true, ...described(textRef('note.write.cap.iceberg.branch')) });
  }
  out.push(
    { kind: 'expire', scope: 'table', available: true, needsInput: true, destructive: true, ...described(textRef('note.write.cap.iceberg.expire')) },
    { kind: 'compact', scope: 'table', available: true, needsInput: true, ...described(textRef('note.write.cap.iceberg.compact')) },
    { kind: 'rewrite-manifests', scope: 'table', available: true, ...described(textRef('note.write.cap.iceberg.rewriteManifests')), action: { kind: 'rewrite-manifests' } },
  );
  return disableAll(out, writesOffReason(storage, writeRefusal, options), writesOffMessage(storage, writeRefusal === undefined ? undefined : writeRefusalMessage, options));
}

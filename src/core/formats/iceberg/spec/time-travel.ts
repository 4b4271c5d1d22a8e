/**
 * Choosing a snapshot (spec Appendix F "Point in Time Reads"; refs from "Snapshot References"):
 * by id, by a timestamp looked up in the snapshot log (not parent lineage, and an error when the log
 * cannot answer), or by branch/tag name. A string that is both a snapshot id and a ref name resolves to
 * the snapshot id, as Spark does (docs/spark-queries.md); the result says so.
 */
import { note, type Note } from '../../../messages/note.ts';
import { LakeError, type LakeErrorRef } from '../../../errors.ts';
import { errorRef } from '../../../messages/message-parts.ts';
import { messageError } from '../../../message-error.ts';
import type { Snapshot } from './snapshot.ts';
import { type TableMetadata, findSnapshot } from './table-metadata.ts';

/** What to read: the current snapshot, or one chosen by id, timestamp (ms) or ref name. A plain string tries id, then ref. */
export type SnapshotSelector =
  | { readonly current: true }
  | { readonly snapshotId: bigint | string }
  | { readonly asOfTimestampMs: number }
  | { readonly ref: string }
  | { readonly version: string };

export interface ResolvedSnapshot {
  readonly snapshot: Snapshot;
  /** How it was chosen, for the user (e.g. `tag "v1"`, `snapshot-log entry at 2024-…`). */
  readonly via: string;
  /** The same as a note for the reader ("snapshot chosen by …"), in the catalog (core/messages). */
  readonly viaNote: Note;
  /** Set when the text named both a snapshot id and a ref; the id won. */
  readonly note?: Note;
}

/** Resolves a selector; NotFound (naming what was asked) when nothing matches, or the table has no snapshot. */
export function resolveSnapshot(meta: TableMetadata, sel: SnapshotSelector): ResolvedSnapshot {
  if ('current' in sel) {
    if (meta.currentSnapshotId === undefined) throw messageError('NotFound', 'error.iceberg.noCurrentSnapshot', undefined, {});
    return { snapshot: findSnapshot(meta, meta.currentSnapshotId)!, via: 'current snapshot', viaNote: note('note.iceberg.via.current') };
  }
  if ('snapshotId' in sel) return byId(meta, parseId(String(sel.snapshotId)) ?? notFound(`snapshot ${String(sel.snapshotId)}`, errorRef('error.iceberg.selector.snapshot', { id: String(sel.snapshotId) })));
  if ('asOfTimestampMs' in sel) return byTimestamp(meta, sel.asOfTimestampMs);
  if ('ref' in sel) return byRef(meta, sel.ref) ?? notFound(`branch or tag "${sel.ref}"`, errorRef('error.iceberg.selector.ref', { name: sel.ref }));
  const id = parseId(sel.version);
  const snap = id === undefined ? undefined : findSnapshot(meta, id);
  const ref = meta.refs.find((r) => r.name === sel.version);
  if (snap) {
    const ambiguity = ref && ref.snapshotId !== snap.snapshotId
      ? note('note.iceberg.idWins', { text: sel.version, type: ref.type }) : undefined;
    return { snapshot: snap, via: `snapshot id ${sel.version}`, viaNote: note('note.iceberg.via.id', { id: sel.version }), note: ambiguity };
  }
  return byRef(meta, sel.version) ?? notFound(`snapshot id or branch/tag "${sel.version}"`, errorRef('error.iceberg.selector.any', { text: sel.version }));
}

function parseId(s: string): bigint | undefined {
  return /^-?\d+$/.test(s.trim()) ? BigInt(s.trim()) : undefined;
}

function byId(meta: TableMetadata, id: bigint): ResolvedSnapshot {
  const s = findSnapshot(meta, id);
  if (!s) return notFound(`snapshot ${id}`, errorRef('error.iceberg.selector.snapshot', { id: String(id) }));
  return { snapshot: s, via: `snapshot id ${id}`, viaNote: note('note.iceberg.via.id', { id: String(id) }) };
}

function byRef(meta: TableMetadata, name: string): ResolvedSnapshot | undefined {
  const ref = meta.refs.find((r) => r.name === name);
  if (!ref) return undefined;
  const s = findSnapshot(meta, ref.snapshotId);
  if (!s) throw messageError('DataInvalid', 'error.iceberg.ref.dangling', { type: ref.type, name, id: String(ref.snapshotId) }, { ref: name });
  return { snapshot: s, via: `${ref.type} "${name}"`, viaNote: note('note.iceberg.via.ref', { type: ref.type, name }) };
}

/** The snapshot that was current at `ts`: the last snapshot-log entry at or before it. */
function byTimestamp(meta: TableMetadata, ts: number): ResolvedSnapshot {
  if (meta.snapshotLog.length === 0) {
    throw messageError('NotFound', 'error.iceberg.noSnapshotLog', undefined, { timestampMs: ts });
  }
  let found: { timestampMs: number; snapshotId: bigint } | undefined;
  for (const e of meta.snapshotLog) if (e.timestampMs <= ts && (!found || e.timestampMs >= found.timestampMs)) found = e;
  if (!found) {
    throw messageError('NotFound', 'error.iceberg.noneCurrentAt', { time: new Date(ts).toISOString(), start: new Date(meta.snapshotLog[0].timestampMs).toISOString() }, { timestampMs: ts });
  }
  const s = findSnapshot(meta, found.snapshotId);
  if (!s) {
    throw messageError('NotFound', 'error.iceberg.expiredAt', { id: String(found.snapshotId), time: new Date(ts).toISOString() }, { timestampMs: ts });
  }
  return { snapshot: s, via: `snapshot-log entry at ${new Date(found.timestampMs).toISOString()}`, viaNote: note('note.iceberg.via.log', { at: new Date(found.timestampMs).toISOString() }) };
}

function notFound(what: string, ref: LakeErrorRef): never {
  throw messageError('NotFound', 'error.iceberg.notInMetadata', { what: ref }, { selector: what });
}

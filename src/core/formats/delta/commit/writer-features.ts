/**
 * Which tables this writer may commit to (PROTOCOL.md "Protocol Evolution", "Table Features",
 * "Writer Requirements" of each feature). A writer must implement every feature in `writerFeatures`
 * (writer version 7), or every feature a legacy writer version implies (2: appendOnly, invariants;
 * 3: checkConstraints; 4: changeDataFeed, generatedColumns; 5: columnMapping; 6: identityColumns),
 * or refuse the table. Some features only constrain the rows a write adds (invariants, constraints,
 * generated and identity columns): those block appends and updates, not RESTORE/OPTIMIZE/DELETE, which
 * add no new values.
 */
import type { Metadata, Protocol } from '../spec/actions.ts';
import { parseSchemaString, type StructField } from '../spec/schema.ts';
import { checkReadable, columnMappingMode } from '../spec/table-features.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';

/** The writes of this folder, by what they do to rows. */
export type DeltaWriteOp = 'append' | 'delete' | 'update' | 'restore' | 'optimize' | 'checkpoint' | 'vacuum';

/** Writer features committed to without condition (the writer meets their requirements). */
const ALWAYS: ReadonlySet<string> = new Set([
  // DVs are written in Delta's format (deletion-vector-writer.ts) and applied by OPTIMIZE.
  'deletionVectors',
  // Commits are plain JSON; this writer's checkpoints are refused on such tables (checkpoint.ts), which is allowed: checkpoints are optional.
  'v2Checkpoint',
  // VACUUM checks the writer protocol (vacuum.ts) — that is all the feature asks.
  'vacuumProtocolCheck',
  // Domains are never removed or changed here; checkpoints carry them over.
  'domainMetadata',
  'timestampNtz',
  // New files are written with the current (widened) type; old files keep theirs, which readers widen.
  'typeWidening', 'typeWidening-preview',
  // commitInfo carries inCommitTimestamp, first in the commit and larger than the previous one (log-commit.ts).
  'inCommitTimestamp', 'inCommitTimestamp-preview',
  'appendOnly', 'invariants', 'checkConstraints', 'generatedColumns', 'identityColumns', 'columnMapping',
  // DELETE and UPDATE write change data files (_change_data/, cdc actions) when the table enables the feed
  // (row-changes.ts); appends need none (their add files are the inserts); RESTORE and OPTIMIZE need none either.
  'changeDataFeed',
]);

/** Why a feature this writer does not implement is refused. */
const REFUSED: Readonly<Record<string, ErrorRef>> = {
  rowTracking: errorRef('error.delta.reason.rowTracking', undefined),
  clustering: errorRef('error.delta.reason.clustering', undefined),
  icebergCompatV1: errorRef('error.delta.reason.uniform', undefined),
  icebergCompatV2: errorRef('error.delta.reason.uniform', undefined),
  allowColumnDefaults: errorRef('error.delta.reason.columnDefaults', undefined),
};

/** The writer features a protocol implies (explicit at writer version 7, implied by the version below it). */
export function writerFeatures(p: Protocol): string[] {
  if (p.minWriterVersion >= 7) return [...(p.writerFeatures ?? [])];
  const out: string[] = [];
  if (p.minWriterVersion >= 2) out.push('appendOnly', 'invariants');
  if (p.minWriterVersion >= 3) out.push('checkConstraints');
  if (p.minWriterVersion >= 4) out.push('changeDataFeed', 'generatedColumns');
  if (p.minWriterVersion >= 5) out.push('columnMapping');
  if (p.minWriterVersion >= 6) out.push('identityColumns');
  return out;
}

/** The refusal: `why` is the reason's catalog message (English exactly the reason it replaced). */
function refuse(op: DeltaWriteOp, feature: string, why: ErrorRef): never {
  throw messageError('Unsupported', 'error.delta.write.refused', { op, feature, reason: why }, { feature, operation: op });
}

const fieldMeta = (fields: readonly StructField[], key: (k: string) => boolean): string | undefined =>
  fields.find((f) => Object.keys(f.metadata).some(key))?.name;

/**
 * Checks that `op` may be committed to a table with this protocol and metadata. Must hold: any writer
 * feature not implemented here, or one whose requirement `op` would break, → Unsupported `delta write: …`
 * naming the feature (context `feature`); a protocol this reader cannot read is refused first.
 */
export function checkWritable(protocol: Protocol, metadata: Metadata, op: DeltaWriteOp): void {
  checkReadable(protocol);
  if (protocol.minWriterVersion > 7) {
    throw messageError('Unsupported', 'error.delta.write.refusedVersion', { op, version: protocol.minWriterVersion }, { feature: `writer version ${protocol.minWriterVersion}`, operation: op });
  }
  const conf = metadata.configuration;
  const features = writerFeatures(protocol);
  const addsRows = op === 'append' || op === 'update';
  const removesRows = op === 'delete' || op === 'update' || op === 'restore';
  for (const f of features) {
    if (REFUSED[f]) refuse(op, f, REFUSED[f]);
    if (!ALWAYS.has(f)) refuse(op, f, errorRef('error.delta.reason.notImplemented', undefined));
  }
  const has = (f: string) => features.includes(f);
  const mapping = has('columnMapping') ? columnMappingMode(protocol, metadata) : 'none';
  // RESTORE, VACUUM and checkpoints write no data files; the others write them under physical names
  // (data-files.ts), which this writer does for top-level columns in name mode.
  const writesFiles = op === 'append' || op === 'update' || op === 'delete' || op === 'optimize';
  if (mapping === 'id' && writesFiles) {
    refuse(op, 'columnMapping', errorRef('error.delta.reason.mappingId', undefined));
  }
  if (mapping === 'name' && writesFiles && metadata.schemaString) {
    const nested = parseSchemaString(metadata.schemaString).fields.find((f) => f.type.kind !== 'primitive');
    if (nested) refuse(op, 'columnMapping', errorRef('error.delta.reason.nestedMapping', { column: nested.name }));
  }
  if (has('appendOnly') && conf['delta.appendOnly'] === 'true' && removesRows) {
    refuse(op, 'appendOnly', errorRef('error.delta.reason.appendOnly', undefined));
  }
  if (!addsRows) return;
  const fields = metadata.schemaString ? parseSchemaString(metadata.schemaString).fields : [];
  const identity = has('identityColumns') ? fieldMeta(fields, (k) => k.startsWith('delta.identity.')) : undefined;
  if (identity) refuse(op, 'identityColumns', errorRef('error.delta.reason.identity', { column: identity }));
  const generated = has('generatedColumns') ? fieldMeta(fields, (k) => k === 'delta.generationExpression') : undefined;
  if (generated) refuse(op, 'generatedColumns', errorRef('error.delta.reason.generated', { column: generated }));
  const invariant = has('invariants') ? fieldMeta(fields, (k) => k === 'delta.invariants') : undefined;
  if (invariant) refuse(op, 'invariants', errorRef('error.delta.reason.invariant', { column: invariant }));
  const constraint = has('checkConstraints') ? Object.keys(conf).find((k) => k.startsWith('delta.constraints.')) : undefined;
  if (constraint) refuse(op, 'checkConstraints', errorRef('error.delta.reason.constraint', { constraint }));
}

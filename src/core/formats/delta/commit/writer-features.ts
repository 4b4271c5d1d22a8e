/**
 * Which tables this writer may commit to (PROTOCOL.md "Protocol Evolution", "Table Features",
 * "Writer Requirements" of each feature). A writer must implement every feature in `writerFeatures`
 * (writer version 7), or every feature a legacy writer version implies (2: appendOnly, invariants;
 * 3: checkConstraints; 4: changeDataFeed, generatedColumns; 5: columnMapping; 6: identityColumns),
 * or refuse the table. Some features only constrain the rows a write adds (invariants, constraints,
 * generated and identity columns): those block appends and updates, not RESTORE/OPTIMIZE/DELETE, which
 * add no new values.
 */
import { LakeError } from '../../../errors.ts';
import type { Metadata, Protocol } from '../spec/actions.ts';
import { parseSchemaString, type StructField } from '../spec/schema.ts';
import { checkReadable, columnMappingMode } from '../spec/table-features.ts';

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
const REFUSED: Readonly<Record<string, string>> = {
  rowTracking: 'row tracking needs baseRowId/defaultRowCommitVersion and a high-water mark on every added file, which this writer does not assign',
  clustering: 'clustered tables must be written clustered by their clustering columns, which this writer does not do',
  icebergCompatV1: 'UniForm (Iceberg-compatible) tables need Iceberg metadata written with every commit',
  icebergCompatV2: 'UniForm (Iceberg-compatible) tables need Iceberg metadata written with every commit',
  allowColumnDefaults: 'column defaults must be applied to written rows, which this writer does not do',
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

function refuse(op: DeltaWriteOp, feature: string, why: string): never {
  throw new LakeError('Unsupported', `delta write: ${op} refused: the table uses writer feature '${feature}': ${why}`, { feature, operation: op });
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
  if (protocol.minWriterVersion > 7) refuse(op, `writer version ${protocol.minWriterVersion}`, 'this writer implements writer versions 1 to 7');
  const conf = metadata.configuration;
  const features = writerFeatures(protocol);
  const addsRows = op === 'append' || op === 'update';
  const removesRows = op === 'delete' || op === 'update' || op === 'restore';
  for (const f of features) {
    if (REFUSED[f]) refuse(op, f, REFUSED[f]);
    if (!ALWAYS.has(f)) refuse(op, f, 'this writer does not implement it');
  }
  const has = (f: string) => features.includes(f);
  const mapping = has('columnMapping') ? columnMappingMode(protocol, metadata) : 'none';
  // RESTORE, VACUUM and checkpoints write no data files; the others write them under physical names
  // (data-files.ts), which this writer does for top-level columns in name mode.
  const writesFiles = op === 'append' || op === 'update' || op === 'delete' || op === 'optimize';
  if (mapping === 'id' && writesFiles) {
    refuse(op, 'columnMapping', 'column mapping mode \'id\' needs data files whose columns readers find by Parquet field id, which this writer does not write yet');
  }
  if (mapping === 'name' && writesFiles && metadata.schemaString) {
    const nested = parseSchemaString(metadata.schemaString).fields.find((f) => f.type.kind !== 'primitive');
    if (nested) refuse(op, 'columnMapping', `column '${nested.name}' is nested, and nested fields under column mapping (their own physical names) are not written by this writer yet`);
  }
  if (has('appendOnly') && conf['delta.appendOnly'] === 'true' && removesRows) {
    refuse(op, 'appendOnly', 'delta.appendOnly=true forbids removing or changing rows');
  }
  if (!addsRows) return;
  const fields = metadata.schemaString ? parseSchemaString(metadata.schemaString).fields : [];
  const identity = has('identityColumns') ? fieldMeta(fields, (k) => k.startsWith('delta.identity.')) : undefined;
  if (identity) refuse(op, 'identityColumns', `column '${identity}' is an identity column whose values the writer must generate`);
  const generated = has('generatedColumns') ? fieldMeta(fields, (k) => k === 'delta.generationExpression') : undefined;
  if (generated) refuse(op, 'generatedColumns', `column '${generated}' is generated from other columns on write`);
  const invariant = has('invariants') ? fieldMeta(fields, (k) => k === 'delta.invariants') : undefined;
  if (invariant) refuse(op, 'invariants', `column '${invariant}' has an invariant every written row must satisfy`);
  const constraint = has('checkConstraints') ? Object.keys(conf).find((k) => k.startsWith('delta.constraints.')) : undefined;
  if (constraint) refuse(op, 'checkConstraints', `${constraint} must hold for every written row`);
}

/**
 * Protocol versions and table features (PROTOCOL.md "Protocol Evolution", "Table Features", "Requirements
 * for Readers", Appendix "Valid Feature Names in Table Features"). A reader must implement every feature in
 * `readerFeatures` (reader version 3) or refuse the table; this module decides which, and explains each
 * feature for teaching.
 */
import type { Metadata, Protocol } from './actions.ts';
import { containsType, type StructType } from './schema.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';

/** Reader features this reader implements, with what that means here. */
export const SUPPORTED_READER_FEATURES: Readonly<Record<string, string>> = {
  deletionVectors: 'Rows deleted by DELETE/UPDATE/MERGE are marked in deletion vectors (Roaring bitmaps, inline or in .bin files) instead of rewriting the data file; readers skip those rows.',
  columnMapping: 'Columns are stored under physical names (name mode) or Parquet field ids (id mode), so renaming or dropping a column never rewrites data.',
  timestampNtz: 'A timestamp without time zone type (a wall-clock value, isAdjustedToUTC=false in Parquet).',
  typeWidening: 'A column type may widen (byte→short→int→long, float→double, decimal precision/scale up, date→timestamp_ntz); old files are read as the wider type.',
  'typeWidening-preview': 'The preview name of typeWidening.',
  v2Checkpoint: 'Checkpoints may be UUID-named (JSON or Parquet) with their add/remove actions in sidecar files under _delta_log/_sidecars/.',
  vacuumProtocolCheck: 'VACUUM must check the writer protocol too; readers need only acknowledge it.',
};

/** Writer-only features: a reader ignores them; listed so the UI can explain them. */
export const WRITER_FEATURES: Readonly<Record<string, string>> = {
  appendOnly: 'With delta.appendOnly=true, commits may not remove or change data.',
  invariants: 'Column invariants (delta.invariants): SQL expressions every written row must satisfy.',
  checkConstraints: 'CHECK constraints (delta.constraints.*) every written row must satisfy.',
  generatedColumns: 'Generated columns (delta.generationExpression) computed from other columns on write.',
  allowColumnDefaults: 'Column default values (CURRENT_DEFAULT) applied on write.',
  changeDataFeed: 'Writers record row-level changes (cdc actions, _change_data/ files).',
  identityColumns: 'Identity columns whose values the writer generates (delta.identity.*).',
  rowTracking: 'Every row has a stable row id and commit version (baseRowId, defaultRowCommitVersion).',
  domainMetadata: 'Named configuration domains (domainMetadata actions), e.g. delta.rowTracking, delta.clustering.',
  icebergCompatV1: 'Files are written so the table can also be read as Iceberg (UniForm); readable as plain Delta.',
  icebergCompatV2: 'Files are written so the table can also be read as Iceberg (UniForm); readable as plain Delta.',
  clustering: 'Liquid clustering: files are clustered by columns recorded in domain metadata.',
  inCommitTimestamp: 'Each commit records its own monotonic timestamp (commitInfo.inCommitTimestamp), used for time travel.',
  'inCommitTimestamp-preview': 'The preview name of inCommitTimestamp.',
  ...SUPPORTED_READER_FEATURES,
};

/** Reader features refused with a reason. */
const UNSUPPORTED_REASONS: Readonly<Record<string, 'error.delta.reason.variant' | 'error.delta.reason.variantShredding' | 'error.delta.reason.catalogManaged'>> = {
  variantType: 'error.delta.reason.variant',
  'variantType-preview': 'error.delta.reason.variant',
  variantShredding: 'error.delta.reason.variantShredding',
  'variantShredding-preview': 'error.delta.reason.variantShredding',
  catalogManaged: 'error.delta.reason.catalogManaged',
  'catalogOwned-preview': 'error.delta.reason.catalogManaged',
};

/**
 * Checks that this reader can read a table with this protocol. Must hold: reader version > 3, or any
 * reader feature not implemented here, → LakeError Unsupported `delta protocol: …` naming every such
 * feature; versions 1–2 (column mapping at 2) and 3 with known features pass.
 */
export function checkReadable(protocol: Protocol, file?: string): void {
  const ctx = file === undefined ? {} : { file };
  if (protocol.minReaderVersion > 3) {
    throw messageError('Unsupported', 'error.delta.readerVersion', { version: protocol.minReaderVersion }, { ...ctx, minReaderVersion: protocol.minReaderVersion });
  }
  if (protocol.minReaderVersion < 1) throw messageError('DataInvalid', 'error.delta.readerVersionInvalid', { version: protocol.minReaderVersion }, ctx);
  if (protocol.minReaderVersion < 3) return;
  const missing = (protocol.readerFeatures ?? []).filter((f) => SUPPORTED_READER_FEATURES[f] === undefined);
  if (missing.length === 0) return;
  // Each feature is a message (with its reason when there is one), the list one message nesting the rest.
  const items: ErrorRef[] = missing.map((f) => {
    const reason = UNSUPPORTED_REASONS[f];
    return reason ? errorRef('error.delta.featureWhy', { feature: f, reason: errorRef(reason, undefined) }) : errorRef('error.delta.feature', { feature: f });
  });
  const list = items.reduceRight((rest, first) => errorRef('error.delta.featureList', { first, rest }));
  throw messageError('Unsupported', missing.length > 1 ? 'error.delta.readerFeatures' : 'error.delta.readerFeature', { list }, { ...ctx, features: missing.join(',') });
}

/** Refuses schemas with types this reader cannot produce (variant), naming the column. */
export function checkSchemaReadable(schema: StructType): void {
  for (const f of schema.fields) {
    if (containsType(f.type, 'variant')) {
      throw messageError('Unsupported', 'error.delta.variant', { column: f.name }, { column: f.name });
    }
  }
}

/** True when column mapping applies (reader version 2, or 3 with the feature) — else the property is ignored. */
export function columnMappingMode(protocol: Protocol, metadata: Metadata): 'none' | 'name' | 'id' {
  const enabled = protocol.minReaderVersion === 2 || (protocol.minReaderVersion === 3 && (protocol.readerFeatures ?? []).includes('columnMapping'));
  const mode = metadata.configuration['delta.columnMapping.mode'];
  if (!enabled || mode === undefined || mode === 'none') return 'none';
  if (mode === 'name' || mode === 'id') return mode;
  throw messageError('Unsupported', 'error.delta.mappingMode', { mode }, { mode });
}

/** True when in-commit timestamps are active for this metadata (writer feature + table property). */
export function inCommitTimestampsEnabled(protocol: Protocol, metadata: Metadata): boolean {
  const wf = protocol.writerFeatures ?? [];
  return (wf.includes('inCommitTimestamp') || wf.includes('inCommitTimestamp-preview'))
    && (metadata.configuration['delta.enableInCommitTimestamps'] ?? metadata.configuration['delta.enableInCommitTimestamps-preview']) === 'true';
}

/**
 * Snapshots (`snapshot/snapshot-N`, paimon-api `Snapshot`): one JSON file per commit pointing at the
 * base manifest list (all files before this commit), the delta manifest list (files this commit
 * added/removed), an optional changelog manifest list and an optional index manifest (deletion
 * vectors, dynamic-bucket indexes). Tags (`tag/tag-NAME`) are snapshot JSON plus `tagCreateTime`
 * and `tagTimeRetained`.
 *
 * The parsed JSON object is kept (`raw`) so that writes (tags, rollback) copy every field — also the
 * ones this reader does not know — exactly.
 */
import { LakeError } from '../../../errors.ts';
import { parseJson, stringifyJson, type JsonValue } from '../../../util/json.ts';
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';

/** `Snapshot.CommitKind`. */
export type CommitKind = 'APPEND' | 'COMPACT' | 'OVERWRITE' | 'ANALYZE';

export interface Snapshot {
  readonly version: number;
  readonly id: bigint;
  readonly schemaId: number;
  readonly baseManifestList: string;
  readonly baseManifestListSize?: bigint;
  readonly deltaManifestList: string;
  readonly deltaManifestListSize?: bigint;
  readonly changelogManifestList?: string;
  readonly changelogManifestListSize?: bigint;
  readonly indexManifest?: string;
  readonly commitUser: string;
  readonly commitIdentifier: bigint;
  readonly commitKind: CommitKind | string;
  readonly timeMillis: number;
  readonly totalRecordCount?: bigint;
  readonly deltaRecordCount?: bigint;
  readonly changelogRecordCount?: bigint;
  readonly watermark?: bigint;
  readonly statistics?: string;
  readonly properties?: Readonly<Record<string, string>>;
  /** The JSON object as read (bigint-safe), for exact copies. */
  readonly raw: Readonly<Record<string, JsonValue>>;
}

function invalid(message: ErrorRef, file?: string): LakeError {
  return messageError('DataInvalid', 'error.within', { where: 'paimon snapshot', message }, file ? { file } : {});
}

const big = (v: JsonValue | undefined): bigint | undefined =>
  v === undefined || v === null ? undefined : typeof v === 'bigint' ? v : typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : NaNBig(v);

function NaNBig(v: JsonValue): never {
  throw invalid(errorRef('error.paimon.spec.notInteger', { value: String(JSON.stringify(v)) }));
}

const str = (v: JsonValue | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/**
 * Parses snapshot (or tag) JSON. Must hold: invalid JSON, or a missing id, schemaId, base/delta manifest
 * list, commitKind or timeMillis → DataInvalid `paimon snapshot: …` with `{file}`.
 */
export function parseSnapshot(text: string, file?: string): Snapshot {
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (e) {
    throw invalid(errorRef('error.json.notValid', { reason: (e as Error).message }), file);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw invalid(errorRef('error.json.notObject', undefined), file);
  try {
    return snapshotOf(json as Record<string, JsonValue>);
  } catch (e) {
    if (e instanceof LakeError) throw e.withContext(file ? { file } : {});
    throw e;
  }
}

/** Builds the model from an already-parsed JSON object (see {@link parseSnapshot}). */
function snapshotOf(raw: Record<string, JsonValue>): Snapshot {
  const id = big(raw.id);
  if (id === undefined) throw invalid(errorRef('error.paimon.spec.missing', { field: 'id' }));
  const schemaId = Number(big(raw.schemaId) ?? NaN);
  if (!Number.isSafeInteger(schemaId)) throw invalid(errorRef('error.paimon.spec.missing', { field: 'schemaId' }));
  const base = str(raw.baseManifestList);
  const delta = str(raw.deltaManifestList);
  if (!base || !delta) throw invalid(errorRef('error.paimon.spec.missing', { field: 'baseManifestList / deltaManifestList' }));
  const kind = str(raw.commitKind);
  if (!kind) throw invalid(errorRef('error.paimon.spec.missing', { field: 'commitKind' }));
  const time = big(raw.timeMillis);
  if (time === undefined) throw invalid(errorRef('error.paimon.spec.missing', { field: 'timeMillis' }));
  const props = raw.properties;
  return {
    version: raw.version === undefined ? 1 : Number(raw.version),
    id,
    schemaId,
    baseManifestList: base,
    baseManifestListSize: big(raw.baseManifestListSize),
    deltaManifestList: delta,
    deltaManifestListSize: big(raw.deltaManifestListSize),
    changelogManifestList: str(raw.changelogManifestList),
    changelogManifestListSize: big(raw.changelogManifestListSize),
    indexManifest: str(raw.indexManifest),
    commitUser: str(raw.commitUser) ?? '',
    commitIdentifier: big(raw.commitIdentifier) ?? 0n,
    commitKind: kind,
    timeMillis: Number(time),
    totalRecordCount: big(raw.totalRecordCount),
    deltaRecordCount: big(raw.deltaRecordCount),
    changelogRecordCount: big(raw.changelogRecordCount),
    watermark: big(raw.watermark),
    statistics: str(raw.statistics),
    properties: typeof props === 'object' && props !== null && !Array.isArray(props)
      ? Object.fromEntries(Object.entries(props).map(([k, v]) => [k, String(v)])) : undefined,
    raw,
  };
}

/** Serialises a snapshot JSON object the way Paimon's Jackson writer lays it out (2-space indent). */
export function serializeSnapshotJson(raw: Readonly<Record<string, JsonValue>>): string {
  return stringifyJson(raw, 2);
}

/** Paimon's watermark sentinel for "no watermark" (`Long.MIN_VALUE`). */
export const NO_WATERMARK = -(2n ** 63n);

/** Every manifest list a snapshot references (base, delta and changelog when present). */
export function manifestListsOf(s: Snapshot): string[] {
  return [s.baseManifestList, s.deltaManifestList, ...(s.changelogManifestList ? [s.changelogManifestList] : [])];
}

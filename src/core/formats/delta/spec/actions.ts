/**
 * The actions of the Delta log (PROTOCOL.md "Actions"), normalised from either wire shape: one line of
 * a JSON commit / JSON checkpoint, or one row of a Parquet checkpoint or sidecar (where absent struct
 * columns are null). 64-bit fields are bigint; unknown fields are ignored (PROTOCOL.md "Protocol
 * Evolution": clients must ignore unrecognised fields and actions).
 */
import { invalid } from './errors.ts';
import { z85Decode } from './z85.ts';
import { errorRef } from '../../../messages/message-parts.ts';

export interface DeletionVectorDescriptor {
  /** `u` relative path from a UUID, `i` inline, `p` absolute path. */
  readonly storageType: string;
  readonly pathOrInlineDv: string;
  readonly offset?: number;
  readonly sizeInBytes: number;
  readonly cardinality: bigint;
}

export interface AddFile {
  readonly path: string;
  readonly partitionValues: Readonly<Record<string, string | null>>;
  readonly size: bigint;
  readonly modificationTime: bigint;
  readonly dataChange: boolean;
  /** The `stats` JSON text, when written. */
  readonly stats?: string;
  /** `stats_parsed` of a checkpoint (already typed by the Parquet reader), when written. */
  readonly statsParsed?: Record<string, unknown>;
  readonly tags?: Readonly<Record<string, string | null>>;
  readonly deletionVector?: DeletionVectorDescriptor;
  readonly baseRowId?: bigint;
  readonly defaultRowCommitVersion?: bigint;
  readonly clusteringProvider?: string;
}

export interface RemoveFile {
  readonly path: string;
  readonly deletionTimestamp?: bigint;
  readonly dataChange: boolean;
  readonly partitionValues?: Readonly<Record<string, string | null>>;
  readonly size?: bigint;
  readonly deletionVector?: DeletionVectorDescriptor;
}

export interface Metadata {
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  readonly format: { readonly provider: string; readonly options: Readonly<Record<string, string>> };
  readonly schemaString: string;
  readonly partitionColumns: readonly string[];
  readonly createdTime?: bigint;
  readonly configuration: Readonly<Record<string, string>>;
  /** The log file this action was read from (named by errors in its schema). */
  readonly source?: string;
}

export interface Protocol {
  readonly minReaderVersion: number;
  readonly minWriterVersion: number;
  readonly readerFeatures?: readonly string[];
  readonly writerFeatures?: readonly string[];
}

export interface CommitInfo {
  readonly timestamp?: number;
  readonly inCommitTimestamp?: number;
  readonly operation?: string;
  readonly operationParameters?: Readonly<Record<string, unknown>>;
  readonly operationMetrics?: Readonly<Record<string, unknown>>;
  readonly engineInfo?: string;
  readonly isBlindAppend?: boolean;
  readonly readVersion?: number;
  /** Everything the writer recorded, as parsed. */
  readonly raw: Readonly<Record<string, unknown>>;
}

export interface Txn { readonly appId: string; readonly version: bigint; readonly lastUpdated?: bigint }
export interface DomainMetadata { readonly domain: string; readonly configuration: string; readonly removed: boolean }
export interface Sidecar { readonly path: string; readonly sizeInBytes: bigint; readonly modificationTime: bigint; readonly tags?: Readonly<Record<string, string>> }
export interface CheckpointMetadata { readonly version: bigint; readonly tags?: Readonly<Record<string, string>> }
export interface AddCdcFile { readonly path: string; readonly partitionValues: Readonly<Record<string, string | null>>; readonly size: bigint; readonly dataChange: boolean }

export type Action =
  | { readonly type: 'add'; readonly add: AddFile }
  | { readonly type: 'remove'; readonly remove: RemoveFile }
  | { readonly type: 'metaData'; readonly metaData: Metadata }
  | { readonly type: 'protocol'; readonly protocol: Protocol }
  | { readonly type: 'commitInfo'; readonly commitInfo: CommitInfo }
  | { readonly type: 'txn'; readonly txn: Txn }
  | { readonly type: 'domainMetadata'; readonly domainMetadata: DomainMetadata }
  | { readonly type: 'sidecar'; readonly sidecar: Sidecar }
  | { readonly type: 'checkpointMetadata'; readonly checkpointMetadata: CheckpointMetadata }
  | { readonly type: 'cdc'; readonly cdc: AddCdcFile };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);

/** A context for error messages: the file and line/row. */
export interface ActionSource { readonly file: string; readonly index: number }

function big(v: unknown, field: string, src: ActionSource, required = true): bigint | undefined {
  if (v === undefined || v === null) {
    if (required) throw invalid('delta log', errorRef('error.delta.fieldMissing', { field, action: src.index + 1 }), src.file);
    return undefined;
  }
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
  throw invalid('delta log', errorRef('error.delta.fieldNotInteger', { field, action: src.index + 1 }), src.file);
}

function num(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  return undefined;
}

function str(v: unknown, field: string, src: ActionSource): string {
  if (typeof v !== 'string') throw invalid('delta log', errorRef('error.delta.fieldNotString', { field, action: src.index + 1 }), src.file);
  return v;
}

function optStr(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** A string map: JSON object, or a Parquet map as hyparquet returns it (object, or array of key/value). */
function strMap(v: unknown): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  if (Array.isArray(v)) {
    for (const e of v) if (isObj(e) && typeof e.key === 'string') out[e.key] = e.value === null || e.value === undefined ? null : String(e.value);
    return out;
  }
  if (isObj(v)) for (const [k, x] of Object.entries(v)) out[k] = x === null || x === undefined ? null : String(x);
  return out;
}

/**
 * A deletion vector descriptor. Must hold: the Z85 text of a `u` (UUID, the last 20 characters) or `i`
 * (inline) descriptor decodes, else DataInvalid naming the log file — checked here, where the file is
 * known, rather than wherever the descriptor is used later (plan, tree, read).
 */
function dv(v: unknown, src: ActionSource): DeletionVectorDescriptor | undefined {
  if (!isObj(v) || v.storageType === null || v.storageType === undefined) return undefined;
  const offset = num(v.offset);
  const storageType = str(v.storageType, 'deletionVector.storageType', src);
  const text = str(v.pathOrInlineDv, 'deletionVector.pathOrInlineDv', src);
  if (storageType === 'u' || storageType === 'i') {
    try {
      if (storageType === 'u' && text.length < 20) throw new Error(`'${text}' is too short for a Z85 UUID`);
      z85Decode(storageType === 'u' ? text.slice(-20) : text);
    } catch (e) {
      throw invalid('delta log', errorRef('error.delta.dvNotZ85', { action: src.index + 1, detail: (e as Error).message }), src.file);
    }
  }
  return {
    storageType,
    pathOrInlineDv: text,
    ...(offset !== undefined ? { offset } : {}),
    sizeInBytes: num(v.sizeInBytes) ?? 0,
    cardinality: big(v.cardinality, 'deletionVector.cardinality', src, false) ?? 0n,
  };
}

function parseAdd(a: Obj, src: ActionSource): AddFile {
  const deletionVector = dv(a.deletionVector, src);
  const opt = <T>(k: string, v: T | undefined) => (v === undefined ? {} : { [k]: v });
  return {
    path: str(a.path, 'add.path', src),
    partitionValues: strMap(a.partitionValues),
    size: big(a.size, 'add.size', src) ?? 0n,
    modificationTime: big(a.modificationTime, 'add.modificationTime', src, false) ?? 0n,
    dataChange: a.dataChange !== false,
    ...opt('stats', optStr(a.stats)),
    ...opt('statsParsed', isObj(a.stats_parsed) ? a.stats_parsed : undefined),
    ...opt('tags', isObj(a.tags) || Array.isArray(a.tags) ? strMap(a.tags) : undefined),
    ...opt('deletionVector', deletionVector),
    ...opt('baseRowId', big(a.baseRowId, 'add.baseRowId', src, false)),
    ...opt('defaultRowCommitVersion', big(a.defaultRowCommitVersion, 'add.defaultRowCommitVersion', src, false)),
    ...opt('clusteringProvider', optStr(a.clusteringProvider)),
  } as AddFile;
}

function parseRemove(r: Obj, src: ActionSource): RemoveFile {
  const deletionVector = dv(r.deletionVector, src);
  const ts = big(r.deletionTimestamp, 'remove.deletionTimestamp', src, false);
  const size = big(r.size, 'remove.size', src, false);
  return {
    path: str(r.path, 'remove.path', src),
    dataChange: r.dataChange !== false,
    ...(ts !== undefined ? { deletionTimestamp: ts } : {}),
    ...(size !== undefined ? { size } : {}),
    ...(r.partitionValues !== undefined && r.partitionValues !== null ? { partitionValues: strMap(r.partitionValues) } : {}),
    ...(deletionVector ? { deletionVector } : {}),
  };
}

function parseMetadata(m: Obj, src: ActionSource): Metadata {
  const format = isObj(m.format) ? m.format : {};
  const cols = Array.isArray(m.partitionColumns) ? m.partitionColumns.map(String) : [];
  const created = big(m.createdTime, 'metaData.createdTime', src, false);
  const conf = strMap(m.configuration);
  return {
    id: str(m.id, 'metaData.id', src),
    ...(typeof m.name === 'string' ? { name: m.name } : {}),
    ...(typeof m.description === 'string' ? { description: m.description } : {}),
    format: { provider: typeof format.provider === 'string' ? format.provider : 'parquet', options: strMap(format.options) as Record<string, string> },
    // Required by the protocol; checked when the schema is used, so that a log missing its protocol
    // is reported as such (replay.ts) rather than as a schema problem.
    schemaString: optStr(m.schemaString) ?? '',
    partitionColumns: cols,
    ...(created !== undefined ? { createdTime: created } : {}),
    configuration: Object.fromEntries(Object.entries(conf).filter(([, v]) => v !== null)) as Record<string, string>,
    ...(src.file ? { source: src.file } : {}),
  };
}

function parseProtocol(p: Obj, src: ActionSource): Protocol {
  const r = num(p.minReaderVersion);
  const w = num(p.minWriterVersion);
  if (r === undefined || w === undefined) throw invalid('delta log', errorRef('error.delta.protocolVersions', { action: src.index + 1 }), src.file);
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : undefined);
  const rf = list(p.readerFeatures);
  const wf = list(p.writerFeatures);
  return { minReaderVersion: r, minWriterVersion: w, ...(rf ? { readerFeatures: rf } : {}), ...(wf ? { writerFeatures: wf } : {}) };
}

function parseCommitInfo(c: Obj): CommitInfo {
  const opt = <T>(k: string, v: T | undefined) => (v === undefined ? {} : { [k]: v });
  return {
    ...opt('timestamp', num(c.timestamp)),
    ...opt('inCommitTimestamp', num(c.inCommitTimestamp)),
    ...opt('operation', optStr(c.operation)),
    ...opt('operationParameters', isObj(c.operationParameters) ? c.operationParameters : undefined),
    ...opt('operationMetrics', isObj(c.operationMetrics) ? c.operationMetrics : undefined),
    ...opt('engineInfo', optStr(c.engineInfo)),
    ...opt('isBlindAppend', typeof c.isBlindAppend === 'boolean' ? c.isBlindAppend : undefined),
    ...opt('readVersion', num(c.readVersion)),
    raw: c,
  } as CommitInfo;
}

/**
 * The actions of one JSON line or one checkpoint row. A checkpoint row holds one non-null action
 * column; a JSON line one key. Unknown action kinds are skipped.
 */
export function parseActions(record: unknown, src: ActionSource): Action[] {
  if (!isObj(record)) throw invalid('delta log', errorRef('error.delta.actionNotObject', { action: src.index + 1 }), src.file);
  const out: Action[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (!isObj(value)) continue;
    switch (key) {
      case 'add': out.push({ type: 'add', add: parseAdd(value, src) }); break;
      case 'remove': out.push({ type: 'remove', remove: parseRemove(value, src) }); break;
      case 'metaData': out.push({ type: 'metaData', metaData: parseMetadata(value, src) }); break;
      case 'protocol': out.push({ type: 'protocol', protocol: parseProtocol(value, src) }); break;
      case 'commitInfo': out.push({ type: 'commitInfo', commitInfo: parseCommitInfo(value) }); break;
      case 'txn': out.push({ type: 'txn', txn: { appId: str(value.appId, 'txn.appId', src), version: big(value.version, 'txn.version', src) ?? 0n } }); break;
      case 'domainMetadata':
        out.push({ type: 'domainMetadata', domainMetadata: { domain: str(value.domain, 'domainMetadata.domain', src), configuration: optStr(value.configuration) ?? '', removed: value.removed === true } });
        break;
      case 'sidecar':
        out.push({ type: 'sidecar', sidecar: { path: str(value.path, 'sidecar.path', src), sizeInBytes: big(value.sizeInBytes, 'sidecar.sizeInBytes', src, false) ?? 0n, modificationTime: big(value.modificationTime, 'sidecar.modificationTime', src, false) ?? 0n } });
        break;
      case 'checkpointMetadata':
        out.push({ type: 'checkpointMetadata', checkpointMetadata: { version: big(value.version, 'checkpointMetadata.version', src) ?? 0n } });
        break;
      case 'cdc':
        out.push({ type: 'cdc', cdc: { path: str(value.path, 'cdc.path', src), partitionValues: strMap(value.partitionValues), size: big(value.size, 'cdc.size', src, false) ?? 0n, dataChange: value.dataChange === true } });
        break;
      default: break;
    }
  }
  return out;
}

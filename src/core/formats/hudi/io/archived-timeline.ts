/**
 * The archived timeline: completed instants moved out of the active timeline by Hudi's archiver, read on
 * demand (only for history older than the active timeline).
 * - Layout 1 (table version 6): `.hoodie/<hoodie.archivelog.folder|archived>/.commits_.archive.<N>_<token>`
 *   log files (log-block.ts framing) of Avro data blocks whose records are `HoodieArchivedMetaEntry`
 *   (`commitTime`, `actionType`, `actionState` — absent in old writers, meaning completed — and per action
 *   a metadata record: `hoodieCommitMetadata`, `hoodieReplaceCommitMetadata`, …).
 * - Layout 2 (table versions 8+, `LSMTimeline`): `<timeline>/<hoodie.timeline.history.path|history>/`
 *   holds `_version_` (the latest snapshot version N), `manifest_N` (JSON `{"files":[{"fileName",
 *   "fileLen"}]}`) and the Parquet files it names (`<min>_<max>_<level>.parquet`), one row per completed
 *   instant: `instantTime`, `completionTime`, `action`, `metadata` (the completed instant file's bytes,
 *   Avro), `plan`, `version` (`HoodieLSMTimelineInstant`).
 */
import { readParquetRows, storageSource } from '../../../codecs/parquet/index.ts';
import { listAll, type Storage } from '../../../io/storage.ts';
import { utf8Decode } from '../../../util/bytes.ts';
import { parseJson } from '../../../util/json.ts';
import { commitMetadataOf, parseCommitMetadata, type CommitMetadata } from '../spec/commit-metadata.ts';
import { hudiError } from '../spec/errors.ts';
import { ACTIONS, type HudiAction, type Instant } from '../spec/instant.ts';
import type { HudiTableConfig } from '../spec/properties.ts';
import { frameLogFile } from './log-block.ts';
import { decodeAvroBlock } from './log-content.ts';
import { messageError } from '../../../message-error.ts';
import { LakeError } from '../../../errors.ts';

/** The folder of the archived timeline of a table (with a trailing slash). */
export function archiveFolder(config: HudiTableConfig): string {
  return config.timelineLayoutVersion >= 2
    ? `${config.timelineFolder}/${config.raw.get('hoodie.timeline.history.path') ?? 'history'}/`
    : `.hoodie/${config.raw.get('hoodie.archivelog.folder') ?? 'archived'}/`;
}

const ARCHIVE_FILE = /^\.commits_\.archive\.(\d+)_/;
const LSM_FILE = /^(\d+)_(\d+)_(\d+)\.parquet$/;

/**
 * The completed instants of the archived timeline, by requested time, each marked `archived` with its
 * file and commit metadata (write actions only; others carry none). Must hold: no archive → []; a file
 * that does not decode, a manifest naming a missing file or an unknown action → LakeError naming the file.
 */
export async function loadArchivedInstants(storage: Storage, config: HudiTableConfig, signal?: AbortSignal): Promise<Instant[]> {
  const instants = config.timelineLayoutVersion >= 2 ? await readLsmTimeline(storage, config, signal) : await readArchiveLogs(storage, config, signal);
  const byTime = new Map<string, Instant>();
  for (const i of instants) byTime.set(i.requestedTime, i); // a later file wins (re-archived after a compaction of the LSM tree)
  return [...byTime.values()].sort((a, b) => (a.requestedTime < b.requestedTime ? -1 : a.requestedTime > b.requestedTime ? 1 : 0));
}

function actionOf(text: unknown, file: string): HudiAction {
  if (typeof text === 'string' && (ACTIONS as readonly string[]).includes(text)) return text as HudiAction;
  throw messageError('DataInvalid', 'error.hudi.archived.action', { file, action: String(text) }, { file });
}

function archived(requestedTime: string, action: HudiAction, file: string, metadata: CommitMetadata | undefined, completionTime?: string): Instant {
  // A compaction completes as a commit, a clustering as a replacecommit (instant.ts).
  const done: HudiAction = action === 'compaction' ? 'commit' : action === 'clustering' ? 'replacecommit' : action === 'logcompaction' ? 'deltacommit' : action;
  return {
    requestedTime, action: done, requestedAction: action, state: 'COMPLETED',
    ...(completionTime ? { completionTime } : {}),
    archived: { file, ...(metadata ? { metadata } : {}) },
  };
}

/** Layout 1: every `.commits_.archive.N_*` log file, in N order; completed entries only. */
async function readArchiveLogs(storage: Storage, config: HudiTableConfig, signal?: AbortSignal): Promise<Instant[]> {
  const folder = archiveFolder(config);
  const files: { key: string; n: number }[] = [];
  for await (const o of listAll(storage, { prefix: folder, delimiter: '/', signal })) {
    const m = ARCHIVE_FILE.exec(o.key.slice(folder.length));
    if (m) files.push({ key: o.key, n: Number(m[1]) });
  }
  files.sort((a, b) => a.n - b.n || (a.key < b.key ? -1 : 1));
  const out: Instant[] = [];
  for (const f of files) {
    let bytes: Uint8Array;
    try {
      bytes = await storage.read(f.key, { signal });
    } catch (e) {
      throw hudiError(e, `hudi archived timeline: cannot read ${f.key}`, f.key, 'Io');
    }
    const framed = frameLogFile(bytes, f.key);
    if (framed.warningRefs.length) throw messageError('DataInvalid', 'error.within', { where: 'hudi archived timeline', message: framed.warningRefs[0]! }, { file: f.key });
    for (const block of framed.blocks) {
      if (block.type !== 'avro_data') continue;
      for (const r of decodeAvroBlock(block, f.key).records) {
        const state = r.actionState ?? 'COMPLETED';
        if (state !== 'COMPLETED') continue;
        const time = r.commitTime;
        if (typeof time !== 'string' || !/^\d{14,17}$/.test(time)) throw messageError('DataInvalid', 'error.hudi.archived.commitTime', { file: f.key }, { file: f.key, offset: block.offset });
        const action = actionOf(r.actionType, f.key);
        const record = r.hoodieReplaceCommitMetadata ?? r.hoodieCommitMetadata;
        const metadata = record === undefined || record === null ? undefined : commitMetadataOf(record, f.key, false, time);
        out.push(archived(time, action, f.key, metadata));
      }
    }
  }
  return out;
}

/** Layout 2: the files of the latest LSM manifest, oldest first. */
async function readLsmTimeline(storage: Storage, config: HudiTableConfig, signal?: AbortSignal): Promise<Instant[]> {
  const folder = archiveFolder(config);
  const versionKey = `${folder}_version_`;
  let versionText: string;
  try {
    versionText = utf8Decode(await storage.read(versionKey, { signal })).trim();
  } catch (e) {
    if (e instanceof LakeError && e.code === 'NotFound') return [];
    throw hudiError(e, `hudi archived timeline: cannot read ${versionKey}`, versionKey, 'Io');
  }
  if (!/^\d+$/.test(versionText)) throw messageError('DataInvalid', 'error.hudi.archived.version', { file: versionKey, text: versionText.slice(0, 40) }, { file: versionKey });
  const manifestKey = `${folder}manifest_${versionText}`;
  let files: { fileName: string; fileLen: number }[];
  try {
    const j = parseJson(utf8Decode(await storage.read(manifestKey, { signal }))) as { files?: unknown };
    if (!Array.isArray(j.files)) throw new Error('no files list');
    files = j.files.map((f: { fileName?: unknown; fileLen?: unknown }) => {
      if (typeof f.fileName !== 'string' || !LSM_FILE.test(f.fileName)) throw new Error(`file entry ${JSON.stringify(f.fileName)} is not <min>_<max>_<level>.parquet`);
      return { fileName: f.fileName, fileLen: Number(f.fileLen) };
    });
  } catch (e) {
    throw hudiError(e, `hudi archived timeline: manifest ${manifestKey}`, manifestKey);
  }
  files.sort((a, b) => (a.fileName < b.fileName ? -1 : 1));
  const out: Instant[] = [];
  for (const f of files) {
    const key = `${folder}${f.fileName}`;
    let rows: Record<string, unknown>[];
    try {
      const source = await storageSource(storage, key, { size: Number.isFinite(f.fileLen) && f.fileLen > 0 ? f.fileLen : undefined, signal });
      rows = await readParquetRows(source, { columns: ['instantTime', 'completionTime', 'action', 'metadata'], signal });
    } catch (e) {
      throw hudiError(e, `hudi archived timeline: ${key} (named by ${manifestKey})`, key);
    }
    const [, min, max] = LSM_FILE.exec(f.fileName)!;
    for (const r of rows) {
      const time = r.instantTime;
      if (typeof time !== 'string' || !/^\d{14,17}$/.test(time) || time < min! || time > max!) {
        throw messageError('DataInvalid', 'error.hudi.archived.range', { file: key, instant: String(time), min: String(min), max: String(max) }, { file: key });
      }
      const action = actionOf(r.action, key);
      const bytes = r.metadata;
      const metadata = bytes instanceof Uint8Array && bytes.length > 0 && (action === 'commit' || action === 'deltacommit' || action === 'replacecommit' || action === 'compaction' || action === 'clustering' || action === 'logcompaction')
        ? parseCommitMetadataOf(bytes, key, time) : undefined;
      out.push(archived(time, action, key, metadata, typeof r.completionTime === 'string' ? r.completionTime : undefined));
    }
  }
  return out;
}

function parseCommitMetadataOf(bytes: Uint8Array, key: string, instant: string): CommitMetadata {
  // The bytes are the completed instant file's content: name it by the instant for the file check.
  try {
    return parseCommitMetadata(bytes, `${key}#${instant}`, instant);
  } catch (e) {
    throw hudiError(e, `hudi archived timeline: ${key}: metadata of instant ${instant}`, key);
  }
}

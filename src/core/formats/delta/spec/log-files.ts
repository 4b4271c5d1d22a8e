/**
 * The files of `_delta_log/` and what their names say (PROTOCOL.md "Delta Log Entries", "Checkpoints",
 * "Checkpoint Naming Scheme", "Log Compaction Files", "Version Checksum File", "Last Checkpoint File"):
 *
 * - `NNNNNNNNNNNNNNNNNNNN.json` — the commit of version N (20-digit zero-padded);
 * - `N.checkpoint.parquet` — a classic checkpoint (V1 or V2 spec);
 * - `N.checkpoint.OOOOOOOOOO.PPPPPPPPPP.parquet` — part O of a P-part checkpoint (V1 only);
 * - `N.checkpoint.<uuid>.json|parquet` — a UUID-named V2 checkpoint (sidecars in `_sidecars/`);
 * - `X.Y.compacted.json` — a log compaction of commits X..Y (optional for readers: this reader ignores
 *   them everywhere, so every replay reads the same commit files whichever files exist);
 * - `N.crc` — a version checksum; `_last_checkpoint` — a hint to a recent checkpoint.
 */

export const LOG_DIR = '_delta_log/';
export const SIDECAR_DIR = `${LOG_DIR}_sidecars/`;
export const LAST_CHECKPOINT_KEY = `${LOG_DIR}_last_checkpoint`;

export type LogFile =
  | { readonly kind: 'commit'; readonly version: bigint; readonly key: string; readonly size?: number; readonly lastModified?: number }
  | { readonly kind: 'checkpoint'; readonly version: bigint; readonly key: string; readonly size?: number; readonly lastModified?: number;
      /** classic (single file), multi-part (`part` of `parts`), or uuid-named V2. */
      readonly naming: 'classic' | 'multi-part' | 'uuid'; readonly part?: number; readonly parts?: number; readonly fileFormat: 'parquet' | 'json' }
  | { readonly kind: 'compaction'; readonly version: bigint; readonly endVersion: bigint; readonly key: string; readonly size?: number }
  | { readonly kind: 'crc'; readonly version: bigint; readonly key: string; readonly size?: number };

/** The 20-digit zero-padded version used in log file names. */
export function padVersion(v: bigint | number): string {
  return v.toString().padStart(20, '0');
}

/** Key of the commit file of version `v`. */
export function commitKey(v: bigint): string {
  return `${LOG_DIR}${padVersion(v)}.json`;
}

const COMMIT = /^(\d{20})\.json$/;
const CLASSIC = /^(\d{20})\.checkpoint\.parquet$/;
const MULTI = /^(\d{20})\.checkpoint\.(\d{10})\.(\d{10})\.parquet$/;
const UUID = /^(\d{20})\.checkpoint\.([0-9a-fA-F-]{36})\.(json|parquet)$/;
const COMPACTION = /^(\d{20})\.(\d{20})\.compacted\.json$/;
const CRC = /^(\d{20})\.crc$/;

/**
 * Classifies one key under `_delta_log/` (the key may carry the folder prefix). Unknown names
 * (`_last_checkpoint`, temporary files, `_sidecars/…`) give undefined.
 */
export function parseLogFileName(key: string, info: { size?: number; lastModified?: number } = {}): LogFile | undefined {
  const name = key.startsWith(LOG_DIR) ? key.slice(LOG_DIR.length) : key;
  if (name.includes('/')) return undefined;
  const extra = { ...(info.size !== undefined ? { size: info.size } : {}), ...(info.lastModified !== undefined ? { lastModified: info.lastModified } : {}) };
  let m = COMMIT.exec(name);
  if (m) return { kind: 'commit', version: BigInt(m[1]!), key, ...extra };
  if ((m = CLASSIC.exec(name))) return { kind: 'checkpoint', version: BigInt(m[1]!), key, naming: 'classic', fileFormat: 'parquet', ...extra };
  if ((m = MULTI.exec(name))) {
    return { kind: 'checkpoint', version: BigInt(m[1]!), key, naming: 'multi-part', part: Number(m[2]), parts: Number(m[3]), fileFormat: 'parquet', ...extra };
  }
  if ((m = UUID.exec(name))) return { kind: 'checkpoint', version: BigInt(m[1]!), key, naming: 'uuid', fileFormat: m[3] as 'json' | 'parquet', ...extra };
  if ((m = COMPACTION.exec(name))) return { kind: 'compaction', version: BigInt(m[1]!), endVersion: BigInt(m[2]!), key, ...(info.size !== undefined ? { size: info.size } : {}) };
  if ((m = CRC.exec(name))) return { kind: 'crc', version: BigInt(m[1]!), key, ...(info.size !== undefined ? { size: info.size } : {}) };
  return undefined;
}

/** One usable checkpoint: all the files it consists of (one, or every part of a multi-part checkpoint). */
export interface CheckpointFiles {
  readonly version: bigint;
  readonly naming: 'classic' | 'multi-part' | 'uuid';
  readonly files: readonly Extract<LogFile, { kind: 'checkpoint' }>[];
}

/**
 * The complete checkpoints among `files`, by version. Multi-part checkpoints with a missing part are
 * left out (PROTOCOL.md: "readers must ignore multi-part checkpoints with missing parts"). When a version
 * has several checkpoints, a UUID-named one is preferred (it can carry sidecars and is written atomically),
 * then classic, then multi-part.
 */
export function completeCheckpoints(files: readonly LogFile[]): Map<bigint, CheckpointFiles> {
  const byVersion = new Map<bigint, Extract<LogFile, { kind: 'checkpoint' }>[]>();
  for (const f of files) if (f.kind === 'checkpoint') byVersion.set(f.version, [...(byVersion.get(f.version) ?? []), f]);
  const out = new Map<bigint, CheckpointFiles>();
  for (const [version, list] of byVersion) {
    const uuid = list.find((f) => f.naming === 'uuid');
    const classic = list.find((f) => f.naming === 'classic');
    if (uuid) { out.set(version, { version, naming: 'uuid', files: [uuid] }); continue; }
    if (classic) { out.set(version, { version, naming: 'classic', files: [classic] }); continue; }
    const multi = completeMultiPart(list.filter((f) => f.naming === 'multi-part'));
    if (multi) out.set(version, { version, naming: 'multi-part', files: multi });
  }
  return out;
}

/** The parts 1..P of one multi-part set (the largest P that is complete), or undefined. */
function completeMultiPart(parts: readonly Extract<LogFile, { kind: 'checkpoint' }>[]): Extract<LogFile, { kind: 'checkpoint' }>[] | undefined {
  const totals = [...new Set(parts.map((p) => p.parts!))].sort((a, b) => b - a);
  for (const total of totals) {
    const set = parts.filter((p) => p.parts === total).sort((a, b) => a.part! - b.part!);
    const distinct = new Set(set.map((p) => p.part));
    if (distinct.size === total && set.every((p) => p.part! >= 1 && p.part! <= total)) return set.filter((p, i) => i === 0 || set[i - 1]!.part !== p.part);
  }
  return undefined;
}

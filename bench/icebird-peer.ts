/**
 * The peer the benchmarks compare against: icebird, a pure-JavaScript Iceberg engine. By default the
 * registry's `icebird` (0.3.1, a devDependency); with `ICEBIRD_DIR=<dir>` a newer icebird source tree
 * (its `src/index.js`, dependencies installed there) — never committed. README "Performance" gives the
 * steps that build /tmp/icebird from icebird 0.8.25's sources.
 *
 * The two API generations differ: 0.3.1 takes the metadata as the first argument of `icebergManifests`
 * and reads only the current snapshot; 0.8.x takes an options object with a `snapshotId` (time travel).
 * This module gives the benches one shape over both.
 */
import { join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** One icebird manifest entry (the fields the benches look at). */
interface PeerEntry { readonly status: number; readonly data_file: { readonly content: number; readonly record_count: number | bigint } }
type PeerMetadata = Record<string, unknown> & { snapshots?: { 'snapshot-id': number | bigint; 'timestamp-ms': number | bigint }[] };

/** icebird as the benches call it. */
export interface IcebirdPeer {
  /** e.g. `icebird 0.8.25 (/tmp/icebird)` or `icebird 0.3.1 (npm)`. */
  readonly label: string;
  /** Whether `manifests`/`read` take a snapshot id (0.8.x). */
  readonly timeTravel: boolean;
  metadata(tableUrl: string): Promise<PeerMetadata>;
  /** Every live data-file entry of the snapshot (current when absent). */
  manifests(metadata: PeerMetadata, snapshotId?: bigint): Promise<{ entries: PeerEntry[] }[]>;
  /** Every row of the table as of `snapshotId` (current when absent), as row objects. */
  read(tableUrl: string, opts?: { metadata?: PeerMetadata; snapshotId?: bigint }): Promise<Record<string, unknown>[]>;
}

/** Live data files in icebird's manifests (status ≠ DELETED, content = DATA). */
export function peerDataFiles(manifests: { entries: PeerEntry[] }[]): number {
  let n = 0;
  for (const m of manifests) for (const e of m.entries) if (e.status !== 2 && e.data_file.content === 0) n++;
  return n;
}

/** Loads icebird from `ICEBIRD_DIR` when set, else the registry's package. */
export async function loadIcebird(dir = process.env.ICEBIRD_DIR): Promise<IcebirdPeer> {
  const root = dir ? resolve(dir) : undefined;
  const mod = root
    ? await import(pathToFileURL(join(root, 'src/index.js')).href) as Record<string, (...a: unknown[]) => Promise<unknown>>
    : await import('icebird') as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const version = root ? (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version : '0.3.1';
  const modern = !version.startsWith('0.3.');
  const icebergMetadata = mod.icebergMetadata!; const icebergManifests = mod.icebergManifests!; const icebergRead = mod.icebergRead!;
  return {
    label: `icebird ${version} (${root ?? 'npm'})`,
    timeTravel: modern,
    metadata: async (tableUrl) => {
      try {
        return await icebergMetadata({ tableUrl }) as PeerMetadata;
      } catch (e) {
        // icebird swallows why version-hint.text failed (then tries an S3 listing): say it.
        const probe = await fetch(`${tableUrl}/metadata/version-hint.text`).then((r) => `HTTP ${r.status}`, (err: Error) => `${err.message} (${String((err as { cause?: unknown }).cause)})`);
        throw new Error(`${(e as Error).message}; version-hint.text by fetch: ${probe}`, { cause: e });
      }
    },
    manifests: async (metadata, snapshotId) => {
      if (modern) return await icebergManifests({ metadata, snapshotId }) as { entries: PeerEntry[] }[];
      if (snapshotId !== undefined) throw new Error(`icebird ${version} cannot read a past snapshot`);
      return await icebergManifests(metadata) as { entries: PeerEntry[] }[];
    },
    read: async (tableUrl, opts = {}) => {
      if (!modern && opts.snapshotId !== undefined) throw new Error(`icebird ${version} cannot read a past snapshot`);
      return await icebergRead({ tableUrl, metadata: opts.metadata, ...(modern && opts.snapshotId !== undefined ? { snapshotId: opts.snapshotId } : {}) }) as Record<string, unknown>[];
    },
  };
}

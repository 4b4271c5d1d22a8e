/**
 * Files, rows and bytes per partition of one version, from the version's full scan plan (every live data
 * file with its partition tuple), like Iceberg's `partitions` metadata table. Partition values are shown
 * the way the format writes them in paths (Iceberg spec "Partition Transforms": a day as 2024-01-31, an
 * hour as 2024-01-31-07), so a person recognises them.
 */
import type { Value } from '../expr/types.ts';
import type { LakeTable, VersionSelector } from '../formats/table-format.ts';
import type { PartitionStatDto, PartitionStatsDto } from './table-dto.ts';

/**
 * Per-partition totals of a version's planned files (the plan's `files`, in the partition form each
 * format gives), largest first. Delete files count once per partition however many files they apply to;
 * log files merged into a file slice (Hudi) are not delete files.
 */
export async function partitionStats(table: LakeTable, version: VersionSelector, signal?: AbortSignal): Promise<PartitionStatsDto> {
  const plan = await table.plan({ ...version, signal });
  const groups = new Map<string, Group>();
  for (const f of plan.files) {
    const specId = f.specId ?? '0';
    const partition = f.partition || '(unpartitioned)';
    const key = `${specId}\u0000${partition}`;
    let g = groups.get(key);
    if (!g) {
      g = { specId, partition, ...(f.partition ? {} : { unpartitioned: true }), values: { ...(f.partitionValues ?? {}) }, dataFiles: 0, records: 0, bytes: 0, deleteFiles: 0, deletePaths: new Set() };
      groups.set(key, g);
    }
    g.dataFiles++;
    g.records += Number(f.records ?? 0);
    g.bytes += Number(f.bytes);
    for (const d of f.deletes) if (d.kind !== 'log-file') g.deletePaths.add(d.path);
  }
  const partitions = [...groups.values()].map(({ deletePaths, ...g }) => ({ ...g, deleteFiles: deletePaths.size }))
    .sort((a, b) => b.records - a.records || (a.partition < b.partition ? -1 : 1));
  return { versionId: plan.versionId, partitions, source: 'live data files of the version (record counts before deletes)' };
}

type Group = { -readonly [K in keyof PartitionStatDto]: PartitionStatDto[K] } & { deletePaths: Set<string> };

const DAY_MS = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A partition value as Iceberg's `toHumanString` writes it for the transform and source type. */
export function humanValue(v: Value, transform: string, sourceType: string): string {
  const n = typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : NaN;
  switch (transform) {
    case 'year': return String(1970 + n);
    case 'month': { const y = Math.floor(n / 12); return `${1970 + y}-${pad(n - 12 * y + 1)}`; }
    case 'day': return new Date(n * DAY_MS).toISOString().slice(0, 10);
    case 'hour': { const d = new Date(n * 3_600_000).toISOString(); return `${d.slice(0, 10)}-${d.slice(11, 13)}`; }
    default: break;
  }
  if (transform === 'identity' || transform.startsWith('truncate')) {
    if (sourceType === 'date' && typeof v === 'number') return new Date(v * DAY_MS).toISOString().slice(0, 10);
    if (sourceType.startsWith('timestamp') && typeof v === 'bigint') {
      const ns = sourceType.endsWith('_ns');
      const micros = ns ? v / 1000n : v;
      const iso = new Date(Number(micros / 1000n)).toISOString().replace(/\.\d+Z$/, '');
      return `${iso}.${pad(Number(((micros % 1_000_000n) + 1_000_000n) % 1_000_000n), 6)}${sourceType.includes('tz') ? 'Z' : ''}`;
    }
    if (sourceType.startsWith('decimal') && typeof v === 'bigint') {
      const scale = Number(/decimal\(\d+,\s*(\d+)\)/.exec(sourceType)?.[1] ?? 0);
      const neg = v < 0n; const digits = (neg ? -v : v).toString().padStart(scale + 1, '0');
      return `${neg ? '-' : ''}${scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits}`;
    }
  }
  if (v instanceof Uint8Array) return Array.from(v, (b) => b.toString(16).padStart(2, '0')).join('');
  return String(v);
}

/**
 * Files, rows and bytes per partition of one version, from the version's full scan plan (every live data
 * file with its partition tuple), like Iceberg's `partitions` metadata table. Partition values are shown
 * the way the format writes them in paths (Iceberg spec "Partition Transforms": a day as 2024-01-31, an
 * hour as 2024-01-31-07), so a person recognises them.
 */
import type { Value } from '../expr/types.ts';
import type { ColumnDto, LakeTable, PartitionSpecDto, VersionSelector } from '../formats/table-format.ts';
import type { PartitionStatDto, PartitionStatsDto } from './table-dto.ts';

interface PartitionedTask {
  /** Paimon splits: `k=v/…` of the partition and the split's files. */
  readonly partitionPath?: unknown;
  readonly files?: readonly { readonly rowCount?: unknown; readonly fileSize?: unknown; readonly deletionVector?: { readonly indexFile?: unknown } }[];
  readonly specId?: unknown;
  readonly partition?: unknown;
  readonly recordCount?: unknown;
  readonly fileSizeInBytes?: unknown;
  readonly deletes?: readonly { readonly path?: unknown }[];
}

/** Per-partition totals, largest first. A format whose tasks carry no partition tuple gives an empty list. */
export async function partitionStats(table: LakeTable, version: VersionSelector, signal?: AbortSignal): Promise<PartitionStatsDto> {
  const [plan, specs, schemas] = await Promise.all([table.plan({ ...version, signal }), table.partitionSpecs(signal), table.schemas(signal)]);
  const types = new Map<number, string>();
  const visit = (cols: readonly ColumnDto[]) => { for (const c of cols) { if (!types.has(c.id)) types.set(c.id, c.type); if (c.children) visit(c.children); } };
  for (const s of [...schemas].reverse()) visit(s.columns);
  const groups = new Map<string, Group>();
  for (const task of plan.tasks as readonly PartitionedTask[]) {
    if (typeof task.partitionPath === 'string' && Array.isArray(task.files)) { addSplit(groups, task); continue; }
    if (!Array.isArray(task.partition)) continue;
    const specId = String(task.specId ?? '0');
    const spec = specs.find((s) => s.specId === specId);
    const values = partitionValues(spec, task.partition as (Value | null)[], types);
    const partition = Object.entries(values).map(([k, v]) => `${k}=${v ?? 'null'}`).join('/') || '(unpartitioned)';
    const key = `${specId}\u0000${partition}`;
    let g = groups.get(key);
    if (!g) { g = { specId, partition, values, dataFiles: 0, records: 0, bytes: 0, deleteFiles: 0, deletePaths: new Set() }; groups.set(key, g); }
    g.dataFiles++;
    g.records += Number(task.recordCount ?? 0);
    g.bytes += Number(task.fileSizeInBytes ?? 0);
    for (const d of task.deletes ?? []) if (typeof d.path === 'string') g.deletePaths.add(d.path);
  }
  const partitions = [...groups.values()].map(({ deletePaths, ...g }) => ({ ...g, deleteFiles: deletePaths.size }))
    .sort((a, b) => b.records - a.records || (a.partition < b.partition ? -1 : 1));
  return { versionId: plan.versionId, partitions, source: 'live data files of the version (record counts before deletes)' };
}

type Group = { -readonly [K in keyof PartitionStatDto]: PartitionStatDto[K] } & { deletePaths: Set<string> };

/** A Paimon split (one partition + bucket): its files, rows and bytes; deletion-vector index files count as delete files. */
function addSplit(groups: Map<string, Group>, task: PartitionedTask): void {
  const partition = (task.partitionPath as string) || '(unpartitioned)';
  const key = `0\u0000${partition}`;
  let g = groups.get(key);
  if (!g) {
    const values: Record<string, string | null> = {};
    for (const kv of partition === '(unpartitioned)' ? [] : partition.split('/')) { const i = kv.indexOf('='); if (i > 0) values[kv.slice(0, i)] = kv.slice(i + 1); }
    g = { specId: '0', partition, values, dataFiles: 0, records: 0, bytes: 0, deleteFiles: 0, deletePaths: new Set() };
    groups.set(key, g);
  }
  for (const f of task.files ?? []) {
    g.dataFiles++;
    g.records += Number(f.rowCount ?? 0);
    g.bytes += Number(f.fileSize ?? 0);
    if (typeof f.deletionVector?.indexFile === 'string') g.deletePaths.add(f.deletionVector.indexFile);
  }
}

function partitionValues(spec: PartitionSpecDto | undefined, tuple: readonly (Value | null)[], types: Map<number, string>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  tuple.forEach((v, i) => {
    const f = spec?.fields[i];
    const name = f?.name ?? `field_${i}`;
    out[name] = v === null || v === undefined ? null : humanValue(v, f?.transform ?? 'identity', types.get(f?.sourceIds[0] ?? -1) ?? '');
  });
  return out;
}

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

/**
 * Partition pruning: the partition path of a file group holds the values of the partition fields
 * (`k=v/…` with hive-style partitioning, else the values alone in field order), so a filter that cannot
 * match those values skips the whole file group, with the reason. Time-based and custom key generators
 * write formatted paths (e.g. `2024/01/15/10` for a timestamp) that are not the column values: no pruning.
 */
import { convertLiteral, evaluateMetrics, type BoundExpr, type ColumnStats, type MatchResult } from '../../../expr/index.ts';
import type { HudiTableConfig } from '../spec/properties.ts';
import type { HudiSchema } from '../spec/schema.ts';
import { valueTypeOfAvro } from './filter.ts';

const NULL_PARTITION = new Set(['__HIVE_DEFAULT_PARTITION__', 'default']);

/** True when partition paths hold the partition fields' values (simple, complex or no key generator). */
export function pathsHoldValues(config: HudiTableConfig): boolean {
  const k = (config.keyGenerator ?? '').toLowerCase();
  return config.partitionFields.length > 0 && !k.includes('timestamp') && !k.includes('custom');
}

/** The partition values of a path by field name (strings as written), or undefined when the path does not fit. */
export function partitionValues(config: HudiTableConfig, path: string): Map<string, string> | undefined {
  const parts = path === '' ? [] : path.split('/');
  if (parts.length !== config.partitionFields.length) return undefined;
  const out = new Map<string, string>();
  for (const [i, part] of parts.entries()) {
    let name = config.partitionFields[i]!;
    let value = part;
    if (config.hiveStylePartitioning) {
      const eq = part.indexOf('=');
      if (eq < 0) return undefined;
      name = part.slice(0, eq);
      value = part.slice(eq + 1);
    }
    out.set(name, config.urlEncodePartitioning ? decodeURIComponent(value) : value);
  }
  return out;
}

/** Whether a file group in partition `path` might hold rows matching `filter`. */
export function partitionMightMatch(config: HudiTableConfig, schema: HudiSchema, filter: BoundExpr, path: string): MatchResult {
  const values = partitionValues(config, path);
  if (!values) return { match: true };
  const stats = new Map<number, ColumnStats>();
  schema.type.fields.forEach((f, k) => {
    const text = values.get(f.name);
    const type = valueTypeOfAvro(f.type);
    if (text === undefined || !type) return;
    if (NULL_PARTITION.has(text)) { stats.set(k + 1, { valueCount: 1, nullCount: 1 }); return; }
    try {
      const v = convertLiteral(text, type, f.name);
      stats.set(k + 1, { valueCount: 1, nullCount: 0, lower: v, upper: v });
    } catch {
      // A value that does not parse as the column type proves nothing.
    }
  });
  return evaluateMetrics(filter, (id) => stats.get(id));
}

/**
 * The unified partition type (spec "Partition Statistics File"): every partition field of every spec,
 * by field id ascending, so files of all specs fit one `partition` struct column. A field whose type
 * cannot be derived (unknown transform) is shown as text.
 */
import type { Value } from '../../../expr/types.ts';
import { partitionFieldsFor } from '../scan/partition-fields.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import { findSpec } from '../spec/table-metadata.ts';
import { type IcebergType, isNested, type NestedField } from '../spec/types.ts';

export interface UnifiedPartition {
  readonly type: IcebergType & { kind: 'struct' };
  /** The `partition` struct value of a file of spec `specId`. */
  value(specId: number, values: readonly (Value | null)[]): Record<string, unknown>;
}

export function unifiedPartition(meta: TableMetadata): UnifiedPartition {
  const byId = new Map<number, NestedField>();
  for (const spec of meta.partitionSpecs) {
    for (const f of partitionFieldsFor(meta, spec)) {
      if (byId.has(f.field.fieldId)) continue;
      const t = f.type && !isNested(f.type) ? f.type : { kind: 'string' as const };
      byId.set(f.field.fieldId, { id: f.field.fieldId, name: f.field.name, required: false, type: t });
    }
  }
  const fields = [...byId.values()].sort((a, b) => a.id - b.id);
  return {
    type: { kind: 'struct', fields },
    value(specId, values) {
      const out: Record<string, unknown> = {};
      const spec = findSpec(meta, specId);
      spec?.fields.forEach((f, i) => {
        const target = byId.get(f.fieldId);
        const v = values[i];
        out[f.name] = target?.type.kind === 'string' && v !== null && typeof v !== 'string' ? String(v) : v;
      });
      return out;
    },
  };
}

/**
 * Partition spec evolution (Iceberg spec "Partition Evolution"): each spec compared with the one before
 * it — fields added or removed (by partition field id, else by name and transform). Old data keeps the
 * spec it was written with, so several specs can be live in one version.
 */
import type { PartitionFieldDto, PartitionSpecDto } from '../../core/api/table-dto.ts';

export interface SpecStep {
  readonly spec: PartitionSpecDto;
  readonly added: readonly PartitionFieldDto[];
  readonly removed: readonly PartitionFieldDto[];
}

const fieldKey = (f: PartitionFieldDto) => (f.fieldId !== undefined ? `id:${f.fieldId}` : `${f.name}|${f.transform}|${f.sourceIds.join(',')}`);

/** Specs in id order, each with what changed from the previous one. */
export function specHistory(specs: readonly PartitionSpecDto[]): SpecStep[] {
  const sorted = [...specs].sort((a, b) => Number(a.specId) - Number(b.specId));
  return sorted.map((spec, i) => {
    const prev = sorted[i - 1];
    if (!prev) return { spec, added: [], removed: [] };
    const before = new Set(prev.fields.map(fieldKey));
    const after = new Set(spec.fields.map(fieldKey));
    // A field whose transform became `void` is how v1 tables "remove" a partition field.
    const voided = spec.fields.filter((f) => f.transform === 'void' && before.has(fieldKey(f)) && prev.fields.find((p) => fieldKey(p) === fieldKey(f))?.transform !== 'void');
    return {
      spec,
      added: spec.fields.filter((f) => !before.has(fieldKey(f))),
      removed: [...prev.fields.filter((f) => !after.has(fieldKey(f))), ...voided],
    };
  });
}

/** `bucket[16](id)`, `day(ts)`, `identity(region)` … */
export function fieldText(f: PartitionFieldDto): string {
  const src = f.sourceNames.join(', ');
  return f.transform === 'identity' ? src : `${f.transform}(${src})`;
}

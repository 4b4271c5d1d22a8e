/**
 * Partition evolution (spec "Partition Evolution"): a new spec becomes the default; old data keeps the spec
 * it was written with (each manifest records its own), so nothing is rewritten. Field ids stay stable:
 * a field equivalent to one in any existing spec (same source, transform) gets that field's id back, a
 * new one the id after `last-partition-id`. In v1 tables fields are never removed or reordered — a removed
 * field's transform becomes `void` — as the spec recommends for v1.
 */
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';
import type { Storage } from '../../../io/storage.ts';
import { type PartitionField, type PartitionSpec } from '../spec/partition-spec.ts';
import { findColumnByName } from '../spec/schema.ts';
import { currentSchema, findSpec, type TableMetadata } from '../spec/table-metadata.ts';
import { parseTransform, transformToString } from '../spec/transform.ts';
import { partitionSpecToJson } from '../spec/write-json.ts';
import { partitioner } from './partitioner.ts';
import { type ApplyOptions, NEXT_METADATA, type PreparedOperation } from './prepared-operation.ts';
import { loadTableState } from './table-state.ts';
import { metadataResult, updateTable } from './update-table.ts';
import { described, textRef } from '../../../commit/preview-text.ts';

export type SpecChange =
  | { readonly op: 'add-field'; readonly source: string; readonly transform: string; readonly name?: string }
  | { readonly op: 'remove-field'; readonly name: string }
  | { readonly op: 'rename-field'; readonly name: string; readonly newName: string };

/** DataInvalid `iceberg partition spec: …` around the catalog message of why the change cannot apply. */
function fail(message: ErrorRef): never {
  throw messageError('DataInvalid', 'error.iceberg.specChange', { message });
}

/** The default name Java gives a partition field (`id_bucket`, `ts_day`, identity: the column name). */
function defaultName(source: string, transform: string): string {
  const t = parseTransform(transform);
  const col = source.replace(/\./g, '_');
  switch (t.kind) {
    case 'identity': return col;
    case 'bucket': return `${col}_bucket`;
    case 'truncate': return `${col}_trunc`;
    case 'void': return `${col}_null`;
    case 'unknown': return `${col}_${t.name}`;
    default: return `${col}_${t.kind}`;
  }
}

/** Applies changes to the default spec (pure); the result's spec id is a placeholder. */
export function evolveSpec(meta: TableMetadata, changes: readonly SpecChange[]): PartitionSpec {
  const schema = currentSchema(meta);
  const v1 = meta.formatVersion === 1;
  let fields: PartitionField[] = [...findSpec(meta, meta.defaultSpecId)!.fields];
  let lastId = meta.lastPartitionId ?? fields.reduce((m, f) => Math.max(m, f.fieldId), 999);
  const existing = meta.partitionSpecs.flatMap((s) => s.fields);
  for (const c of changes) {
    if (c.op === 'add-field') {
      const src = findColumnByName(schema, c.source) ?? fail(errorRef('error.iceberg.specChange.noColumn', { column: c.source }));
      const transform = parseTransform(c.transform);
      if (transform.kind === 'unknown') fail(errorRef('error.iceberg.specChange.transform', { transform: c.transform }));
      const name = c.name ?? defaultName(c.source, c.transform);
      if (fields.some((f) => f.name === name && f.transform.kind !== 'void')) fail(errorRef('error.iceberg.specChange.exists', { name }));
      if (fields.some((f) => f.sourceIds[0] === src.field.id && transformToString(f.transform) === transformToString(transform))) fail(errorRef('error.iceberg.specChange.already', { column: c.source, transform: c.transform }));
      const same = existing.find((f) => f.sourceIds.length === 1 && f.sourceIds[0] === src.field.id && transformToString(f.transform) === transformToString(transform));
      fields.push({ sourceIds: [src.field.id], fieldId: same?.fieldId ?? ++lastId, name, transform });
    } else if (c.op === 'remove-field') {
      const f = fields.find((x) => x.name === c.name) ?? fail(errorRef('error.iceberg.specChange.noField', { name: c.name }));
      fields = v1 ? fields.map((x) => (x === f ? { ...x, transform: { kind: 'void' } } : x)) : fields.filter((x) => x !== f);
    } else {
      if (fields.some((x) => x.name === c.newName)) fail(errorRef('error.iceberg.specChange.exists', { name: c.newName }));
      const f = fields.find((x) => x.name === c.name) ?? fail(errorRef('error.iceberg.specChange.noField', { name: c.name }));
      fields = fields.map((x) => (x === f ? { ...x, name: c.newName } : x));
    }
  }
  const spec = { specId: -1, fields };
  partitioner(spec, schema); // refuses what could not be written
  return spec;
}

/** Previews a partition spec change; apply adds the spec and makes it the default. */
export async function preparePartitionUpdate(storage: Storage, changes: readonly SpecChange[], opts: ApplyOptions = {}): Promise<PreparedOperation> {
  const state = await loadTableState(storage, opts.signal);
  const meta = state.metadata;
  const spec = evolveSpec(meta, changes);
  return {
    preview: {
      operation: 'update-partition-spec',
      ...described(spec.fields.length ? textRef('note.write.iceberg.spec', { fields: spec.fields.map((f) => `${f.name}=${transformToString(f.transform)}`).join(', ') }) : textRef('note.write.iceberg.specUnpartitioned')),
      writes: [NEXT_METADATA], deletes: [], before: {}, after: {}, warnings: [],
      details: { from: meta.defaultSpecId, fields: spec.fields.map((f) => ({ name: f.name, transform: transformToString(f.transform), fieldId: f.fieldId })) },
    },
    apply: async (o: ApplyOptions = {}) => {
      const r = await updateTable(storage, () => ({
        updates: [{ action: 'add-spec', spec: partitionSpecToJson(spec) }, { action: 'set-default-spec', 'spec-id': -1 }],
      }), { ...o, requirements: [{ type: 'assert-default-spec-id', 'default-spec-id': meta.defaultSpecId }, { type: 'assert-current-schema-id', 'current-schema-id': meta.currentSchemaId }] });
      return metadataResult('update-partition-spec', r, { specId: r.state.metadata.defaultSpecId });
    },
  };
}

/**
 * The pure reducer of table metadata: (metadata JSON, updates) → next metadata JSON (spec "Table
 * Metadata"; semantics of Java `TableMetadata.Builder` and pyiceberg's `update_table_metadata`).
 *
 * Decision: the reducer works on the metadata JSON document itself, not on the parsed model, so fields
 * this build does not model (engine extensions, future optional fields, docs) survive a commit untouched.
 * The result is parsed again with spec/'s parseTableMetadata before it is written, so a reducer bug can
 * never publish metadata our own reader would reject.
 */
import { messageError } from '../../../message-error.ts';
import { errorRef, type ErrorRef } from '../../../messages/message-parts.ts';
import { stringifyJson } from '../../../util/json.ts';
import { at, type JsonCtx } from '../spec/json-fields.ts';
import { parsePartitionSpec } from '../spec/partition-spec.ts';
import { parseSchema } from '../spec/schema.ts';
import { parseSortOrder } from '../spec/sort-order.ts';
import { maxFieldId, partitionSpecToJson, schemaToJson, sortOrderToJson } from '../spec/write-json.ts';
import { DEFAULT_PREVIOUS_VERSIONS_MAX, type JsonDoc, MAIN_BRANCH, PROPS, type TableUpdate } from './table-update.ts';

export interface ApplyOptions {
  /** Wall clock for `last-updated-ms` and snapshot-log entries of refs moved to existing snapshots. */
  readonly nowMs: number;
  /** Location of the metadata file `base` was read from; becomes the newest metadata-log entry. */
  readonly baseMetadataFile?: string;
}

export interface AppliedMetadata {
  readonly doc: JsonDoc;
  /** Metadata files that fell off the metadata log (`write.metadata.previous-versions-max`). */
  readonly expiredMetadataFiles: readonly string[];
}

/** A long from metadata JSON (number or bigint) as bigint. */
function toBig(v: unknown): bigint {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
  throw messageError('DataInvalid', 'error.iceberg.update', { message: errorRef('error.iceberg.update.integer', { value: String(v) }) });
}

/**
 * Applies `updates` in order to a copy of `base` (never mutated). Throws DataInvalid for an update that
 * cannot apply (unknown snapshot, schema, spec; a sequence number that does not increase; a first row id
 * below next-row-id …). Must hold: a `set-snapshot-ref` of `main` moves `current-snapshot-id` and logs it
 * in `snapshot-log`; removed snapshots take their refs, statistics and log history with them; the base
 * metadata file is appended to `metadata-log`, which keeps at most `previous-versions-max` entries.
 */
export function applyUpdates(base: JsonDoc, updates: readonly TableUpdate[], opts: ApplyOptions): AppliedMetadata {
  const b = new Builder(base, opts.nowMs);
  for (const u of updates) b.apply(u);
  return b.build(opts.baseMetadataFile);
}

const ctx: JsonCtx = { subsystem: 'iceberg commit', path: 'update' };

/** DataInvalid `iceberg commit: …` around the catalog message of why an update cannot apply to the base metadata. */
function fail(message: ErrorRef, context: Record<string, string | number> = {}): never {
  throw messageError('DataInvalid', 'error.iceberg.update', { message }, context);
}

class Builder {
  private readonly doc: JsonDoc;
  private readonly baseUpdatedMs: number;
  private lastAddedSchemaId?: number;
  private lastAddedSpecId?: number;
  private lastAddedOrderId?: number;
  private readonly addedSnapshots = new Map<bigint, JsonDoc>();
  private updatedMs?: number;

  constructor(base: JsonDoc, private readonly nowMs: number) {
    this.doc = { ...base };
    this.baseUpdatedMs = Number(base['last-updated-ms'] ?? 0);
  }

  private get version(): number {
    return Number(this.doc['format-version']);
  }

  private list(key: string): JsonDoc[] {
    const v = this.doc[key];
    return Array.isArray(v) ? (v as JsonDoc[]) : [];
  }

  apply(u: TableUpdate): void {
    switch (u.action) {
      case 'assign-uuid': {
        const cur = this.doc['table-uuid'];
        if (typeof cur === 'string' && cur.toLowerCase() !== u.uuid.toLowerCase()) fail(errorRef('error.iceberg.update.uuid', { current: cur, uuid: u.uuid }));
        this.doc['table-uuid'] = u.uuid;
        return;
      }
      case 'upgrade-format-version': return this.upgrade(u['format-version']);
      case 'add-schema': return this.addSchema(u.schema);
      case 'set-current-schema': {
        const id = u['schema-id'] === -1 ? this.lastAddedSchemaId ?? fail(errorRef('error.iceberg.update.noAddedSchema', undefined)) : u['schema-id'];
        if (!this.list('schemas').some((s) => Number(s['schema-id']) === id)) fail(errorRef('error.iceberg.update.noSchema', { id }), { schemaId: id });
        this.doc['current-schema-id'] = id;
        return;
      }
      case 'add-spec': return this.addSpec(u.spec);
      case 'set-default-spec': {
        const id = u['spec-id'] === -1 ? this.lastAddedSpecId ?? fail(errorRef('error.iceberg.update.noAddedSpec', undefined)) : u['spec-id'];
        if (!this.list('partition-specs').some((s) => Number(s['spec-id']) === id)) fail(errorRef('error.iceberg.update.noSpec', { id }), { specId: id });
        this.doc['default-spec-id'] = id;
        return;
      }
      case 'add-sort-order': return this.addSortOrder(u['sort-order']);
      case 'set-default-sort-order': {
        const id = u['sort-order-id'] === -1 ? this.lastAddedOrderId ?? fail(errorRef('error.iceberg.update.noAddedOrder', undefined)) : u['sort-order-id'];
        if (!this.list('sort-orders').some((s) => Number(s['order-id']) === id)) fail(errorRef('error.iceberg.update.noOrder', { id }), { orderId: id });
        this.doc['default-sort-order-id'] = id;
        return;
      }
      case 'add-snapshot': return this.addSnapshot(u.snapshot);
      case 'set-snapshot-ref': return this.setRef(u);
      case 'remove-snapshot-ref': return this.removeRef(u['ref-name']);
      case 'remove-snapshots': return this.removeSnapshots(new Set(u['snapshot-ids'].map(toBig)));
      case 'set-location': this.doc.location = u.location; return;
      case 'set-properties': this.doc.properties = { ...(this.doc.properties as JsonDoc ?? {}), ...u.updates }; return;
      case 'remove-properties': {
        const props = { ...(this.doc.properties as JsonDoc ?? {}) };
        for (const k of u.removals) delete props[k];
        this.doc.properties = props;
        return;
      }
      case 'set-statistics': {
        const id = toBig(u.statistics['snapshot-id']);
        this.doc.statistics = [...this.list('statistics').filter((s) => toBig(s['snapshot-id']) !== id), u.statistics];
        return;
      }
      case 'remove-statistics':
        this.doc.statistics = this.list('statistics').filter((s) => toBig(s['snapshot-id']) !== toBig(u['snapshot-id']));
        return;
      case 'remove-partition-specs': {
        if (u['spec-ids'].includes(Number(this.doc['default-spec-id']))) fail(errorRef('error.iceberg.update.removeDefaultSpec', undefined));
        this.doc['partition-specs'] = this.list('partition-specs').filter((s) => !u['spec-ids'].includes(Number(s['spec-id'])));
        return;
      }
      case 'remove-schemas': {
        if (u['schema-ids'].includes(Number(this.doc['current-schema-id']))) fail(errorRef('error.iceberg.update.removeCurrentSchema', undefined));
        this.doc.schemas = this.list('schemas').filter((s) => !u['schema-ids'].includes(Number(s['schema-id'])));
        return;
      }
      default: fail(errorRef('error.iceberg.update.unknown', { action: String((u as { action: string }).action) }));
    }
  }

  private upgrade(target: number): void {
    const from = this.version;
    if (target < from) fail(errorRef('error.iceberg.update.downgrade', { from, to: target }));
    if (target > 3) fail(errorRef('error.iceberg.update.version', { version: target }));
    if (target === from) return;
    if (typeof this.doc['table-uuid'] !== 'string') this.doc['table-uuid'] = crypto.randomUUID();
    this.doc['last-sequence-number'] ??= 0;
    this.doc['last-partition-id'] ??= Math.max(999, ...this.list('partition-specs').flatMap((s) => (s.fields as JsonDoc[] ?? []).map((f) => Number(f['field-id'] ?? 0))));
    this.doc['sort-orders'] ??= [{ 'order-id': 0, fields: [] }];
    this.doc['default-sort-order-id'] ??= 0;
    if (target >= 3) this.doc['next-row-id'] ??= 0;
    this.doc['format-version'] = target;
  }

  private addSchema(json: JsonDoc): void {
    const schema = parseSchema(json, at(ctx, 'add-schema'));
    const canon = (s: JsonDoc) => stringifyJson({ ...schemaToJson(parseSchema(s, ctx)), 'schema-id': 0 });
    const mine = canon(json);
    const schemas = this.list('schemas');
    const same = schemas.find((s) => canon(s) === mine);
    const id = same ? Number(same['schema-id']) : schemas.reduce((m, s) => Math.max(m, Number(s['schema-id'])), -1) + 1;
    if (!same) this.doc.schemas = [...schemas, { ...schemaToJson(schema), 'schema-id': id }];
    this.doc['last-column-id'] = Math.max(Number(this.doc['last-column-id'] ?? 0), maxFieldId(schema.fields));
    this.lastAddedSchemaId = id;
  }

  private addSpec(json: JsonDoc): void {
    const spec = parsePartitionSpec({ 'spec-id': 0, ...json }, at(ctx, 'add-spec'));
    const key = (s: JsonDoc) => stringifyJson(parsePartitionSpec({ ...s, 'spec-id': 0 }, ctx).fields.map((f) => [f.sourceIds, f.transform, f.name]));
    const mine = key(json);
    const specs = this.list('partition-specs');
    const same = specs.find((s) => key(s) === mine);
    const id = same ? Number(same['spec-id']) : specs.reduce((m, s) => Math.max(m, Number(s['spec-id'])), -1) + 1;
    if (!same) this.doc['partition-specs'] = [...specs, partitionSpecToJson({ ...spec, specId: id })];
    const maxId = spec.fields.reduce((m, f) => Math.max(m, f.fieldId), 999);
    this.doc['last-partition-id'] = Math.max(Number(this.doc['last-partition-id'] ?? 999), maxId);
    this.lastAddedSpecId = id;
  }

  private addSortOrder(json: JsonDoc): void {
    const order = parseSortOrder({ 'order-id': 0, ...json }, at(ctx, 'add-sort-order'));
    const key = (o: JsonDoc) => stringifyJson(sortOrderToJson({ ...parseSortOrder({ ...o, 'order-id': 0 }, ctx), orderId: 0 }));
    const mine = key(json);
    const orders = this.list('sort-orders');
    const same = orders.find((o) => key(o) === mine);
    // Order id 0 is reserved for the unsorted order (spec "Sorting").
    const id = same ? Number(same['order-id']) : order.fields.length === 0 ? 0 : orders.reduce((m, o) => Math.max(m, Number(o['order-id'])), 0) + 1;
    if (!same) this.doc['sort-orders'] = [...orders, sortOrderToJson({ ...order, orderId: id })];
    this.lastAddedOrderId = id;
  }

  private snapshotById(id: bigint): JsonDoc | undefined {
    return this.list('snapshots').find((s) => toBig(s['snapshot-id']) === id);
  }

  private addSnapshot(s: JsonDoc): void {
    const id = toBig(s['snapshot-id']);
    if (this.snapshotById(id)) fail(errorRef('error.iceberg.update.snapshotExists', { id: String(id) }), { snapshotId: String(id) });
    if (this.version >= 2) {
      const seq = toBig(s['sequence-number'] ?? fail(errorRef('error.iceberg.update.needsSequence', undefined)));
      const last = toBig(this.doc['last-sequence-number'] ?? 0);
      if (seq <= last && s['parent-snapshot-id'] !== undefined && s['parent-snapshot-id'] !== null) {
        fail(errorRef('error.iceberg.update.sequence', { id: String(id), seq: String(seq), last: String(last) }), { snapshotId: String(id) });
      }
      if (seq > last) this.doc['last-sequence-number'] = seq;
    }
    if (this.version >= 3) {
      // Row lineage (spec "Row Lineage"): ids [first-row-id, first-row-id + added-rows) are now taken.
      const first = toBig(s['first-row-id'] ?? fail(errorRef('error.iceberg.update.needsFirstRowId', undefined)));
      const added = toBig(s['added-rows'] ?? fail(errorRef('error.iceberg.update.needsAddedRows', undefined)));
      const next = toBig(this.doc['next-row-id'] ?? 0);
      if (first < next) fail(errorRef('error.iceberg.update.firstRowId', { id: String(id), first: String(first), next: String(next) }), { snapshotId: String(id) });
      this.doc['next-row-id'] = first + added;
    }
    this.doc.snapshots = [...this.list('snapshots'), s];
    this.addedSnapshots.set(id, s);
    this.updatedMs = Number(s['timestamp-ms']);
  }

  private setRef(u: Extract<TableUpdate, { action: 'set-snapshot-ref' }>): void {
    const id = toBig(u['snapshot-id']);
    if (!this.snapshotById(id)) fail(errorRef('error.iceberg.update.refUnknown', { ref: u['ref-name'], id: String(id) }), { ref: u['ref-name'], snapshotId: String(id) });
    if (u['ref-name'] === MAIN_BRANCH && u.type !== 'branch') fail(errorRef('error.iceberg.update.mainBranch', undefined));
    const ref: JsonDoc = { 'snapshot-id': id, type: u.type };
    if (u['min-snapshots-to-keep'] !== undefined) ref['min-snapshots-to-keep'] = u['min-snapshots-to-keep'];
    if (u['max-snapshot-age-ms'] !== undefined) ref['max-snapshot-age-ms'] = u['max-snapshot-age-ms'];
    if (u['max-ref-age-ms'] !== undefined) ref['max-ref-age-ms'] = u['max-ref-age-ms'];
    const refs = { ...(this.doc.refs as JsonDoc ?? {}) };
    const existing = refs[u['ref-name']] as JsonDoc | undefined;
    if (existing && stringifyJson(normRef(existing)) === stringifyJson(normRef(ref))) return;
    refs[u['ref-name']] = ref;
    this.doc.refs = refs;
    if (u['ref-name'] === MAIN_BRANCH) {
      const added = this.addedSnapshots.get(id);
      const ts = added ? Number(added['timestamp-ms']) : this.nowMs;
      this.updatedMs = ts;
      this.doc['current-snapshot-id'] = id;
      this.doc['snapshot-log'] = [...this.list('snapshot-log'), { 'timestamp-ms': ts, 'snapshot-id': id }];
    }
  }

  private removeRef(name: string): void {
    const refs = { ...(this.doc.refs as JsonDoc ?? {}) };
    delete refs[name];
    this.doc.refs = refs;
    if (name === MAIN_BRANCH) this.doc['current-snapshot-id'] = this.version >= 3 ? null : -1;
  }

  private removeSnapshots(ids: Set<bigint>): void {
    if (ids.size === 0) return;
    this.doc.snapshots = this.list('snapshots').filter((s) => !ids.has(toBig(s['snapshot-id'])));
    for (const [name, r] of Object.entries(this.doc.refs as JsonDoc ?? {})) {
      if (ids.has(toBig((r as JsonDoc)['snapshot-id']))) this.removeRef(name);
    }
    const cur = this.doc['current-snapshot-id'];
    if (cur !== undefined && cur !== null && ids.has(toBig(cur))) this.doc['current-snapshot-id'] = this.version >= 3 ? null : -1;
    this.doc.statistics = this.list('statistics').filter((s) => !ids.has(toBig(s['snapshot-id'])));
    this.doc['partition-statistics'] = this.list('partition-statistics').filter((s) => !ids.has(toBig(s['snapshot-id'])));
    // Java TableMetadata.updateSnapshotLog: an entry for a removed snapshot drops the history before it,
    // otherwise the log would claim the table went from S1 straight to S3.
    const log: JsonDoc[] = [];
    for (const e of this.list('snapshot-log')) {
      if (ids.has(toBig(e['snapshot-id']))) log.length = 0;
      else log.push(e);
    }
    this.doc['snapshot-log'] = log;
  }

  build(baseMetadataFile: string | undefined): AppliedMetadata {
    const updated = Math.max(this.updatedMs ?? this.nowMs, this.baseUpdatedMs);
    this.doc['last-updated-ms'] = updated;
    let expired: string[] = [];
    if (baseMetadataFile !== undefined) {
      const props = (this.doc.properties ?? {}) as Record<string, string>;
      const max = Math.max(0, Number(props[PROPS.previousVersionsMax] ?? DEFAULT_PREVIOUS_VERSIONS_MAX) || DEFAULT_PREVIOUS_VERSIONS_MAX);
      const log = [...this.list('metadata-log'), { 'timestamp-ms': this.baseUpdatedMs, 'metadata-file': baseMetadataFile }];
      const keep = log.slice(Math.max(0, log.length - max));
      expired = log.slice(0, log.length - keep.length).map((e) => String(e['metadata-file']));
      this.doc['metadata-log'] = keep;
    }
    if (this.version === 1) this.syncV1Fields();
    return { doc: this.doc, expiredMetadataFiles: expired };
  }

  /** v1 writers must also write the deprecated `schema` and `partition-spec` (spec "Table Metadata Fields"). */
  private syncV1Fields(): void {
    const schema = this.list('schemas').find((s) => Number(s['schema-id']) === Number(this.doc['current-schema-id']));
    if (schema) this.doc.schema = schema;
    const spec = this.list('partition-specs').find((s) => Number(s['spec-id']) === Number(this.doc['default-spec-id']));
    if (spec) this.doc['partition-spec'] = spec.fields;
  }
}

function normRef(r: JsonDoc): JsonDoc {
  const out: JsonDoc = {};
  for (const k of Object.keys(r).sort()) out[k] = typeof r[k] === 'number' && Number.isInteger(r[k]) && k !== 'min-snapshots-to-keep' ? BigInt(r[k] as number) : r[k];
  return out;
}

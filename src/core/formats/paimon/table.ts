/**
 * An opened Paimon table: the common LakeTable model (versions, schemas, plan/read, metadata tree)
 * plus what only Paimon has (LSM view per bucket, tags, branches, consumers, incremental reads) and
 * the writes (tags, rollback, expire) — each delegating to spec/, scan/, inspect/ and commit/.
 */
import type { RecordBatch } from 'apache-arrow';
import { LakeError } from '../../errors.ts';
import type { Storage } from '../../io/storage.ts';
import type {
  LakePlan, LakeTable, PartitionSpecDto, ScanRequest, SchemaDto, SortOrderDto, TreeNode, VersionDto, VersionSelector,
} from '../table-format.ts';
import { listSchemas, listVersions, partitionSpecOf, sortOrderOf } from './inspect/versions.ts';
import { PaimonMetadata } from './scan/metadata.ts';
import { planSnapshot } from './scan/plan.ts';
import { readTask } from './scan/read.ts';
import type { PaimonTask } from './scan/task.ts';
import { resolveSnapshot, type ResolvedSnapshot } from './scan/time-travel.ts';
import type { TableSchema } from './spec/schema.ts';
import type { Snapshot } from './spec/snapshot.ts';

export interface OpenPaimonOptions {
  readonly signal?: AbortSignal;
  /** Read a branch instead of main. */
  readonly branch?: string;
}

/** What a read sees: the snapshot and the schema its rows are read with. */
export interface ReadView {
  readonly snapshot?: Snapshot;
  readonly schema: TableSchema;
  readonly resolved: ResolvedSnapshot;
}

export class PaimonTable implements LakeTable<PaimonTask> {
  readonly format = 'paimon';
  readonly location: string;

  private constructor(readonly storage: Storage, readonly meta: PaimonMetadata, private latestSchema: TableSchema) {
    this.location = storage.description;
  }

  /**
   * Opens the table rooted at `storage`. Must hold: a folder without `schema/schema-N` → NotFound
   * `paimon table: …`; a corrupt latest schema → DataInvalid naming the file.
   */
  static async open(storage: Storage, opts: OpenPaimonOptions = {}): Promise<PaimonTable> {
    const meta = new PaimonMetadata(storage, opts.branch);
    const schema = await loadLatestSchema(meta, opts.signal);
    return new PaimonTable(storage, meta, schema);
  }

  /** The latest schema (the table's current columns and options). */
  get schema(): TableSchema {
    return this.latestSchema;
  }

  /** Re-reads what is current (after own commits or to see other writers). */
  async refresh(signal?: AbortSignal): Promise<void> {
    this.meta.invalidate();
    this.latestSchema = await loadLatestSchema(this.meta, signal);
  }

  columnNames(): string[] {
    return this.latestSchema.fields.map((f) => f.name);
  }

  versions(signal?: AbortSignal): Promise<VersionDto[]> {
    return listVersions(this.meta, signal);
  }

  schemas(signal?: AbortSignal): Promise<SchemaDto[]> {
    return listSchemas(this.meta, signal);
  }

  async partitionSpecs(): Promise<PartitionSpecDto[]> {
    return partitionSpecOf(this.latestSchema);
  }

  async sortOrders(): Promise<SortOrderDto[]> {
    return sortOrderOf(this.latestSchema);
  }

  /**
   * The snapshot a selector names and the schema to read it with: the latest schema for the latest
   * snapshot of main, else the snapshot's own schema (fixtures/expected/README.md "Schema per version").
   */
  async view(selector: VersionSelector = {}, signal?: AbortSignal): Promise<ReadView> {
    const resolved = await resolveSnapshot(this.meta, selector, signal);
    const s = resolved.snapshot;
    const meta = resolved.branch ? this.meta.forBranch(resolved.branch) : this.meta;
    const schema = !s || resolved.isLatest ? (resolved.branch ? await loadLatestSchema(meta, signal) : this.latestSchema) : await meta.schema(s.schemaId, signal);
    return { snapshot: s, schema, resolved };
  }

  async plan(scan: ScanRequest): Promise<LakePlan<PaimonTask>> {
    const { snapshot, schema, resolved } = await this.view(scan, scan.signal);
    if (!snapshot) {
      const columns = scan.columns ? [...scan.columns] : schema.fields.map((f) => f.name);
      return { versionId: '', columns, tasks: [], skipped: [], counts: {}, notes: resolved.notes };
    }
    return planSnapshot({ meta: this.meta, snapshot, readSchema: schema, filter: scan.filter, columns: scan.columns, notes: resolved.notes, signal: scan.signal });
  }

  read(task: PaimonTask, options: { signal?: AbortSignal } = {}): AsyncIterable<RecordBatch> {
    return readTask({ storage: this.storage, meta: this.meta, signal: options.signal }, task);
  }

  /** Every batch of a scan (plan + read of every task, in task order), up to `limit` rows when given. */
  async *scan(request: ScanRequest = {}): AsyncGenerator<RecordBatch> {
    const plan = await this.plan(request);
    let left = request.limit ?? Infinity;
    for (const task of plan.tasks) {
      for await (const b of this.read(task, { signal: request.signal })) {
        if (left <= 0) return;
        const out = b.numRows > left ? b.slice(0, left) : b;
        left -= out.numRows;
        yield out;
      }
    }
  }

  async tree(_version?: VersionSelector, _nodeId?: string, _signal?: AbortSignal): Promise<TreeNode[]> {
    throw new LakeError('Unsupported', 'paimon tree: not implemented yet');
  }
}

async function loadLatestSchema(meta: PaimonMetadata, signal?: AbortSignal): Promise<TableSchema> {
  const ids = await meta.schemaIds(signal);
  const latest = ids[ids.length - 1];
  if (latest === undefined) {
    throw new LakeError('NotFound', `paimon table: no schema/schema-N file under ${meta.storage.description}: not a Paimon table`, { file: 'schema/' });
  }
  return meta.schema(latest, signal);
}

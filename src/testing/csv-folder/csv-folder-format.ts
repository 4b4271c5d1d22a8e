/**
 * A table format defined only in tests, to prove a new format plugs in at one place: a "csv-folder" table
 * is a folder `csv-versions/` of files `<id>-<timestampMs>.csv`, each the whole table at that version (a
 * header line of column names, then one line per row; values are strings, no quoting). Handed to the
 * CLI's `main` (and the UI's model) as one more registry entry, it must be opened, listed, scanned and
 * explained with no change to any other file.
 */
import { RecordBatch, Table, Utf8, vectorFromArray } from 'apache-arrow';
import { LakeError } from '../../core/errors.ts';
import type {
  LakePlan, LakeTable, PartitionSpecDto, ScanRequest, ScanTask, SchemaDto, SortOrderDto, TableFormat, TableStateDto, TreeNode, VersionDto, VersionSelector,
} from '../../core/formats/table-format.ts';
import type { ObjectInfo, Storage } from '../../core/io/storage.ts';

const DIR = 'csv-versions/';
const NAME = /^csv-versions\/(\d+)-(\d+)\.csv$/;

/** What a csv-folder plan reads: one version file. */
export interface CsvTask { readonly key: string; readonly size: number; readonly columns: readonly string[] }

interface CsvVersion { readonly id: string; readonly timestampMs: number; readonly file: ObjectInfo }

async function listVersions(storage: Storage, signal?: AbortSignal): Promise<CsvVersion[]> {
  const out: CsvVersion[] = [];
  let token: string | undefined;
  do {
    const page = await storage.list({ prefix: DIR, continuationToken: token, signal });
    for (const o of page.objects) {
      const m = NAME.exec(o.key);
      if (m) out.push({ id: m[1]!, timestampMs: Number(m[2]), file: o });
    }
    token = page.continuationToken;
  } while (token);
  return out.sort((a, b) => Number(a.id) - Number(b.id));
}

function parseCsv(text: string): { header: string[]; rows: string[][] } {
  const lines = text.split('\n').filter((l) => l !== '');
  return { header: lines[0]?.split(',') ?? [], rows: lines.slice(1).map((l) => l.split(',')) };
}

class CsvFolderTable implements LakeTable {
  readonly format = 'csv-folder';
  readonly location: string;
  constructor(private readonly storage: Storage, private readonly vs: CsvVersion[], private readonly header: string[]) {
    this.location = storage.description;
  }

  async versions(): Promise<VersionDto[]> {
    return this.vs.map((v, k) => ({
      id: v.id, ...(k > 0 ? { parentId: this.vs[k - 1]!.id } : {}), timestampMs: v.timestampMs, operation: 'overwrite',
      summary: { file: v.file.key }, refs: [], isCurrent: k === this.vs.length - 1,
      totals: { dataFiles: '1', bytes: String(v.file.size) },
    }));
  }
  async schemas(): Promise<SchemaDto[]> {
    return [{ schemaId: '0', isCurrent: true, identifierFieldIds: [], columns: this.header.map((name, i) => ({ id: i + 1, name, type: 'string', required: false })) }];
  }
  async partitionSpecs(): Promise<PartitionSpecDto[]> { return []; }
  /** Each version file is a whole past state. */
  async states(): Promise<TableStateDto[]> {
    return this.vs.map((v, k) => ({ id: v.file.key, kind: 'snapshot', key: v.file.key, name: v.file.key.slice(DIR.length), version: v.id, size: v.file.size, isCurrent: k === this.vs.length - 1 }));
  }
  async sortOrders(): Promise<SortOrderDto[]> { return []; }
  columnNames(): string[] { return [...this.header]; }

  private resolve(sel: VersionSelector): CsvVersion {
    const v = sel.version !== undefined ? this.vs.find((x) => x.id === sel.version)
      : sel.asOfTimestampMs !== undefined ? this.vs.filter((x) => x.timestampMs <= sel.asOfTimestampMs!).at(-1) : this.vs.at(-1);
    if (!v) throw new LakeError('NotFound', `csv-folder: no version ${sel.version ?? `at ${sel.asOfTimestampMs}`} in ${this.location}`);
    return v;
  }

  async plan(scan: ScanRequest): Promise<LakePlan> {
    if (scan.filter !== undefined) throw new LakeError('Unsupported', 'csv-folder: filters are not supported by this test format');
    const v = this.resolve(scan);
    const columns = scan.columns ? [...scan.columns] : this.columnNames();
    const skipped = this.vs.filter((x) => x !== v).map((x) => ({ step: 'version', kind: 'csv-file', path: x.file.key, reason: `another version (${x.id})` }));
    return {
      // Tasks leave the format opaque (ScanTask); `files` is what everything else reads.
      versionId: v.id, columns, tasks: [{ key: v.file.key, size: v.file.size, columns } satisfies CsvTask as unknown as ScanTask], skipped,
      files: [{ path: v.file.key, key: v.file.key, content: 'data', fileFormat: 'csv', partition: '', bytes: String(v.file.size), deletes: [], task: 0 }],
      counts: { files: { total: this.vs.length, matched: 1, skipped: skipped.length } }, notes: [],
    };
  }

  async *read(scanTask: ScanTask, options?: { signal?: AbortSignal }): AsyncIterable<RecordBatch> {
    const task = scanTask as unknown as CsvTask;
    const { header, rows } = parseCsv(new TextDecoder().decode(await this.storage.read(task.key, { signal: options?.signal })));
    const vectors = Object.fromEntries(task.columns.map((c) => {
      const i = header.indexOf(c);
      return [c, vectorFromArray(rows.map((r) => (i < 0 ? null : r[i] ?? null)), new Utf8())];
    }));
    yield* new Table(vectors).batches;
  }

  async tree(sel: VersionSelector = {}, nodeId?: string): Promise<TreeNode[]> {
    if (nodeId) return [];
    const v = this.resolve(sel);
    return [{ id: v.file.key, kind: 'data-file', label: v.file.key, location: v.file.key, size: v.file.size, explanation: 'The whole table at this version, as CSV.', hasChildren: false }];
  }
}

/** The csv-folder format: detected by its `csv-versions/` folder of version files. */
export const csvFolderFormat: TableFormat = {
  name: 'csv-folder',
  async detect(storage, signal) {
    return (await listVersions(storage, signal)).length > 0;
  },
  async open(storage, options = {}) {
    const vs = await listVersions(storage, options.signal);
    const current = vs.at(-1);
    if (!current) throw new LakeError('NotFound', `csv-folder: no csv-versions/<id>-<ms>.csv in ${storage.description}`);
    const { header } = parseCsv(new TextDecoder().decode(await storage.read(current.file.key, { signal: options.signal })));
    return new CsvFolderTable(storage, vs, header);
  },
};

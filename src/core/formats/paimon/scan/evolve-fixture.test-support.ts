/**
 * Test support for schema-evolution casts: a temp copy of a Paimon fixture whose newest snapshot is
 * re-committed against a new schema file (`schema/schema-N`, same field ids, some types changed), as
 * `ALTER TABLE … MODIFY COLUMN` does — the data files keep their old `schemaId`, so every old file is
 * read through the new schema (Paimon docs "Schema Evolution").
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { copyOf } from '../commit/fixture-copies.test-support.ts';
import { CommitFiles } from '../commit/manifest-writer.ts';
import { parseManifest } from '../spec/manifest-entry.ts';
import { parseManifestList } from '../spec/manifest-list.ts';
import { parseTableSchema } from '../spec/schema.ts';

/**
 * Copies fixture `name`, writes schema N+1 with the field types in `types` (by field name, Paimon's SQL
 * type strings) and snapshot L+1 (a copy of the latest snapshot with the new `schemaId`), and points
 * `LATEST` at it. Returns the copy's root.
 */
export function evolvedCopy(name: string, types: Readonly<Record<string, string>>): string {
  const root = copyOf(name);
  evolve(root, types);
  return root;
}

/** {@link evolvedCopy} on an existing table folder (in place). */
export function evolve(root: string, types: Readonly<Record<string, string>>): void {
  const schemaIds = readdirSync(join(root, 'schema')).map((f) => Number(/^schema-(\d+)$/.exec(f)?.[1] ?? -1));
  const lastSchema = Math.max(...schemaIds);
  const schema = JSON.parse(readFileSync(join(root, 'schema', `schema-${lastSchema}`), 'utf8')) as { id: number; fields: { name: string; type: unknown }[] };
  for (const [field, type] of Object.entries(types)) {
    const f = schema.fields.find((x) => x.name === field);
    if (!f) throw new Error(`evolve: no field ${field} in ${root}`);
    f.type = type;
  }
  schema.id = lastSchema + 1;
  writeFileSync(join(root, 'schema', `schema-${schema.id}`), JSON.stringify(schema, null, 2));
  const latest = Number(readFileSync(join(root, 'snapshot', 'LATEST'), 'utf8').trim());
  const snapshot = JSON.parse(readFileSync(join(root, 'snapshot', `snapshot-${latest}`), 'utf8')) as Record<string, unknown>;
  snapshot.id = latest + 1;
  snapshot.schemaId = schema.id;
  snapshot.commitKind = 'APPEND';
  snapshot.deltaRecordCount = 0;
  snapshot.timeMillis = Number(snapshot.timeMillis) + 1;
  writeFileSync(join(root, 'snapshot', `snapshot-${latest + 1}`), JSON.stringify(snapshot, null, 2));
  writeFileSync(join(root, 'snapshot', 'LATEST'), String(latest + 1));
}

/**
 * Adds to the table at `root` (a copy of append_complex_data) a STRING column `column` (a new field id,
 * new schema) and one new data file in partition f1=10 written with that schema, holding `texts` in
 * `column` (f1 = 10, other columns absent → null). The file is committed as Paimon does: a new
 * manifest (a copy of an existing entry with the new file's name, size, row count, schema id and empty
 * stats), a base list of all earlier manifests, a delta list of the new one, and a snapshot.
 */
export async function addTextFile(root: string, column: string, texts: readonly (string | null)[]): Promise<void> {
  const storage = new FsStorage(root);
  const schemaIds = readdirSync(join(root, 'schema')).map((f) => Number(/^schema-(\d+)$/.exec(f)?.[1] ?? -1));
  const schemaJson = JSON.parse(readFileSync(join(root, 'schema', `schema-${Math.max(...schemaIds)}`), 'utf8')) as Record<string, unknown> & { id: number; highestFieldId: number; fields: unknown[] };
  schemaJson.id += 1;
  schemaJson.highestFieldId += 1;
  schemaJson.fields.push({ id: schemaJson.highestFieldId, name: column, type: 'STRING' });
  const schemaText = JSON.stringify(schemaJson, null, 2);
  writeFileSync(join(root, 'schema', `schema-${schemaJson.id}`), schemaText);

  const latest = Number(readFileSync(join(root, 'snapshot', 'LATEST'), 'utf8').trim());
  const snapshot = JSON.parse(readFileSync(join(root, 'snapshot', `snapshot-${latest}`), 'utf8')) as Record<string, unknown>;
  const lists = [snapshot.baseManifestList, snapshot.deltaManifestList].map((n) => parseManifestList(readFileSync(join(root, 'manifest', n as string)), n as string));
  const metas = lists.flatMap((l) => l.entries);
  const manifest = parseManifest(readFileSync(join(root, 'manifest', metas[0]!.fileName)), metas[0]!.fileName);
  const template = manifest.entries.find((e) => e.kind === 'ADD' && /f1=10/.test(findFile(root, e.file.fileName)))!;

  const fileName = `data-${randomUUID()}-0.parquet`;
  const bytes = new Uint8Array(parquetWriteBuffer({
    columnData: [
      { name: 'f1', data: Int32Array.from(texts, () => 10), type: 'INT32', nullable: false },
      { name: column, data: [...texts], type: 'STRING', nullable: true },
    ],
  }));
  writeFileSync(join(dirname(findFile(root, template.file.fileName)), fileName), bytes);
  const file = template.raw._FILE as Record<string, unknown>;
  const empty = { _MIN_VALUES: new Uint8Array(), _MAX_VALUES: new Uint8Array(), _NULL_COUNTS: [] };
  const record = {
    ...template.raw,
    _FILE: {
      ...file, _FILE_NAME: fileName, _FILE_SIZE: BigInt(bytes.length), _ROW_COUNT: BigInt(texts.length), _SCHEMA_ID: BigInt(schemaJson.id),
      _VALUE_STATS: empty, _LEVEL: 0, _MIN_SEQUENCE_NUMBER: 0n, _MAX_SEQUENCE_NUMBER: 0n,
      ...('_VALUE_STATS_COLS' in file ? { _VALUE_STATS_COLS: null } : {}),
      ...('_DELETE_ROW_COUNT' in file ? { _DELETE_ROW_COUNT: 0n } : {}),
    },
  };
  const commit = new CommitFiles(storage);
  const meta = await commit.writeManifest(manifest.schemaText, [record], parseTableSchema(schemaText));
  const base = await commit.writeManifestList(lists[0]!.schemaText, metas.map((m) => m.raw));
  const delta = await commit.writeManifestList(lists[0]!.schemaText, [meta]);
  const next = {
    ...snapshot, id: latest + 1, schemaId: schemaJson.id, commitKind: 'APPEND', timeMillis: Number(snapshot.timeMillis) + 1,
    baseManifestList: base.name, baseManifestListSize: base.size, deltaManifestList: delta.name, deltaManifestListSize: delta.size,
    totalRecordCount: Number(snapshot.totalRecordCount) + texts.length, deltaRecordCount: texts.length,
  };
  writeFileSync(join(root, 'snapshot', `snapshot-${latest + 1}`), JSON.stringify(next, null, 2));
  writeFileSync(join(root, 'snapshot', 'LATEST'), String(latest + 1));
}

/** The path of data file `name` under `root`. */
function findFile(root: string, name: string): string {
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) if (e.name === name) return join(e.parentPath, e.name);
  throw new Error(`findFile: ${name} not under ${root}`);
}

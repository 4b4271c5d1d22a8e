/**
 * Our writer's metadata layout against what Paimon Java wrote in every Paimon fixture: the Avro schema
 * in the header of every manifest and manifest list (field by field: name, type, default, order) and
 * every snapshot file's JSON (keys, order and text).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readAvroFile, readAvroHeader } from '../../../codecs/avro/index.ts';
import { parseJson } from '../../../util/json.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../../../testing/fixtures.ts';
import { writeManifest } from './manifest-entry.ts';
import { writeManifestList } from './manifest-list.ts';
import { parseSnapshot } from './snapshot.ts';
import {
  MANIFEST_LIST_WRITER_SCHEMA_TEXT, MANIFEST_WRITER_SCHEMA_TEXT, snapshotJson, snapshotText, type SnapshotFields,
} from './write-layout.ts';

const ROOT = join(FIXTURES_DIR, 'paimon');
const tables = FIXTURES_PRESENT ? readdirSync(ROOT) : [];
if (!FIXTURES_PRESENT) console.warn(FIXTURES_SKIP_REASON);

type Kind = 'manifest' | 'list';
interface Found { table: string; file: string; kind: Kind; schemaText: string; records: unknown[] }

function fixtureMetadata(): Found[] {
  const out: Found[] = [];
  for (const table of tables) {
    for (const file of readdirSync(join(ROOT, table, 'manifest'))) {
      if (file.startsWith('index-manifest')) continue;
      const kind: Kind = file.startsWith('manifest-list-') ? 'list' : 'manifest';
      const avro = readAvroFile(new Uint8Array(readFileSync(join(ROOT, table, 'manifest', file))), { name: file });
      out.push({ table, file, kind, schemaText: avro.schemaText, records: avro.records });
    }
  }
  return out;
}

type Field = { name: string; type: unknown; default?: unknown };
/** The top-level record of a schema; Paimon 0.9 wraps every record as `["null", record]`. */
function record(schema: unknown): { fields: Field[] } & Record<string, unknown> {
  const s = Array.isArray(schema) && schema[0] === 'null' ? schema[1] : schema;
  return s as { fields: Field[] } & Record<string, unknown>;
}
/** Paimon 0.9 declares nested records nullable (`["null", record]` with default null); 1.x does not. */
const isNullableRecord = (t: unknown): t is ['null', Record<string, unknown>] =>
  Array.isArray(t) && t.length === 2 && t[0] === 'null' && (t[1] as { type?: unknown })?.type === 'record';

function unwrapNullableRecords(t: unknown): unknown {
  if (isNullableRecord(t)) return unwrapNullableRecords(t[1]);
  if (!t || typeof t !== 'object' || Array.isArray(t) || (t as { type?: unknown }).type !== 'record') return t;
  const o = t as { fields: Field[] } & Record<string, unknown>;
  return {
    ...o,
    fields: o.fields.map((f) => {
      if (!isNullableRecord(f.type)) return { ...f, type: unwrapNullableRecords(f.type) };
      const { default: _dropped, ...rest } = f;
      return { ...rest, type: unwrapNullableRecords(f.type) };
    }),
  };
}

type Rec = { fields: Field[] } & Record<string, unknown>;
const isRecord = (t: unknown): t is Rec => !!t && typeof t === 'object' && !Array.isArray(t) && (t as Rec).type === 'record';

/**
 * Differences between our record and a fixture's, field by field (name, type, default, order). An older
 * layout may lack trailing fields Paimon added later (at any nesting level, e.g. `_FIRST_ROW_ID`); every
 * field it has must be ours exactly.
 */
function recordDifferences(a: Rec, b: Rec, path: string): string[] {
  const diffs: string[] = [];
  for (const key of ['type', 'name', 'namespace']) if (a[key] !== b[key]) diffs.push(`${path}.${key}: ${String(a[key])} vs ${String(b[key])}`);
  if (b.fields.length > a.fields.length) diffs.push(`${path}: fixture has ${b.fields.length - a.fields.length} more fields`);
  b.fields.forEach((f, i) => {
    const g = a.fields[i];
    const at = `${path}.${f.name}`;
    if (!g) return;
    if (g.name !== f.name || JSON.stringify(g.default) !== JSON.stringify(f.default)) {
      diffs.push(`${at} (field ${i}): ours ${g.name} default ${JSON.stringify(g.default)}, fixture default ${JSON.stringify(f.default)}`);
    } else if (isRecord(g.type) && isRecord(f.type)) diffs.push(...recordDifferences(g.type, f.type, at));
    else if (JSON.stringify(g.type) !== JSON.stringify(f.type)) diffs.push(`${at}: ours ${JSON.stringify(g.type)} vs fixture ${JSON.stringify(f.type)}`);
  });
  return diffs;
}

function differences(ours: string, theirs: string): string[] {
  return recordDifferences(record(parseJson(ours)), record(unwrapNullableRecords(parseJson(theirs))), 'record');
}

describe.skipIf(!FIXTURES_PRESENT)('paimon write layout equals the fixtures', () => {
  const found = fixtureMetadata();

  it('reads manifests and manifest lists of every Paimon fixture', () => {
    expect(new Set(found.map((f) => f.table))).toEqual(new Set(tables));
    expect(found.filter((f) => f.kind === 'list').length).toBeGreaterThan(0);
    expect(found.filter((f) => f.kind === 'manifest').length).toBeGreaterThan(0);
  });

  for (const kind of ['manifest', 'list'] as const) {
    it(`our ${kind} schema agrees field by field with every fixture ${kind} (older layouts are prefixes)`, () => {
      const ours = kind === 'list' ? MANIFEST_LIST_WRITER_SCHEMA_TEXT : MANIFEST_WRITER_SCHEMA_TEXT;
      for (const f of found.filter((x) => x.kind === kind)) {
        expect(differences(ours, f.schemaText), `${f.table}/${f.file}`).toEqual([]);
      }
      // The newest layout in the fixtures is ours exactly, byte for byte.
      expect(found.some((f) => f.kind === kind && f.schemaText === ours)).toBe(true);
    });

    it(`the ${kind} files our writer emits carry that schema in their header and hold the fixture records`, () => {
      const ours = kind === 'list' ? MANIFEST_LIST_WRITER_SCHEMA_TEXT : MANIFEST_WRITER_SCHEMA_TEXT;
      const same = found.filter((f) => f.kind === kind && f.schemaText === ours);
      expect(same.length).toBeGreaterThan(0);
      for (const f of same) {
        const write = kind === 'list' ? writeManifestList : writeManifest;
        const bytes = write(ours, f.records as never);
        const header = readAvroHeader(bytes, { name: f.file });
        expect(header.schemaText).toBe(f.schemaText);
        expect(new TextDecoder().decode(header.rawMetadata.get('avro.codec'))).toBe('zstandard');
        expect(readAvroFile(bytes, { name: f.file }).records).toEqual(f.records);
      }
    });
  }

  it('our snapshot JSON reproduces every fixture snapshot file: same keys, same order, same text', () => {
    let n = 0;
    for (const table of tables) {
      const dir = join(ROOT, table, 'snapshot');
      for (const file of readdirSync(dir).filter((x) => x.startsWith('snapshot-'))) {
        const text = readFileSync(join(dir, file), 'utf8');
        const s = parseSnapshot(text, file);
        const fields: SnapshotFields = {
          id: s.id, schemaId: s.schemaId,
          baseManifestList: s.baseManifestList, baseManifestListSize: s.baseManifestListSize,
          deltaManifestList: s.deltaManifestList, deltaManifestListSize: s.deltaManifestListSize,
          changelogManifestList: s.changelogManifestList, changelogManifestListSize: s.changelogManifestListSize,
          indexManifest: s.indexManifest, commitUser: s.commitUser, commitIdentifier: s.commitIdentifier,
          commitKind: s.commitKind, timeMillis: s.timeMillis,
          totalRecordCount: s.totalRecordCount!, deltaRecordCount: s.deltaRecordCount!,
          changelogRecordCount: s.changelogRecordCount, watermark: s.watermark, statistics: s.statistics,
          properties: s.properties,
          nextRowId: s.raw.nextRowId === undefined ? undefined : BigInt(s.raw.nextRowId as number),
        };
        expect(Object.keys(snapshotJson(fields)), `${table}/${file}`).toEqual(Object.keys(s.raw));
        expect(snapshotText(fields), `${table}/${file}`).toBe(text);
        n++;
      }
    }
    expect(n).toBeGreaterThan(0);
  });
});

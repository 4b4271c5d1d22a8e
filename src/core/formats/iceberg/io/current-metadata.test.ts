/**
 * Which metadata file is current: a stale version hint (a commit that created v<N+1> but did not update the
 * hint), a torn newest file (a crash on a store without atomic PUT), storages that cannot list, and the
 * request count of the common case.
 */
import { describe, expect, it } from 'vitest';
import { isLakeError, LakeError } from '../../../errors.ts';
import { CountingStorage } from '../../../io/counting-storage.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import type { ListOptions, ListPage, Storage } from '../../../io/storage.ts';
import { FIXTURES_PRESENT, listFixtures } from '../../../../testing/fixtures.ts';
import { memoryCopy, serveFolder } from '../../../../testing/iceberg-writer-fixtures.ts';
import { HttpStorage } from '../../../io/http-storage.ts';
import { icebergFormat } from '../index.ts';
import { openIcebergTable } from '../table.ts';
import { loadCurrentMetadata } from './current-metadata.ts';
import { noteText } from '../../../messages/note.ts';
import { zh } from '../../../messages/zh.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const META = (v: number) => JSON.stringify({
  'format-version': 2, 'table-uuid': 'u', location: 's3://b/t', 'last-sequence-number': 0, 'last-updated-ms': v, 'last-column-id': 1,
  schemas: [{ type: 'struct', 'schema-id': 0, fields: [{ id: 1, name: 'a', required: false, type: 'int' }] }], 'current-schema-id': 0,
  'partition-specs': [{ 'spec-id': 0, fields: [] }], 'default-spec-id': 0, 'last-partition-id': 999, 'sort-orders': [{ 'order-id': 0, fields: [] }], 'default-sort-order-id': 0,
});

async function table(versions: number[], hint?: string): Promise<MemoryStorage> {
  const s = new MemoryStorage('memory');
  for (const v of versions) await s.write(`metadata/v${v}.metadata.json`, enc(META(v)));
  if (hint !== undefined) await s.write('metadata/version-hint.text', enc(hint));
  return s;
}

/** A storage that cannot list (plain HTTP without a key list) or lists only some keys (a stale key list). */
class ListingStorage extends CountingStorage {
  constructor(inner: Storage, private readonly keys?: readonly string[]) { super(inner); }
  override async list(options: ListOptions = {}): Promise<ListPage> {
    if (!this.keys) { await super.list(options); throw new LakeError('Unsupported', 'http: list: cannot list'); }
    const page = await super.list(options);
    return { ...page, objects: page.objects.filter((o) => this.keys!.includes(o.key)) };
  }
}

async function rejection(p: Promise<unknown>): Promise<LakeError> {
  try { await p; } catch (e) { return e as LakeError; }
  throw new Error('expected a rejection');
}

describe('stale version hint', () => {
  it('a commit that created v3 but left the hint at 2: readers see v3, with a warning', async () => {
    const s = await table([1, 2, 3], '2');
    const found = await loadCurrentMetadata(s);
    expect(found.key).toBe('metadata/v3.metadata.json');
    expect(found.metadata.lastUpdatedMs).toBe(3);
    expect(found.via).toBe('latest-version');
    expect(found.warnings).toEqual(['version-hint.text names v2.metadata.json, but v3.metadata.json is newer (a commit that did not update the hint): reading the newest']);
    const t = await openIcebergTable(s);
    expect(t.metadataKey).toBe('metadata/v3.metadata.json');
    expect(t.warnings).toEqual(found.warnings);
  });

  it('without a listing, probes v<N+1>, v<N+2>… after the hint', async () => {
    const s = new ListingStorage(await table([1, 2, 3, 4], '2'));
    const found = await loadCurrentMetadata(s);
    expect(found.key).toBe('metadata/v4.metadata.json');
    expect(found.files).toEqual([]);
    expect(s.log.filter((c) => c.method === 'head').map((c) => c.key)).toEqual(['metadata/v3.metadata.json', 'metadata/v4.metadata.json', 'metadata/v5.metadata.json']);
    const right = new ListingStorage(await table([1, 2], '2'));
    expect((await loadCurrentMetadata(right)).key).toBe('metadata/v2.metadata.json');
    // Without a hint (a Hadoop table copied without it, or an empty hint): v1, v2, … are probed.
    const unhinted = new ListingStorage(await table([1, 2]));
    expect((await loadCurrentMetadata(unhinted)).key).toBe('metadata/v2.metadata.json');
    expect(unhinted.log.filter((c) => c.method === 'head').map((c) => c.key)).toEqual(['metadata/v1.metadata.json', 'metadata/v2.metadata.json', 'metadata/v3.metadata.json']);
    expect((await loadCurrentMetadata(new ListingStorage(await table([1, 2], '')))).key).toBe('metadata/v2.metadata.json');
    const none = new ListingStorage(await table([]));
    const e = await rejection(loadCurrentMetadata(none));
    expect(isLakeError(e, 'NotFound')).toBe(true);
    expect(e.message).toBe('iceberg: memory cannot be listed and has neither metadata/version-hint.text nor metadata/v1.metadata.json: '
      + 'open the table by the URL of one of its metadata files (…/metadata/<name>.metadata.json)');
  });

  it('a hinted file newer than a stale key list is still read', async () => {
    const s = new ListingStorage(await table([1, 2, 3], '3'), ['metadata/v1.metadata.json', 'metadata/v2.metadata.json']);
    expect(await loadCurrentMetadata(s)).toMatchObject({ key: 'metadata/v3.metadata.json', via: 'version-hint' });
  });

  it('a right hint costs one listing and two reads, the hinted file read while listing', async () => {
    const s = new CountingStorage(await table([1, 2, 3], '3'));
    expect(await loadCurrentMetadata(s)).toMatchObject({ key: 'metadata/v3.metadata.json', via: 'version-hint', warnings: [] });
    expect(s.counts).toEqual({ list: 1, head: 0, read: 2, write: 0, delete: 0 });
  });

  it('refresh does not read the current metadata file again when nothing changed, and sees a new version', async () => {
    const mem = await table([1, 2], '2');
    const s = new CountingStorage(mem);
    const t = await openIcebergTable(s);
    s.log.length = 0;
    expect(await t.refresh()).toBe(t);
    expect(s.log.filter((c) => c.method === 'read').map((c) => c.key)).toEqual(['metadata/version-hint.text']);
    await mem.write('metadata/v3.metadata.json', enc(META(3)));
    const t3 = await t.refresh();
    expect(t3.metadataKey).toBe('metadata/v3.metadata.json');
    expect(t3.warnings).toHaveLength(1);
  });
});

describe.skipIf(!FIXTURES_PRESENT)('plain HTTP without a key list', () => {
  it('a fixture served over HTTP is detected and opened by its hint, and plans exactly as from the folder', async () => {
    const fx = listFixtures('iceberg').find((f) => f.name.includes('v1_spark'))!;
    const served = await serveFolder(fx.root);
    try {
      const http = new HttpStorage({ baseUrl: `${served.url}/` });
      expect(await icebergFormat.detect(http)).toBe(true);
      const viaHttp = await openIcebergTable(http);
      const local = await openIcebergTable(await memoryCopy(fx.root));
      expect([viaHttp.metadataKey, viaHttp.metadataVia]).toEqual([local.metadataKey, 'version-hint']);
      expect(viaHttp.metadataKey).toBe('metadata/v2.metadata.json');
      expect(served.requests).toContain('HEAD /metadata/v3.metadata.json'); // probed: is there a newer version?
      expect((await viaHttp.planScan()).tasks.map((t) => t.key)).toEqual((await local.planScan()).tasks.map((t) => t.key));
      expect(await icebergFormat.detect(new HttpStorage({ baseUrl: `${served.url}/data/` }))).toBe(false);
    } finally {
      await served.close();
    }
  });
});

describe('torn newest metadata file', () => {
  it('falls back to the newest parseable file and names the skipped one', async () => {
    const s = await table([1, 2], '2');
    await s.write('metadata/v3.metadata.json', enc(META(3).slice(0, 120))); // torn: a prefix of the JSON
    await s.write('metadata/v4.metadata.json', new Uint8Array(0)); // torn: nothing written
    const t = await openIcebergTable(s);
    expect(t.metadataKey).toBe('metadata/v2.metadata.json');
    expect(t.metadata.lastUpdatedMs).toBe(2);
    expect(t.metadataVia).toBe('version-hint');
    expect(t.warnings).toHaveLength(3);
    expect(t.warnings[0]).toMatch(/^version-hint.text names v2.metadata.json, but v4.metadata.json is newer/);
    expect(t.warnings[1]).toMatch(/^the newest metadata\/v4.metadata.json cannot be read \(iceberg metadata: metadata\/v4.metadata.json is not valid JSON.*\): showing metadata\/v2.metadata.json instead/);
    expect(t.warnings[2]).toMatch(/^the newest metadata\/v3.metadata.json cannot be read \(iceberg metadata: metadata\/v3.metadata.json is not valid JSON/);
    // Writes refuse, naming the newest unreadable file (a commit built on v2 would drop v3 and v4).
    expect(t.unreadableNewest?.file).toBe('metadata/v4.metadata.json');
    expect(t.writeRefusal).toMatch(/metadata\/v4.metadata.json cannot be read/);
  });

  it.skipIf(!FIXTURES_PRESENT)('a real table with a torn v3 plans exactly as at v2, with the warnings in the plan notes', async () => {
    const fx = listFixtures('iceberg').find((f) => f.name.includes('v1_spark'))!;
    const s = await memoryCopy(fx.root);
    const before = await (await openIcebergTable(s)).plan({});
    await s.write('metadata/v3.metadata.json', (await s.read('metadata/v2.metadata.json')).subarray(0, 700));
    const t = await openIcebergTable(s);
    expect(t.metadataKey).toBe('metadata/v2.metadata.json');
    const plan = await t.plan({});
    expect(plan.tasks).toEqual(before.tasks);
    // The notes are the warnings' catalog messages (the UI shows them in the reader's language), their English the warnings.
    expect(plan.notes.slice(1).map((n) => noteText(n))).toEqual(t.warnings);
    expect(plan.notes.slice(1).map((n) => typeof n === 'string' ? n : n.key)).toEqual(['error.iceberg.hintStale', 'error.unreadableNewest.warning']);
    expect(plan.notes.slice(1).map((n) => noteText(n, zh)).join('\n')).toMatch(/最新的 metadata\/v3.metadata.json 无法读取（/);
    expect(t.warnings.join('\n')).toMatch(/the newest metadata\/v3.metadata.json cannot be read/);
  });

  it('a torn gzip file and a JSON that is not table metadata are skipped too', async () => {
    const s = await table([1]);
    await s.write('metadata/v2.gz.metadata.json', new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0]));
    await s.write('metadata/v3.metadata.json', enc('{"format-version": 2}'));
    const found = await loadCurrentMetadata(s);
    expect(found.key).toBe('metadata/v1.metadata.json');
    expect(found.warnings.map((w) => w.split(' (')[0])).toEqual(['the newest metadata/v3.metadata.json cannot be read', 'the newest metadata/v2.gz.metadata.json cannot be read']);
    expect(found.unreadableNewest?.file).toBe('metadata/v3.metadata.json');
  });

  it('no parseable file at all is DataInvalid naming the newest', async () => {
    const s = new MemoryStorage('memory');
    await s.write('metadata/v1.metadata.json', enc('{'));
    await s.write('metadata/v2.metadata.json', enc('{"a":'));
    const e = await rejection(openIcebergTable(s));
    expect(isLakeError(e, 'DataInvalid')).toBe(true);
    expect(e.context.file).toBe('metadata/v2.metadata.json');
    expect(e.message).toMatch(/^iceberg metadata: no readable metadata file under memory; the newest, metadata\/v2.metadata.json, failed with: iceberg metadata: metadata\/v2.metadata.json is not valid JSON/);
  });

  it('an explicitly requested metadata file that is corrupt is an error naming it, never a fallback', async () => {
    const s = await table([1, 2], '2');
    await s.write('metadata/v3.metadata.json', enc(META(3).slice(0, 50)));
    const e = await rejection(openIcebergTable(s, { metadataPath: 'metadata/v3.metadata.json' }));
    expect(isLakeError(e, 'DataInvalid')).toBe(true);
    expect(e.context.file).toBe('metadata/v3.metadata.json');
    expect(e.message).toMatch(/^iceberg metadata: metadata\/v3.metadata.json is not valid JSON/);
    const t = await openIcebergTable(s);
    const e2 = await rejection(t.atMetadataFile('metadata/v3.metadata.json'));
    expect(e2.context.file).toBe('metadata/v3.metadata.json');
    expect((await t.atMetadataFile('metadata/v1.metadata.json')).metadata.lastUpdatedMs).toBe(1);
  });

  it('other failures (an unsupported format version, a refused read) are not skipped', async () => {
    const s = await table([1]);
    await s.write('metadata/v2.metadata.json', enc(META(2).replace('"format-version":2', '"format-version":4')));
    expect(isLakeError(await rejection(loadCurrentMetadata(s)), 'Unsupported')).toBe(true);
  });
});

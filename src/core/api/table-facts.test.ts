import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON } from '../../testing/fixtures.ts';
import { GOLDEN_FORMATS, goldenFixtures, openFixture } from '../../testing/golden.ts';
import { formatRef } from '../messages/en.ts';
import { describeTable } from './open-table.ts';

const fx = (format: string) => goldenFixtures(GOLDEN_FORMATS.find((g) => g.format === format)!);

/** The overview's facts as label → value (labels in English). */
function factsOf(facts: readonly { label: Parameters<typeof formatRef>[0]; value: string; isDefault?: boolean }[]): Record<string, string> {
  return Object.fromEntries(facts.map((f) => [formatRef(f.label), f.isDefault ? `${f.value} (default)` : f.value]));
}

describe.skipIf(!FIXTURES_PRESENT)(`each format's overview in its own terms (${FIXTURES_PRESENT ? 'fixtures' : FIXTURES_SKIP_REASON})`, () => {
  it('Paimon: primary key, partition keys, buckets, bucket key, merge engine, deletion vectors, changelog producer — from the schema file', async () => {
    for (const f of fx('paimon')) {
      const dir = join(f.root, 'schema');
      const latest = readdirSync(dir).sort((a, b) => Number(a.split('-')[1]) - Number(b.split('-')[1])).at(-1)!;
      const schema = JSON.parse(readFileSync(join(dir, latest), 'utf8')) as { primaryKeys?: string[]; partitionKeys?: string[]; options: Record<string, string> };
      const o = schema.options;
      const pk = schema.primaryKeys ?? [];
      const overview = await describeTable(await openFixture(f), '', 'paimon');
      const facts = factsOf(overview.facts);
      expect(facts['Primary key'], f.name).toBe(pk.length ? pk.join(', ') : 'none (an append table)');
      expect(facts['Partition keys'], f.name).toBe((schema.partitionKeys ?? []).join(', ') || 'none (unpartitioned)');
      expect(facts.Buckets, f.name).toBe(o.bucket ? `${o.bucket} (fixed)` : 'dynamic (-1) (default)');
      expect(facts['Bucket key'], f.name).toBe(o['bucket-key'] ?? `${pk.filter((k) => !(schema.partitionKeys ?? []).includes(k)).join(', ')} (default)`);
      if (pk.length) expect(facts['Merge engine'], f.name).toBe(o['merge-engine'] ?? 'deduplicate (default)');
      else expect(facts['Merge engine'], f.name).toBeUndefined();
      expect(facts['Deletion vectors'], f.name).toBe(o['deletion-vectors.enabled'] === 'true' ? 'enabled' : 'disabled (default)');
      expect(facts['Changelog producer'], f.name).toBe(o['changelog-producer'] ?? 'none (default)');
      // Partitions in Paimon's words: a fixed list of partition keys, not numbered specs.
      expect(overview.partitioning, f.name).toBe('columns');
      // The table options stay beside the facts, as written.
      expect(overview.properties, f.name).toEqual(o);
    }
  });

  it('Delta: protocol versions and partition columns; Hudi: table type, record key, ordering field', async () => {
    for (const f of fx('delta')) {
      const facts = factsOf((await describeTable(await openFixture(f), '', 'delta')).facts);
      expect(facts['Protocol (reader / writer version)'], f.name).toMatch(/^\d+ \/ \d+$/);
      expect(facts['Partition columns'], f.name).toBeDefined();
      expect(facts['Deletion vectors'], f.name).toMatch(/^(enabled|disabled)/);
    }
    for (const f of fx('hudi')) {
      const props = Object.fromEntries(readFileSync(join(f.root, '.hoodie/hoodie.properties'), 'utf8').split('\n')
        .filter((l) => l && !l.startsWith('#')).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
      const facts = factsOf((await describeTable(await openFixture(f), '', 'hudi')).facts);
      expect(facts['Table type'], f.name).toBe(props['hoodie.table.type']);
      expect(facts['Record key'], f.name).toBe(props['hoodie.table.recordkey.fields']);
      expect(facts['Table version'], f.name).toBe(props['hoodie.table.version']);
    }
  });
});

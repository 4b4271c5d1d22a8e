import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../../../platform/node/fs-storage.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures } from '../../../../testing/fixtures.ts';
import { parseJson } from '../../../util/json.ts';
import type { OutlineVersion } from '../../table-format.ts';
import { parseTableMetadata } from '../spec/table-metadata.ts';
import { openIcebergTable } from '../table.ts';
import { versionDtos } from './dto.ts';
import { outlineOfMetadataText } from './outline.ts';

/** What the exact path says of the same text: versionDtos of the parsed model. */
function exactOutline(text: string): OutlineVersion[] {
  return versionDtos(parseTableMetadata(parseJson(text), 'm.json')).map((v) => ({ timestampMs: v.timestampMs, operation: v.operation, isCurrent: v.isCurrent }));
}

function snapshot(id: string, t: number, seq: number, op?: string): string {
  const summary = op === undefined ? '{"added-data-files":"1"}' : `{"operation":${JSON.stringify(op)},"added-data-files":"1"}`;
  return `{"snapshot-id":${id},"sequence-number":${seq},"timestamp-ms":${t},"summary":${summary},"manifest-list":"s3://b/t/metadata/snap-${seq}.avro","schema-id":0}`;
}

function metadata(snapshots: string[], current: string): string {
  return `{"format-version":2,"table-uuid":"9c12d441-03fe-4693-9a96-a0705ddf69c1","location":"s3://b/t","last-sequence-number":${snapshots.length},`
    + '"last-updated-ms":1700000000000,"last-column-id":1,"current-schema-id":0,'
    + '"schemas":[{"type":"struct","schema-id":0,"fields":[{"id":1,"name":"x","required":false,"type":"long"}]}],'
    + '"default-spec-id":0,"partition-specs":[{"spec-id":0,"fields":[]}],"last-partition-id":999,"default-sort-order-id":0,'
    + `"sort-orders":[{"order-id":0,"fields":[]}],"current-snapshot-id":${current},"snapshots":[${snapshots.join(',')}]}`;
}

describe('outlineOfMetadataText', () => {
  it('agrees with the exact parse: order by time then sequence number, operation defaulting to append, the current one', () => {
    const text = metadata([
      snapshot('9007199254740995', 1_700_000_000_300, 3, 'overwrite'),
      snapshot('1234567890123456789', 1_700_000_000_100, 2),
      snapshot('4234567890123456788', 1_700_000_000_100, 1, 'delete'),
    ], '1234567890123456789');
    const outline = outlineOfMetadataText(text);
    expect(outline).toEqual([
      { timestampMs: 1_700_000_000_100, operation: 'delete', isCurrent: false },
      { timestampMs: 1_700_000_000_100, operation: 'append', isCurrent: true },
      { timestampMs: 1_700_000_000_300, operation: 'overwrite', isCurrent: false },
    ]);
    expect(outline).toEqual(exactOutline(text));
  });

  it('no current snapshot (-1, null or absent) marks none', () => {
    const snaps = [snapshot('5', 1_700_000_000_000, 1, 'append')];
    for (const current of ['-1', 'null']) {
      const text = metadata(snaps, current);
      expect(outlineOfMetadataText(text)).toEqual([{ timestampMs: 1_700_000_000_000, operation: 'append', isCurrent: false }]);
      expect(outlineOfMetadataText(text)).toEqual(exactOutline(text));
    }
  });

  it('gives no outline rather than a guess: ids that round to the current one, text that is not a metadata file', () => {
    // 2^53 + 1 and 2^53 are one double: which of the two is current is lost in a plain JSON.parse.
    const text = metadata([snapshot('9007199254740993', 1_700_000_000_000, 1), snapshot('9007199254740992', 1_700_000_000_500, 2)], '9007199254740993');
    expect(exactOutline(text).map((v) => v.isCurrent)).toEqual([true, false]);
    expect(outlineOfMetadataText(text)).toBeUndefined();
    expect(outlineOfMetadataText(text.slice(0, -20))).toBeUndefined();
    expect(outlineOfMetadataText('[]')).toBeUndefined();
    expect(outlineOfMetadataText('{"format-version":2}')).toBeUndefined();
    expect(outlineOfMetadataText(metadata(['{"snapshot-id":1,"timestamp-ms":"soon"}'], '1'))).toBeUndefined();
    // A current id no snapshot has (the exact parse rejects the file).
    expect(outlineOfMetadataText(metadata([snapshot('1', 1_700_000_000_000, 1)], '7'))).toBeUndefined();
  });
});

describe.skipIf(!FIXTURES_PRESENT)('outline of every Iceberg fixture metadata file', () => {
  if (!FIXTURES_PRESENT) it.skip(FIXTURES_SKIP_REASON, () => {});

  it('equals the exact parse for every metadata file with snapshots', () => {
    let compared = 0;
    for (const fx of listFixtures('iceberg')) {
      const dir = join(fx.root, 'metadata');
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.metadata.json'))) {
        const text = readFileSync(join(dir, name), 'utf8');
        const exact = exactOutline(text);
        const outline = outlineOfMetadataText(text);
        if (exact.length === 0) continue; // a table before its first commit may leave `snapshots` out
        expect(outline, `${fx.name}/${name}`).toEqual(exact);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('openIcebergTable hands the outline of the metadata it opens to onOutline, once, before it resolves', async () => {
    for (const fx of listFixtures('iceberg')) {
      const outlines: (readonly OutlineVersion[])[] = [];
      const table = await openIcebergTable(new FsStorage(fx.root, { readOnly: true }), { onOutline: (o) => { outlines.push(o); } });
      const versions = (await table.versions()).map((v) => ({ timestampMs: v.timestampMs, operation: v.operation, isCurrent: v.isCurrent }));
      expect(outlines, fx.name).toEqual([versions]);
    }
  });

  it('a failing outline sink fails the open as itself, never as the file being "not JSON"', async () => {
    const fx = listFixtures('iceberg')[0]!;
    const open = openIcebergTable(new FsStorage(fx.root, { readOnly: true }), { onOutline: () => { throw new Error('sink broke'); } });
    await expect(open).rejects.toThrow('sink broke');
    await expect(open).rejects.not.toMatchObject({ code: 'DataInvalid' });
  });
});

/**
 * A commit landing between the listing of `snapshot/` and the read of LATEST must not make the table look
 * broken: LATEST is read first, so the snapshot it names was created before the listing and is in it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { installNodeParquetWasm } from '../../../../platform/node/parquet-wasm-init.ts';
import { MemoryStorage } from '../../../io/memory-storage.ts';
import type { ListOptions, ListPage } from '../../../io/storage.ts';
import { utf8Decode, utf8Encode } from '../../../util/bytes.ts';
import { PaimonTable } from '../table.ts';

beforeAll(() => installNodeParquetWasm());

/** A storage where another writer commits snapshot 2 right after the first listing of `snapshot/` is taken. */
class CommitAfterListing extends MemoryStorage {
  armed = false;
  override async list(options: ListOptions = {}): Promise<ListPage> {
    const page = await super.list(options);
    if (this.armed && options.prefix === 'snapshot/') {
      this.armed = false;
      const one = utf8Decode(await this.read('snapshot/snapshot-1'));
      await this.write('snapshot/snapshot-2', utf8Encode(one.replace(/"id"\s*:\s*1,/, '"id": 2,')), { ifNoneMatch: '*' });
      await this.write('snapshot/LATEST', utf8Encode('2'));
    }
    return page;
  }
}

describe('paimon LATEST hint and listing', () => {
  it('a commit between the listing and the hint read is seen next time, never reported as a missing snapshot', async () => {
    const storage = new CommitAfterListing('race');
    const table = await PaimonTable.create(storage, { columns: [{ name: 'k', type: 'INT' }], primaryKeys: ['k'] });
    await table.writeRows('upsert', [{ k: 1 }]);
    storage.armed = true;
    const opened = await PaimonTable.open(storage);
    expect(await opened.meta.latestSnapshotId()).toBe(1n);
    expect(opened.warnings).toEqual([]);
    const again = await PaimonTable.open(storage);
    expect(await again.meta.latestSnapshotId()).toBe(2n);
  });
});

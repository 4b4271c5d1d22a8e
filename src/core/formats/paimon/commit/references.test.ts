import { describe, expect, it } from 'vitest';
import { emptyReferences, unreferenced } from './references.ts';

describe('unreferenced (what Paimon expire and destructive rollback may delete)', () => {
  it('never offers a key outside the table root, however the metadata names it', () => {
    const candidates = emptyReferences();
    const keep = emptyReferences();
    for (const k of ['bucket-0/data-1.parquet', 'bucket-0/../../victim/data-2.parquet', 'dt=1/bucket-0/../x.parquet', '../other/manifest-1']) candidates.dataFiles.add(k);
    keep.dataFiles.add('bucket-0/data-1.parquet');
    // '…/../x.parquet' stays inside the root (dt=1/x.parquet): still a candidate; the other two climb out.
    expect(unreferenced(candidates, keep).dataFiles).toEqual(['dt=1/bucket-0/../x.parquet']);
  });
});

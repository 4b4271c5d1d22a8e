/** DroppedFilesStorage runs in Node too (Node 20 has File): the contract, read-only. */
import { describe, expect, it } from 'vitest';
import { describeStorageContract } from '../../testing/storage-contract.ts';
import { DroppedFilesStorage, droppedFiles } from './dropped-files-storage.ts';

describeStorageContract('dropped files', async (seed) =>
  new DroppedFilesStorage(droppedFiles([...seed].map(([path, data]) => ({ path: `chosen/${path}`, file: new File([data as Uint8Array<ArrayBuffer>], path) })))),
{ readOnly: true });

describe('droppedFiles', () => {
  it('strips the chosen folder only when every path shares it', () => {
    const f = (path: string) => ({ path, file: new File(['x'], 'x') });
    expect(droppedFiles([f('t/a'), f('t/b/c')]).map((x) => x.path)).toEqual(['a', 'b/c']);
    expect(droppedFiles([f('t/a'), f('u/b')]).map((x) => x.path)).toEqual(['t/a', 'u/b']);
    expect(droppedFiles([f('t/a')], false).map((x) => x.path)).toEqual(['t/a']);
  });
});

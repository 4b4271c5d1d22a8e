/** The metadata table names a table lists when it opens are exactly those inspect/index.ts serves. */
import { expect, it } from 'vitest';
import { METADATA_TABLES } from './index.ts';
import { METADATA_TABLE_NAMES } from './table-names.ts';

it('METADATA_TABLE_NAMES lists every metadata table, in order', () => {
  expect([...METADATA_TABLE_NAMES]).toEqual(Object.keys(METADATA_TABLES));
});

/**
 * The change data feed (scan/changes.ts) in the common model's terms (LakeTable.changeLog): the data
 * columns apart, and per row the model's change type (PROTOCOL.md "Change Data Files": `insert`,
 * `delete`, `update_preimage` → `update-before`, `update_postimage` → `update-after`) and the commit
 * version.
 */
import type { RecordBatch } from 'apache-arrow';
import { canonicalAccessor, selectColumns } from '../../../arrow/index.ts';
import type { ChangeLogBatch, ChangeLogType } from '../../table-format.ts';
import { CHANGE_TYPE, COMMIT_VERSION } from './changes.ts';
import { messageError } from '../../../message-error.ts';

// The protocol's four names; writers of test tables also use `update_pre` / `update_post` (delta-kernel-rs
// cdf-table-update-ops), which other readers pass through: read as the same images.
const TYPES: Readonly<Record<string, ChangeLogType>> = {
  insert: 'insert', delete: 'delete', update_preimage: 'update-before', update_postimage: 'update-after',
  update_pre: 'update-before', update_post: 'update-after',
};

/** Maps change-feed batches (data columns, `_change_type`, `_commit_version`, …) to the model's. Must hold: an unknown change type is DataInvalid. */
export async function* toChangeLogBatches(batches: AsyncIterable<RecordBatch>, columns: readonly string[]): AsyncGenerator<ChangeLogBatch> {
  for await (const b of batches) {
    const at = (name: string) => b.schema.fields.findIndex((f) => f.name === name);
    const kt = at(CHANGE_TYPE);
    const kv = at(COMMIT_VERSION);
    const types = b.data.children[kt]!;
    const versions = b.data.children[kv]!;
    const readType = canonicalAccessor(b.schema.fields[kt]!.type);
    const readVersion = canonicalAccessor(b.schema.fields[kv]!.type);
    const changeTypes: ChangeLogType[] = [];
    const versionIds: string[] = [];
    for (let i = 0; i < b.numRows; i++) {
      const t = TYPES[String(readType(types, i))];
      if (!t) throw messageError('DataInvalid', 'error.delta.changeType', { column: CHANGE_TYPE, value: String(readType(types, i)) });
      changeTypes.push(t);
      versionIds.push(String(readVersion(versions, i)));
    }
    yield { batch: selectColumns(b, columns), changeTypes, versions: versionIds };
  }
}

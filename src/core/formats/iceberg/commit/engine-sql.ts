/**
 * The Spark SQL an Iceberg table's maintenance runs as on a cluster (Iceberg "Spark Procedures":
 * `rewrite_data_files`, `expire_snapshots`, `rollback_to_snapshot` …), for writes too big for a browser
 * (core/commit/engine-sql.ts). The table's files record no catalog or table name: the name is read from the
 * location (`…/db/table`), the catalog is left for the user to fill in.
 */
import { type EngineSql, sqlEngine, sqlNotes, partitionPairs, sqlString, tableNameFromLocation } from '../../../commit/engine-sql.ts';
import type { WriteAction } from '../../../commit/write-action.ts';
import type { TableMetadata } from '../spec/table-metadata.ts';
import { currentSchema } from '../spec/table-metadata.ts';
import { PROPS } from './table-update.ts';
import { textRef } from '../../../commit/preview-text.ts';
import type { ErrorRef } from '../../../messages/message-parts.ts';

const CATALOG = '<catalog>';
/** Iceberg's default `write.target-file-size-bytes` (512 MiB). */
const DEFAULT_TARGET = 512 * 1024 * 1024;

/** Spark SQL for `action` on the table with metadata `meta`; undefined for actions with no procedure. */
export function icebergEngineSql(meta: TableMetadata, action: WriteAction): EngineSql | undefined {
  const { database, table } = tableNameFromLocation(meta.location);
  const name = sqlString(`${database}.${table}`);
  const notes = [textRef('note.sql.iceberg.catalog', { catalog: CATALOG, name: `${database}.${table}`, location: meta.location })];
  const call = (proc: string, args: string) => `CALL ${CATALOG}.system.${proc}(${args});`;
  const sql = (statements: string[], more: ErrorRef[] = []): EngineSql => ({ ...sqlEngine(textRef('note.sql.engine.iceberg')), statements, ...sqlNotes([...notes, ...more]) });
  switch (action.kind) {
    case 'compact': {
      const target = action.targetFileSizeBytes ?? (Number(meta.properties[PROPS.targetFileSize]) || DEFAULT_TARGET);
      const options = [`'target-file-size-bytes', '${target}'`, ...(action.minInputFiles !== undefined ? [`'min-input-files', '${action.minInputFiles}'`] : [])];
      const { where, skipped } = partitionWhere(meta, action.partitions?.map((p) => p.partition));
      const args = [`table => ${name}`, `options => map(${options.join(', ')})`, ...(where ? [`where => ${sqlString(where)}`] : [])];
      return sql([call('rewrite_data_files', args.join(', '))],
        skipped.length ? [textRef('note.sql.iceberg.transforms', { fields: skipped.join(', ') })] : []);
    }
    case 'expire': {
      const args = [`table => ${name}`];
      if (action.olderThanMs !== undefined) args.push(`older_than => TIMESTAMP '${sparkTimestamp(action.olderThanMs)}'`);
      if (action.retainLast !== undefined) args.push(`retain_last => ${action.retainLast}`);
      if (action.snapshotIds?.length) args.push(`snapshot_ids => array(${action.snapshotIds.join(', ')})`);
      return sql([call('expire_snapshots', args.join(', '))], action.olderThanMs !== undefined ? [textRef('note.sql.utc', { setting: 'spark.sql.session.timeZone=UTC' })] : []);
    }
    case 'rollback':
      if (action.snapshotId !== undefined) return sql([call('rollback_to_snapshot', `${name}, ${action.snapshotId}`)]);
      if (action.toTimeMs !== undefined) return sql([call('rollback_to_timestamp', `${name}, TIMESTAMP '${sparkTimestamp(action.toTimeMs)}'`)], [textRef('note.sql.utc', { setting: 'spark.sql.session.timeZone=UTC' })]);
      return undefined;
    case 'set-current': return sql([call('set_current_snapshot', `${name}, ${action.snapshotId}`)]);
    case 'cherry-pick': return sql([call('cherrypick_snapshot', `${name}, ${action.snapshotId}`)]);
    case 'rewrite-manifests': return sql([call('rewrite_manifests', name)]);
    default: return undefined;
  }
}

/**
 * A Spark filter for the partitions (the plan's `name=value/…` form): identity partition fields become
 * `column = "value"` (double quotes: a string inside the procedure's single-quoted `where`, as Iceberg's docs
 * write it), several partitions an OR; fields of other transforms are skipped and named.
 */
function partitionWhere(meta: TableMetadata, partitions: readonly string[] | undefined): { where?: string; skipped: string[] } {
  if (!partitions?.length) return { skipped: [] };
  const schema = currentSchema(meta);
  const skipped = new Set<string>();
  const ors: string[] = [];
  for (const p of partitions) {
    const ands: string[] = [];
    for (const { name, value } of partitionPairs(p)) {
      const field = meta.partitionSpecs.flatMap((s) => s.fields).find((f) => f.name === name);
      const source = field?.transform.kind === 'identity' ? schema.fields.find((c) => c.id === field.sourceIds[0]) : undefined;
      if (!source) { skipped.add(name); continue; }
      ands.push(value === 'null' ? `${source.name} IS NULL` : `${source.name} = "${value.replaceAll('"', '\\"')}"`);
    }
    if (ands.length === 0) return { skipped: [...skipped] }; // one partition unnamed → the whole table
    ors.push(ands.length > 1 ? `(${ands.join(' AND ')})` : ands[0]);
  }
  return { where: ors.join(' OR '), skipped: [...skipped] };
}

/** `YYYY-MM-DD HH:MM:SS.mmm` in UTC, as a Spark TIMESTAMP literal reads it. */
function sparkTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
}

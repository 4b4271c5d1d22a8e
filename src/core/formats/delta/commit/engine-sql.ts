/**
 * The Spark SQL a Delta table's maintenance runs as on a cluster (Delta Lake's `OPTIMIZE`, `RESTORE TABLE …
 * TO VERSION AS OF`, `VACUUM`), for writes too big for a browser (core/commit/engine-sql.ts). Delta names a
 * table by its path (`delta.\`s3://…\``), so the statements need no catalog.
 */
import { type EngineSql, sqlEngine, sqlNotes, partitionPairs, sqlIdent } from '../../../commit/engine-sql.ts';
import type { WriteAction } from '../../../commit/write-action.ts';
import { DEFAULT_TARGET_FILE_SIZE } from './optimize.ts';
import { textRef } from '../../../commit/preview-text.ts';
import type { ErrorRef } from '../../../messages/message-parts.ts';

/** What the statements need from the table: where it is and its `configuration`. */
export interface DeltaSqlFacts {
  readonly location: string;
  readonly configuration: Readonly<Record<string, string>>;
}

/** Spark SQL for `action` on the Delta table; undefined for actions Delta has no statement for. */
export function deltaEngineSql(facts: DeltaSqlFacts, action: WriteAction): EngineSql | undefined {
  const path = facts.location.replace(/\/+$/, '');
  const table = `delta.${sqlIdent(path)}`;
  const notes = /^[a-z][a-z0-9+.-]*:\/\//i.test(path) ? [] : [textRef('note.sql.delta.path', { path })];
  const sql = (statements: string[], more: ErrorRef[] = []): EngineSql => ({ ...sqlEngine(textRef('note.sql.engine.delta')), statements, ...sqlNotes([...notes, ...more]) });
  switch (action.kind) {
    case 'compact': {
      const configured = Number(facts.configuration['delta.targetFileSize']);
      const target = action.targetFileSizeBytes ?? (Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_TARGET_FILE_SIZE);
      const ors = (action.partitions ?? []).map((p) => partitionPairs(p.partition).map(({ name, value }) => `${sqlIdent(name)} = '${value.replaceAll("'", "\\'")}'`).join(' AND ')).filter((s) => s !== '');
      const where = ors.length ? ` WHERE ${ors.length > 1 ? ors.map((o) => `(${o})`).join(' OR ') : ors[0]}` : '';
      return sql([`SET spark.databricks.delta.optimize.maxFileSize = ${target};`, `OPTIMIZE ${table}${where};`]);
    }
    case 'rollback':
      if (action.snapshotId !== undefined) return sql([`RESTORE TABLE ${table} TO VERSION AS OF ${action.snapshotId};`]);
      if (action.toTimeMs !== undefined) return sql([`RESTORE TABLE ${table} TO TIMESTAMP AS OF '${new Date(action.toTimeMs).toISOString()}';`]);
      return undefined;
    case 'vacuum':
      return sql([`VACUUM ${table}${action.retentionHours !== undefined ? ` RETAIN ${action.retentionHours} HOURS` : ''};`],
        action.retentionHours !== undefined && action.retentionHours < 168 ? [textRef('note.sql.delta.retention', { setting: 'spark.databricks.delta.retentionDurationCheck.enabled = false' })] : []);
    default: return undefined;
  }
}

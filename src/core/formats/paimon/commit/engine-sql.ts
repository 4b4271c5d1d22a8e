/**
 * The Spark SQL a Paimon table's maintenance runs as on a cluster (Paimon's Spark procedures `sys.compact`,
 * `sys.expire_snapshots`, `sys.rollback`), for writes too big for a browser (core/commit/engine-sql.ts).
 * A Paimon warehouse lays tables out as `<warehouse>/<db>.db/<table>`, so the name comes from the location.
 */
import { type EngineSql, sqlEngine, sqlNotes, partitionPairs, sqlString, tableNameFromLocation } from '../../../commit/engine-sql.ts';
import type { WriteAction } from '../../../commit/write-action.ts';
import { textRef } from '../../../commit/preview-text.ts';
import type { ErrorRef } from '../../../messages/message-parts.ts';

/** What the statements need from the table: where it is, its options and whether it has a primary key. */
export interface PaimonSqlFacts {
  readonly location: string;
  readonly options: Readonly<Record<string, string>>;
  readonly primaryKey: boolean;
}

/** Paimon's default `target-file-size`: 128 MiB for primary-key tables, 256 MiB for append tables. */
export function paimonTargetFileSize(facts: PaimonSqlFacts): number {
  const set = parseMemorySize(facts.options['target-file-size']);
  return set ?? (facts.primaryKey ? 128 : 256) * 1024 * 1024;
}

/** Spark SQL for `action` on the Paimon table; undefined for actions with no procedure. */
export function paimonEngineSql(facts: PaimonSqlFacts, action: WriteAction): EngineSql | undefined {
  const { database, table } = tableNameFromLocation(facts.location);
  const name = sqlString(`${database}.${table}`);
  const notes = [textRef('note.sql.paimon.catalog', { name: `${database}.${table}`, location: facts.location })];
  const sql = (statements: string[], more: ErrorRef[] = []): EngineSql => ({ ...sqlEngine(textRef('note.sql.engine.paimon')), statements, ...sqlNotes([...notes, ...more]) });
  switch (action.kind) {
    case 'compact': {
      const args = [`table => ${name}`];
      // Paimon's partition filter: ',' is AND within one partition, ';' separates partitions.
      const parts = (action.partitions ?? []).map((p) => partitionPairs(p.partition).map(({ name: n, value }) => `${n}=${value}`).join(',')).filter((s) => s !== '');
      if (parts.length) args.push(`partitions => ${sqlString(parts.join(';'))}`);
      if (action.strategy === 'full' || action.strategy === undefined) args.push(`compact_strategy => 'full'`);
      args.push(`options => ${sqlString(`target-file-size=${action.targetFileSizeBytes ?? paimonTargetFileSize(facts)}`)}`);
      return sql([`CALL sys.compact(${args.join(', ')});`],
        action.bucket !== undefined ? [textRef('note.sql.paimon.bucket', { bucket: String(action.bucket) })] : []);
    }
    case 'expire': {
      const args = [`table => ${name}`];
      if (action.retainLast !== undefined) args.push(`retain_min => ${action.retainLast}`);
      if (action.olderThanMs !== undefined) args.push(`older_than => '${new Date(action.olderThanMs).toISOString().replace('T', ' ').replace(/\.\d+Z$/, '')}'`);
      return sql([`CALL sys.expire_snapshots(${args.join(', ')});`], action.olderThanMs !== undefined ? [textRef('note.sql.utc', { setting: 'spark.sql.session.timeZone=UTC' })] : []);
    }
    case 'rollback-destructive':
      return sql([`CALL sys.rollback(table => ${name}, version => ${sqlString(action.snapshotId)});`]);
    default: return undefined;
  }
}

/** Paimon's MemorySize text (`128mb`, `1 gb`, bytes when unitless) in bytes, or undefined. */
function parseMemorySize(s: string | undefined): number | undefined {
  const m = s?.trim().toLowerCase().match(/^(\d+)\s*([kmgt]?)(?:i?b|bytes?)?$/);
  if (!m) return undefined;
  return Number(m[1]) * 1024 ** ' kmgt'.indexOf(m[2] || ' ');
}

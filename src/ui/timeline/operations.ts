/**
 * One colour per kind of operation across every format (notes/ui-design.md "Consistent meanings"), and
 * the format's own names for each kind, for the legend.
 *
 * Decision: Iceberg's `replace` is blue (compaction), not amber. The Iceberg spec defines `replace` as
 * "data and delete files were added and removed without changing table data; i.e., compaction, changing
 * the data file format, or relocating data files" — a rewrite. The design note's amber "replace" is the
 * Delta/SQL `REPLACE TABLE`, which does change data and stays amber.
 */
import type { TableFormatName } from '../../core/api/dto.ts';

export type OpCategory = 'append' | 'delete' | 'overwrite' | 'compaction' | 'metadata' | 'rollback' | 'other';

export const OP_COLORS: Readonly<Record<OpCategory, string>> = {
  append: '#2e9d57',
  delete: '#d14343',
  overwrite: '#d98e04',
  compaction: '#2f6feb',
  metadata: '#8a9099',
  rollback: '#8b5cf6',
  other: '#5f6b7a',
};

export const OP_LABELS: Readonly<Record<OpCategory, string>> = {
  append: 'append', delete: 'delete', overwrite: 'overwrite / merge', compaction: 'compaction / rewrite',
  metadata: 'schema / metadata', rollback: 'rollback / restore', other: 'other',
};

/** The format's own operation names per category, for the legend. */
export const FORMAT_OP_NAMES: Readonly<Record<TableFormatName, Readonly<Partial<Record<OpCategory, string>>>>> = {
  iceberg: { append: 'append', delete: 'delete', overwrite: 'overwrite', compaction: 'replace' },
  paimon: { append: 'APPEND', overwrite: 'OVERWRITE', compaction: 'COMPACT', metadata: 'ANALYZE' },
  delta: { append: 'WRITE, STREAMING UPDATE', delete: 'DELETE', overwrite: 'MERGE, UPDATE, REPLACE TABLE', compaction: 'OPTIMIZE', metadata: 'CREATE TABLE, SET TBLPROPERTIES, ADD COLUMNS', rollback: 'RESTORE' },
  hudi: { append: 'commit, deltacommit', overwrite: 'replacecommit', compaction: 'compaction, clustering, clean', rollback: 'rollback, restore', metadata: 'savepoint' },
};

/**
 * Categories of the operation names seen so far: a table has a handful of names but 10,000 versions, and
 * the timeline asks for each version's category on its first paint (issue 17). Bounded: a hostile table
 * with a different name per version just stops being cached.
 */
const categories = new Map<string, OpCategory>();
const MAX_CACHED = 256;

/** The category of an operation name, whatever its format's spelling (case-insensitive). */
export function opCategory(operation: string): OpCategory {
  let c = categories.get(operation);
  if (c === undefined) {
    c = categoryOf(operation);
    if (categories.size < MAX_CACHED) categories.set(operation, c);
  }
  return c;
}

function categoryOf(operation: string): OpCategory {
  const op = operation.trim().toLowerCase();
  if (/rollback|restore/.test(op)) return 'rollback';
  if (/^(append|insert|write|commit|deltacommit|streaming update|create table as select|ctas)$/.test(op)) return 'append';
  if (/^(delete|truncate)$/.test(op)) return 'delete';
  if (/^(replace|compact|compaction|optimize|rewrite.*|clustering|clean|zorder|vacuum.*|reorg)$/.test(op)) return 'compaction';
  if (/overwrite|merge|update|replace table|replacecommit/.test(op)) return 'overwrite';
  if (/create table|set tblproperties|unset tblproperties|add columns|change column|rename column|drop columns|analyze|savepoint|upgrade protocol|schema|metadata/.test(op)) return 'metadata';
  return 'other';
}

export function opColor(operation: string): string {
  return OP_COLORS[opCategory(operation)];
}

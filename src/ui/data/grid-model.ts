/** Pure helpers of the data grid: cell text, column widths, and the row count known so far. */
import type { GridColumnDto, RowPageDto, SchemaDto } from '../../core/api/table-dto.ts';

/** Display text of a canonical value: strings as is, nested values as compact JSON, null marked. */
export function cellText(v: unknown): { text: string; full: string; isNull: boolean } {
  if (v === null || v === undefined) return { text: 'null', full: 'null', isNull: true };
  const full = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return { text: full.length > 200 ? `${full.slice(0, 199)}…` : full, full, isNull: false };
}

/** Pixel width per column kind (names longer than the kind's width widen it a little). */
export function columnWidth(c: GridColumnDto): number {
  const base = c.kind === 'number' ? 110 : c.kind === 'boolean' ? 80 : c.kind === 'time' ? 232 : c.kind === 'nested' ? 260 : c.kind === 'binary' ? 180 : 170;
  return Math.min(360, Math.max(base, 16 + c.name.length * 7.5));
}

/** Rows known so far and whether the scan finished, from the furthest page read. */
export function gridStatus(latest: RowPageDto | undefined): { rowCount: number; done: boolean } {
  if (!latest) return { rowCount: 0, done: false };
  return { rowCount: latest.rowsRead, done: latest.done || latest.cappedAt !== undefined };
}

/** Top-level column name → the format's type name, from the version's schema (the current one when it has none). */
export function columnTypes(schemas: readonly SchemaDto[], schemaId: string | undefined): Readonly<Record<string, string>> {
  const schema = schemas.find((s) => s.schemaId === schemaId) ?? schemas.find((s) => s.isCurrent);
  return Object.fromEntries((schema?.columns ?? []).map((c) => [c.name, c.type]));
}

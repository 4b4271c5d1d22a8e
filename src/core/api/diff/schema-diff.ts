/**
 * The diff of two schemas of the model: columns matched by field id (Iceberg, Paimon, Delta with column
 * mapping — a rename keeps the id, Iceberg spec "Schema Evolution"), by name where the ids are made-up
 * positions (`SchemaDto.idsArePositions`: Delta without column mapping, Hudi). Nested fields (struct
 * fields, list elements, map keys/values) are compared the same way, with dotted paths.
 */
import type { ColumnDto, SchemaDto } from '../../formats/table-format.ts';
import type { FieldChangeDto, SchemaDiffDto } from './diff-dto.ts';

/**
 * Changes from `from` to `to`. Must hold: a column in both is never reported added or dropped; a
 * reordering reports only the columns that moved (those outside the longest run kept in order).
 */
export function diffSchemas(from: SchemaDto | undefined, to: SchemaDto | undefined): SchemaDiffDto {
  const byName = !!(from?.idsArePositions || to?.idsArePositions);
  const changes: FieldChangeDto[] = [];
  if (from && to && from.schemaId !== to.schemaId) diffFields(from.columns, to.columns, '', '', byName, changes);
  return {
    ...(from ? { fromSchemaId: from.schemaId } : {}),
    ...(to ? { toSchemaId: to.schemaId } : {}),
    matchedBy: byName ? 'name' : 'field-id',
    changes,
  };
}

/** Top-level column names of `from` mapped to their names in `to` (a dropped column maps to nothing). */
export function columnNameMap(from: SchemaDto | undefined, to: SchemaDto | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!from || !to) return out;
  const byName = !!(from.idsArePositions || to.idsArePositions);
  const keyOf = (c: ColumnDto) => (byName ? c.name : String(c.id));
  const target = new Map(to.columns.map((c) => [keyOf(c), c.name]));
  for (const c of from.columns) { const n = target.get(keyOf(c)); if (n !== undefined) out.set(c.name, n); }
  return out;
}

function diffFields(a: readonly ColumnDto[], b: readonly ColumnDto[], pa: string, pb: string, byName: boolean, out: FieldChangeDto[]): void {
  const keyOf = (c: ColumnDto) => (byName ? `n:${c.name}` : `i:${c.id}`);
  const inB = new Map(b.map((c) => [keyOf(c), c]));
  const inA = new Map(a.map((c) => [keyOf(c), c]));
  const id = (c: ColumnDto) => (byName ? {} : { fieldId: c.id });
  for (const c of a) if (!inB.has(keyOf(c))) out.push({ kind: 'dropped', ...id(c), before: pa + c.name, from: c.type });
  for (const c of b) if (!inA.has(keyOf(c))) out.push({ kind: 'added', ...id(c), after: pb + c.name, to: c.type });
  const common = a.filter((c) => inB.has(keyOf(c)));
  const orderInB = common.map((c) => b.indexOf(inB.get(keyOf(c))!));
  const kept = longestIncreasing(orderInB);
  common.forEach((ca, k) => {
    const cb = inB.get(keyOf(ca))!;
    const before = pa + ca.name;
    const after = pb + cb.name;
    const base = { ...id(ca), before, after };
    if (ca.name !== cb.name) out.push({ kind: 'renamed', ...base, from: ca.name, to: cb.name });
    if (!kept.has(k)) out.push({ kind: 'reordered', ...base, from: String(a.indexOf(ca)), to: String(b.indexOf(cb)) });
    if (ca.required !== cb.required) out.push({ kind: 'nullability', ...base, from: ca.required ? 'required' : 'optional', to: cb.required ? 'required' : 'optional' });
    const nested = ca.children !== undefined && cb.children !== undefined;
    if (!nested && ca.type !== cb.type) out.push({ kind: isWidening(ca.type, cb.type) ? 'type-widened' : 'type-changed', ...base, from: ca.type, to: cb.type });
    if ((ca.doc ?? '') !== (cb.doc ?? '')) out.push({ kind: 'doc', ...base, from: ca.doc ?? '', to: cb.doc ?? '' });
    if (nested) diffFields(ca.children!, cb.children!, `${before}.`, `${after}.`, byName, out);
  });
}

/**
 * Type promotions every format allows without rewriting data (Iceberg spec "Schema Evolution": int →
 * long, float → double, decimal(P,S) → decimal(P',S) with P' > P; Iceberg v3 / Delta type widening also
 * byte/short → int/long, date → timestamp). Type names are matched case-insensitively.
 */
export function isWidening(from: string, to: string): boolean {
  const f = from.toLowerCase().replace(/\s+/g, '');
  const t = to.toLowerCase().replace(/\s+/g, '');
  const ints = ['byte', 'tinyint', 'short', 'smallint', 'int', 'integer', 'long', 'bigint'];
  const rank = (x: string) => ({ byte: 0, tinyint: 0, short: 1, smallint: 1, int: 2, integer: 2, long: 3, bigint: 3 } as Record<string, number>)[x];
  if (ints.includes(f) && ints.includes(t)) return rank(t)! > rank(f)!;
  if (f === 'float' && t === 'double') return true;
  if (f === 'date' && /^timestamp/.test(t)) return true;
  const df = /^decimal\((\d+),(\d+)\)$/.exec(f);
  const dt = /^decimal\((\d+),(\d+)\)$/.exec(t);
  if (df && dt) return Number(dt[2]) >= Number(df[2]) && Number(dt[1]) - Number(dt[2]) >= Number(df[1]) - Number(df[2]) && (dt[1] !== df[1] || dt[2] !== df[2]);
  return false;
}

/** Indices of one longest strictly increasing subsequence of `xs` (patience sorting, O(n log n)). */
function longestIncreasing(xs: readonly number[]): Set<number> {
  const tails: number[] = [];
  const prev: number[] = new Array(xs.length).fill(-1);
  for (let i = 0; i < xs.length; i++) {
    let lo = 0; let hi = tails.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (xs[tails[mid]!]! < xs[i]!) lo = mid + 1; else hi = mid; }
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const out = new Set<number>();
  for (let k = tails.length ? tails[tails.length - 1]! : -1; k >= 0; k = prev[k]!) out.add(k);
  return out;
}

/**
 * Schema evolution by field id (Iceberg spec "Schema Evolution": columns are tracked by id, so a rename
 * keeps the id and a drop + add of the same name gets a new one). Compares consecutive schemas and says,
 * per field, what happened: added, dropped, renamed, type promoted (or changed), made optional/required,
 * reordered among its siblings, doc changed.
 */
import type { ColumnDto, SchemaDto, VersionDto } from '../../core/api/table-dto.ts';

export interface FlatField {
  readonly id: number;
  /** Dotted path of names, e.g. `location.lat`, `tags.element`. */
  readonly path: string;
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly doc?: string;
  /** Id of the parent field; -1 for top-level fields. */
  readonly parentId: number;
  readonly depth: number;
}

export type ChangeKind = 'added' | 'dropped' | 'renamed' | 'promoted' | 'type-changed' | 'made-optional' | 'made-required' | 'reordered' | 'doc-changed';

export interface FieldChange {
  readonly kind: ChangeKind;
  readonly id: number;
  /** Path in the newer schema (in the older one for `dropped`). */
  readonly path: string;
  readonly before?: string;
  readonly after?: string;
}

export interface SchemaStep {
  readonly from?: SchemaDto;
  readonly to: SchemaDto;
  readonly changes: readonly FieldChange[];
}

/** Every field of a schema, depth-first in schema order. */
export function flattenSchema(columns: readonly ColumnDto[]): FlatField[] {
  const out: FlatField[] = [];
  const walk = (cols: readonly ColumnDto[], prefix: string, parentId: number, depth: number) => {
    for (const c of cols) {
      const path = prefix ? `${prefix}.${c.name}` : c.name;
      out.push({ id: c.id, path, name: c.name, type: c.type, required: c.required, doc: c.doc, parentId, depth });
      if (c.children) walk(c.children, path, c.id, depth + 1);
    }
  };
  walk(columns, '', -1, 0);
  return out;
}

/** Iceberg's allowed promotions: int→long, float→double, decimal(P,S)→decimal(P',S) with P' > P (spec "Schema Evolution"). */
export function isPromotion(from: string, to: string): boolean {
  if (from === 'int' && to === 'long') return true;
  if (from === 'float' && to === 'double') return true;
  const a = /^decimal\((\d+),\s*(\d+)\)$/.exec(from);
  const b = /^decimal\((\d+),\s*(\d+)\)$/.exec(to);
  if (a && b) return a[2] === b[2] && Number(b[1]) > Number(a[1]);
  if (from === 'date' && /^timestamp/.test(to)) return true; // v3: date → timestamp(_ns)
  return false;
}

/** Changes from `a` to `b` by field id. Nested type strings changing only because a child changed are not reported twice. */
export function diffSchemas(a: SchemaDto, b: SchemaDto): FieldChange[] {
  const before = new Map(flattenSchema(a.columns).map((f) => [f.id, f]));
  const afterList = flattenSchema(b.columns);
  const after = new Map(afterList.map((f) => [f.id, f]));
  const out: FieldChange[] = [];
  for (const f of afterList) {
    const o = before.get(f.id);
    if (!o) { if (!before.has(f.parentId) || f.parentId === -1 || after.has(f.parentId)) out.push({ kind: 'added', id: f.id, path: f.path, after: f.type }); continue; }
    if (o.name !== f.name) out.push({ kind: 'renamed', id: f.id, path: f.path, before: o.name, after: f.name });
    const primitive = !/[<>]/.test(o.type) && !/[<>]/.test(f.type) && o.type !== 'struct' && f.type !== 'struct';
    if (o.type !== f.type && primitive) out.push({ kind: isPromotion(o.type, f.type) ? 'promoted' : 'type-changed', id: f.id, path: f.path, before: o.type, after: f.type });
    if (o.required && !f.required) out.push({ kind: 'made-optional', id: f.id, path: f.path });
    if (!o.required && f.required) out.push({ kind: 'made-required', id: f.id, path: f.path });
    if ((o.doc ?? '') !== (f.doc ?? '')) out.push({ kind: 'doc-changed', id: f.id, path: f.path, before: o.doc, after: f.doc });
  }
  for (const o of before.values()) if (!after.has(o.id)) out.push({ kind: 'dropped', id: o.id, path: o.path, before: o.type });
  out.push(...reordered(before, afterList));
  return out;
}

/** Fields whose position among the siblings both schemas share changed. */
function reordered(before: Map<number, FlatField>, afterList: readonly FlatField[]): FieldChange[] {
  const byParent = (fields: Iterable<FlatField>, keep: (f: FlatField) => boolean) => {
    const m = new Map<number, number[]>();
    for (const f of fields) if (keep(f)) { const l = m.get(f.parentId) ?? []; l.push(f.id); m.set(f.parentId, l); }
    return m;
  };
  const afterIds = new Set(afterList.map((f) => f.id));
  const old = byParent(before.values(), (f) => afterIds.has(f.id));
  const now = byParent(afterList, (f) => before.has(f.id) && before.get(f.id)!.parentId === f.parentId);
  const out: FieldChange[] = [];
  for (const [parent, ids] of now) {
    const oldIds = (old.get(parent) ?? []).filter((id) => ids.includes(id));
    ids.forEach((id, i) => {
      if (oldIds[i] !== id) out.push({ kind: 'reordered', id, path: afterList.find((f) => f.id === id)!.path, before: String(oldIds.indexOf(id) + 1), after: String(i + 1) });
    });
  }
  return out;
}

/** Schemas in id order, each with its changes from the previous one. */
export function schemaHistory(schemas: readonly SchemaDto[]): SchemaStep[] {
  const sorted = [...schemas].sort((x, y) => Number(x.schemaId) - Number(y.schemaId));
  return sorted.map((to, i) => ({ from: sorted[i - 1], to, changes: i === 0 ? [] : diffSchemas(sorted[i - 1], to) }));
}

/** Which versions were written with each schema id (versions without a schema id are left out). */
export function versionsBySchema(versions: readonly VersionDto[]): Map<string, VersionDto[]> {
  const m = new Map<string, VersionDto[]>();
  for (const v of versions) {
    if (v.schemaId === undefined) continue;
    const l = m.get(v.schemaId) ?? [];
    l.push(v);
    m.set(v.schemaId, l);
  }
  return m;
}

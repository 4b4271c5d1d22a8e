/**
 * Schema evolution by field id (Iceberg spec "Schema Evolution": columns are tracked by id, so a rename
 * keeps the id and a drop + add of the same name gets a new one). Compares consecutive schemas and says,
 * per field, what happened: added, dropped, renamed, type promoted (or changed), made optional/required,
 * reordered among its siblings, doc changed. Formats without field ids (Delta without column mapping,
 * Hudi) are compared by path instead: a rename then shows as a drop and an add, which is what such a
 * table's readers see too (they match columns by name).
 */
import type { ColumnDto, SchemaDto, OverviewVersionDto } from '../../core/api/table-dto.ts';

export interface FlatField {
  /** The format's field id; absent where the format has none. */
  readonly id?: number;
  /** Dotted path of names, e.g. `location.lat`, `tags.element`. */
  readonly path: string;
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly doc?: string;
  /** Path of the parent field; '' for top-level fields. */
  readonly parentPath: string;
  readonly depth: number;
}

export type ChangeKind = 'added' | 'dropped' | 'renamed' | 'promoted' | 'type-changed' | 'made-optional' | 'made-required' | 'reordered' | 'doc-changed';

export interface FieldChange {
  readonly kind: ChangeKind;
  /** The field id, where both schemas have ids (the diff was by id). */
  readonly id?: number;
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
  const walk = (cols: readonly ColumnDto[], prefix: string, depth: number) => {
    for (const c of cols) {
      const path = prefix ? `${prefix}.${c.name}` : c.name;
      out.push({ ...(c.id !== undefined ? { id: c.id } : {}), path, name: c.name, type: c.type, required: c.required, doc: c.doc, parentPath: prefix, depth });
      if (c.children) walk(c.children, path, depth + 1);
    }
  };
  walk(columns, '', 0);
  return out;
}

/** True when every field of the schema carries a field id (then fields are tracked by id). */
function hasFieldIds(columns: readonly ColumnDto[]): boolean {
  return flattenSchema(columns).every((f) => f.id !== undefined);
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

/**
 * Changes from `a` to `b`: by field id when both schemas have ids on every field, else by path (names).
 * Nested type strings changing only because a child changed are not reported twice.
 */
export function diffSchemas(a: SchemaDto, b: SchemaDto): FieldChange[] {
  const byId = hasFieldIds(a.columns) && hasFieldIds(b.columns);
  const beforeList = flattenSchema(a.columns);
  const afterList = flattenSchema(b.columns);
  // Identity of a field, and of its parent: the id (by id) or the path (by name).
  const key = (f: FlatField): string => (byId ? `#${f.id}` : f.path);
  const keyOfPath = (list: readonly FlatField[]) => new Map(list.map((f) => [f.path, key(f)]));
  const beforePaths = keyOfPath(beforeList);
  const afterPaths = keyOfPath(afterList);
  const parentKey = (f: FlatField, paths: Map<string, string>) => (f.parentPath === '' ? '' : paths.get(f.parentPath) ?? '');
  const before = new Map(beforeList.map((f) => [key(f), f]));
  const after = new Map(afterList.map((f) => [key(f), f]));
  const idOf = (f: FlatField) => (byId ? { id: f.id } : {});
  const out: FieldChange[] = [];
  for (const f of afterList) {
    const o = before.get(key(f));
    if (!o) { out.push({ kind: 'added', ...idOf(f), path: f.path, after: f.type }); continue; }
    if (o.name !== f.name) out.push({ kind: 'renamed', ...idOf(f), path: f.path, before: o.name, after: f.name });
    const primitive = !/[<>]/.test(o.type) && !/[<>]/.test(f.type) && o.type !== 'struct' && f.type !== 'struct';
    if (o.type !== f.type && primitive) out.push({ kind: isPromotion(o.type, f.type) ? 'promoted' : 'type-changed', ...idOf(f), path: f.path, before: o.type, after: f.type });
    if (o.required && !f.required) out.push({ kind: 'made-optional', ...idOf(f), path: f.path });
    if (!o.required && f.required) out.push({ kind: 'made-required', ...idOf(f), path: f.path });
    if ((o.doc ?? '') !== (f.doc ?? '')) out.push({ kind: 'doc-changed', ...idOf(f), path: f.path, before: o.doc, after: f.doc });
  }
  for (const [k, o] of before) if (!after.has(k)) out.push({ kind: 'dropped', ...idOf(o), path: o.path, before: o.type });
  out.push(...reordered(beforeList, afterList, key, (f) => parentKey(f, beforePaths), (f) => parentKey(f, afterPaths), idOf));
  return out;
}

/** Fields whose position among the siblings both schemas share changed. */
function reordered(
  beforeList: readonly FlatField[], afterList: readonly FlatField[], key: (f: FlatField) => string,
  parentBefore: (f: FlatField) => string, parentAfter: (f: FlatField) => string, idOf: (f: FlatField) => { id?: number },
): FieldChange[] {
  const before = new Map(beforeList.map((f) => [key(f), f]));
  const afterKeys = new Set(afterList.map(key));
  const byParent = (fields: readonly FlatField[], parent: (f: FlatField) => string, keep: (f: FlatField) => boolean) => {
    const m = new Map<string, string[]>();
    for (const f of fields) if (keep(f)) { const l = m.get(parent(f)) ?? []; l.push(key(f)); m.set(parent(f), l); }
    return m;
  };
  const old = byParent(beforeList, parentBefore, (f) => afterKeys.has(key(f)));
  const now = byParent(afterList, parentAfter, (f) => before.has(key(f)) && parentBefore(before.get(key(f))!) === parentAfter(f));
  const out: FieldChange[] = [];
  for (const [parent, keys] of now) {
    const oldKeys = (old.get(parent) ?? []).filter((k) => keys.includes(k));
    keys.forEach((k, i) => {
      const f = afterList.find((x) => key(x) === k)!;
      if (oldKeys[i] !== k) out.push({ kind: 'reordered', ...idOf(f), path: f.path, before: String(oldKeys.indexOf(k) + 1), after: String(i + 1) });
    });
  }
  return out;
}

/** A stable key of a change within one step (for lists and highlighting). */
export function changeKey(c: FieldChange): string {
  return `${c.kind}|${c.id ?? ''}|${c.path}`;
}

/**
 * Schemas in id order, each with its changes from the previous one. Ids are compared as whole numbers
 * (Hudi's are 17-digit instant times, beyond a double's exact range); where one is not a number (Hudi's
 * `create`) the order given is kept.
 */
export function schemaHistory(schemas: readonly SchemaDto[]): SchemaStep[] {
  const numeric = schemas.every((x) => /^\d+$/.test(x.schemaId));
  const sorted = numeric ? [...schemas].sort((x, y) => (BigInt(x.schemaId) < BigInt(y.schemaId) ? -1 : BigInt(x.schemaId) > BigInt(y.schemaId) ? 1 : 0)) : [...schemas];
  return sorted.map((to, i) => ({ from: sorted[i - 1], to, changes: i === 0 ? [] : diffSchemas(sorted[i - 1], to) }));
}

/** Which versions were written with each schema id (versions without a schema id are left out). */
export function versionsBySchema(versions: readonly OverviewVersionDto[]): Map<string, OverviewVersionDto[]> {
  const m = new Map<string, OverviewVersionDto[]>();
  for (const v of versions) {
    if (v.schemaId === undefined) continue;
    const l = m.get(v.schemaId) ?? [];
    l.push(v);
    m.set(v.schemaId, l);
  }
  return m;
}

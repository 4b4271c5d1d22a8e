/**
 * What both levels of the diff start from: the two versions resolved through the model (ids, branch or
 * tag names, times), their plans (no filter, all columns of each version's own schema), their schemas,
 * and which read tasks of the two plans are the same work — same files with the same deletes, deletion
 * vectors and log files applied — so the row diff never reads them.
 */
import { messageError } from '../../message-error.ts';
import type { AppliedFileDto, LakePlan, LakeTable, PlannedFileDto, SchemaDto, VersionDto, VersionSelector } from '../../formats/table-format.ts';

export interface DiffSide {
  readonly version: VersionDto;
  readonly plan: LakePlan;
  readonly schema?: SchemaDto;
  /** Position of the version in `versions()` (oldest first). */
  readonly index: number;
}

export interface DiffContext {
  readonly table: LakeTable;
  readonly versions: readonly VersionDto[];
  readonly schemas: readonly SchemaDto[];
  readonly from: DiffSide;
  readonly to: DiffSide;
  /** The side whose schema rows are compared in (the later version's). */
  readonly later: 'from' | 'to';
}

/** Opens both sides of a diff. Must hold: each selector names a version of the table (else the plan's NotFound). */
export async function diffContext(table: LakeTable, from: VersionSelector, to: VersionSelector, signal?: AbortSignal): Promise<DiffContext> {
  const [versions, schemas, planFrom, planTo] = await Promise.all([
    table.versions(signal), table.schemas(signal), table.plan({ ...from, signal }), table.plan({ ...to, signal }),
  ]);
  const side = (plan: LakePlan): DiffSide => {
    const index = versions.findIndex((v) => v.id === plan.versionId);
    if (index < 0) throw messageError('NotFound', 'error.diff.noVersion', { version: plan.versionId }, { version: plan.versionId });
    return { version: versions[index]!, plan, schema: schemaOfVersion(versions, schemas, index), index };
  };
  const a = side(planFrom);
  const b = side(planTo);
  return { table, versions, schemas, from: a, to: b, later: b.index >= a.index ? 'to' : 'from' };
}

/**
 * The schema a version was written with: its `schemaId`; else (formats that key schemas by the version
 * that set them: Delta, Hudi) the last schema set at or before it; else the current schema.
 */
export function schemaOfVersion(versions: readonly VersionDto[], schemas: readonly SchemaDto[], index: number): SchemaDto | undefined {
  const v = versions[index]!;
  if (v.schemaId !== undefined) {
    const s = schemas.find((x) => x.schemaId === v.schemaId);
    if (s) return s;
  }
  let best: SchemaDto | undefined;
  let bestAt = -1;
  for (const s of schemas) {
    const at = versions.findIndex((x) => x.id === s.schemaId);
    if (at >= 0 && at <= index && at >= bestAt) { best = s; bestAt = at; }
  }
  return best ?? schemas.find((s) => s.isCurrent) ?? schemas.at(-1);
}

/** Identity of an applied delete file / DV / log file (its content included, as far as the plan says). */
export function appliedKey(d: AppliedFileDto): string {
  return `${d.kind}|${d.path}|${d.records ?? ''}|${d.bytes ?? ''}`;
}

/**
 * Identity of a planned file as a read sees it: the file and everything that shapes its rows (rows and
 * bytes, row groups, residual, applied deletes with their sizes — a Hudi log file appended to, or one
 * whose blocks a version cannot see yet, differs in its records).
 */
export function fileSignature(f: PlannedFileDto): string {
  const deletes = f.deletes.map(appliedKey).sort().join(';');
  return `${f.path}|${f.records ?? ''}|${f.bytes}|${f.rowGroups?.join(',') ?? '*'}|${f.residual ?? ''}|${deletes}`;
}

/** Files of each task of a plan, by task index. */
export function filesByTask(plan: Pick<LakePlan, 'tasks' | 'files'>): PlannedFileDto[][] {
  const out: PlannedFileDto[][] = plan.tasks.map(() => []);
  for (const f of plan.files) out[f.task]?.push(f);
  return out;
}

/**
 * Tasks of each side that have no identical task on the other side (matched as a multiset of
 * signatures). Must hold: the skipped tasks of both sides pair up one to one with equal signatures, so
 * they yield the same rows and cancel out of any multiset difference.
 */
export function differingTasks(from: LakePlan, to: LakePlan): { from: number[]; to: number[]; skipped: number } {
  const sig = (files: PlannedFileDto[]) => files.map(fileSignature).sort().join('\n');
  const pending = new Map<string, number>();
  filesByTask(to).forEach((files) => { const s = sig(files); pending.set(s, (pending.get(s) ?? 0) + 1); });
  const fromOnly: number[] = [];
  const used = new Map<string, number>();
  let skipped = 0;
  filesByTask(from).forEach((files, i) => {
    const s = sig(files);
    const left = pending.get(s) ?? 0;
    if (left > 0) { pending.set(s, left - 1); used.set(s, (used.get(s) ?? 0) + 1); skipped++; } else fromOnly.push(i);
  });
  const toOnly: number[] = [];
  filesByTask(to).forEach((files, i) => {
    const s = sig(files);
    const u = used.get(s) ?? 0;
    if (u > 0) used.set(s, u - 1); else toOnly.push(i);
  });
  return { from: fromOnly, to: toOnly, skipped };
}

/**
 * The versions after `from` up to `to` (inclusive), oldest first, following `to`'s parents back to
 * `from`; where versions carry no parent, those between them in `versions()` order. Undefined when
 * `from` is not an ancestor of `to` (another branch, or later).
 */
export function versionPath(versions: readonly VersionDto[], fromIndex: number, toIndex: number): VersionDto[] | undefined {
  if (toIndex < fromIndex) return undefined;
  const byId = new Map(versions.map((v) => [v.id, v]));
  const fromId = versions[fromIndex]!.id;
  const path: VersionDto[] = [];
  let cur: VersionDto | undefined = versions[toIndex]!;
  let parents = true;
  while (cur && cur.id !== fromId) {
    path.push(cur);
    if (cur.parentId === undefined) { parents = false; break; }
    cur = byId.get(cur.parentId);
  }
  if (parents && cur?.id === fromId) return path.reverse();
  if (versions.slice(fromIndex + 1, toIndex + 1).some((v) => v.parentId !== undefined)) return undefined;
  return versions.slice(fromIndex + 1, toIndex + 1);
}

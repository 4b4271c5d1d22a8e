/**
 * One fuzz case, in-process: copy a fixture into a MemoryStorage, mutate one file, open the table
 * through the format registry (as the UI and CLI do), read the chosen version's rows, and classify the
 * outcome. The case is fully determined by (seed, format, index).
 */
import { noteText } from '../../core/messages/note.ts';
import { createHash } from 'node:crypto';
import type { RecordBatch } from 'apache-arrow';
import { TABLE_READERS } from '../../core/api/table-formats.ts';
import { canonicalRows, canonicalRowsText } from '../../core/arrow/canonical.ts';
import { isLakeError, type LakeError } from '../../core/errors.ts';
import { MemoryStorage } from '../../core/io/memory-storage.ts';
import { UNSIZED_KINDS, deltaCommitStillValid, isHint, isTarget, mutate, type FixtureFile, type Mutation } from './mutators.ts';
import { caseSeed, mulberry32 } from './prng.ts';
import { RecordingStorage } from './recording-storage.ts';
import type { FuzzFixture, FuzzFormat, FuzzVersion } from './fixture-set.ts';

/** Outcome classes; the FAIL- ones fail the run. */
export type Outcome =
  | 'expected rows' | 'no effect (file not read)' | 'no effect (bytes not read)' | 'rows + warning naming the file'
  | 'structural, exact rows (unsized file)' | 'structural, exact rows (Hudi log cut before later appends)' | `LakeError ${string}` | 'undetectable value change'
  | 'undetectable structural (Paimon index manifest)' | 'undetectable structural (same-size swap)'
  | 'undetectable structural (unsized Paimon manifest list)' | 'undetectable structural (Delta log file: whole actions cut or swapped)'
  | 'FAIL-hang' | 'FAIL-other-exception' | 'FAIL-structural-gave-rows' | 'FAIL-error-not-naming-file';

export interface CaseSpec {
  readonly index: number;
  readonly fixture: string;
  readonly version: string;
  readonly key: string;
  readonly kind: string;
  readonly mutation: string;
  readonly structural: boolean;
  readonly detail: string;
}

export interface CaseResult extends CaseSpec {
  readonly outcome: Outcome;
  /** Error message / why it failed (failures and errors only). */
  readonly message?: string;
  readonly ms: number;
}

/** The deterministic choice of fixture, version, file and mutation of case `index`. */
export function planCase(fixtures: readonly FuzzFixture[], seed: number, format: FuzzFormat, index: number): { spec: CaseSpec; fx: FuzzFixture; v: FuzzVersion; m: Mutation } {
  const rng = mulberry32(caseSeed(seed, format, index));
  const fx = rng.pick(fixtures);
  const v = rng.pick(fx.versions);
  const targets = fx.files.filter((f) => isTarget(fx.format, f.key));
  const touched = targets.filter((f) => v.touched.includes(f.key));
  const file: FixtureFile = touched.length && rng.chance(0.8) ? rng.pick(touched) : rng.pick(targets);
  const m = mutate(file, rng, targets);
  return {
    spec: { index, fixture: fx.name, version: v.id, key: file.key, kind: file.kind, mutation: m.name, structural: m.structural, detail: m.detail },
    fx, v, m,
  };
}

/** A MemoryStorage holding the fixture with `replace` (key → bytes) applied. */
async function storageOf(fx: FuzzFixture, replace?: { key: string; bytes: Uint8Array }): Promise<MemoryStorage> {
  const s = new MemoryStorage(`memory copy of ${fx.name}`);
  for (const f of fx.files) await s.write(f.key, replace?.key === f.key ? replace.bytes : f.bytes);
  return s;
}

/**
 * Opens the table, reads version `versionId`; returns the canonical rows text (as `sha256:<hex>` when
 * `hashed`, for versions whose expected file gives only the hash) and warnings.
 */
export async function readVersion(format: FuzzFormat, storage: RecordingStorage, versionId: string, signal: AbortSignal, hashed = false): Promise<{ text: string; warnings: string[] }> {
  const table = await TABLE_READERS[format]!.open(storage, { signal });
  const plan = await table.plan({ version: versionId, signal });
  const batches: RecordBatch[] = [];
  for (const task of plan.tasks) for await (const b of table.read(task, { signal })) batches.push(b);
  const text = canonicalRowsText(canonicalRows(batches, { columns: plan.columns }));
  const warnings = [...(table.warnings ?? []), ...plan.notes.map((n) => noteText(n)), ...readWarnings(table)];
  return { text: hashed ? `sha256:${createHash('sha256').update(text).digest('hex')}` : text, warnings };
}

/** Warnings a format gathers while reading (Hudi's skipped corrupt log blocks), where it keeps them. */
function readWarnings(table: object): string[] {
  const w = (table as { readWarnings?: unknown }).readWarnings;
  return Array.isArray(w) ? w.filter((x): x is string => typeof x === 'string') : [];
}

function timeout(ms: number, controller: AbortController): { promise: Promise<never>; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => { controller.abort(); reject(new HangError(ms)); }, ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

class HangError extends Error {
  constructor(ms: number) { super(`no result within ${ms} ms`); }
}

/** Runs case `index` and classifies it. */
export async function runCase(fixtures: readonly FuzzFixture[], seed: number, format: FuzzFormat, index: number, timeLimitMs: number): Promise<CaseResult> {
  const { spec, fx, v, m } = planCase(fixtures, seed, format, index);
  const file = fx.files.find((f) => f.key === spec.key)!;
  const storage = new RecordingStorage(await storageOf(fx, { key: spec.key, bytes: m.bytes }));
  const controller = new AbortController();
  const limit = timeout(timeLimitMs, controller);
  const started = performance.now();
  const done = (outcome: Outcome, message?: string): CaseResult => ({ ...spec, outcome, message, ms: Math.round(performance.now() - started) });
  let result: { text: string; warnings: string[] };
  try {
    result = await Promise.race([readVersion(format, storage, v.id, controller.signal, v.rowsText.startsWith('sha256:')), limit.promise]);
  } catch (e) {
    if (e instanceof HangError) return done('FAIL-hang', e.message);
    if (!isLakeError(e) || (e as LakeError).code === 'Internal') return done('FAIL-other-exception', describe(e));
    const le = e as LakeError;
    if (le.code === 'Aborted') return done('FAIL-hang', `aborted by the time limit: ${le.message}`);
    const wrapped = wrappedException(le);
    return namesFile(le, fx) ? done(`LakeError ${le.code}${wrapped ? ` (wraps ${wrapped})` : ''}`, le.message) : done('FAIL-error-not-naming-file', le.message);
  } finally {
    limit.clear();
  }
  const name = spec.key.slice(spec.key.lastIndexOf('/') + 1);
  const warned = result.warnings.some((w) => w.includes(name));
  const readFile = storage.reads.has(spec.key) || storage.heads.has(spec.key);
  // A read that fell back past the mutated file (a torn newest metadata file) and says so, naming the
  // file, is what the design asks for (the rows are then those of the older state).
  if (warned) return done('rows + warning naming the file');
  if (result.text === v.rowsText) {
    if (!readFile) return done('no effect (file not read)');
    if (!m.structural && m.spans && !storage.readAny(spec.key, m.spans)) return done('no effect (bytes not read)');
    if (!m.structural || isHint(file.kind)) return done('expected rows');
    if (UNSIZED_KINDS.has(file.kind)) return done('structural, exact rows (unsized file)');
    // A Hudi 0.x log file grows by appends: cut after whole blocks that are not visible at the read
    // instant, it is the file as it was before those appends (Hudi reads it the same way).
    if (file.kind === 'hudi-log' && isPrefix(m.bytes, file.bytes)) return done('structural, exact rows (Hudi log cut before later appends)');
    if (m.name === 'swap' && m.bytes.length === file.bytes.length) return done('undetectable structural (same-size swap)', 'the expected rows');
    return done('FAIL-structural-gave-rows', 'the expected rows, without an error');
  }
  if (!m.structural) return done('undetectable value change');
  // Paimon records neither the size nor the entry count of an index manifest: a cut or swapped one
  // drops deletion vectors without a trace. Reported as its own class, not hidden among the passes.
  if (file.kind === 'paimon-index-manifest') return done('undetectable structural (Paimon index manifest)', 'wrong rows');
  // Older Paimon writers record no manifest list size; a list cut at a block boundary whose lost
  // entries balance (a compaction's ADD and DELETE together) keeps totalRecordCount right.
  if (file.kind === 'paimon-manifest-list' && !fx.sizedLists.has(file.key)) return done('undetectable structural (unsized Paimon manifest list)', 'wrong rows');
  if (m.name === 'swap' && m.bytes.length === file.bytes.length) return done('undetectable structural (same-size swap)', 'wrong rows');
  if (deltaCommitStillValid(file.kind, m, file.bytes)) return done('undetectable structural (Delta log file: whole actions cut or swapped)', 'wrong rows');
  return done('FAIL-structural-gave-rows', 'wrong rows');
}

function isPrefix(part: Uint8Array, whole: Uint8Array): boolean {
  if (part.length > whole.length) return false;
  for (let i = 0; i < part.length; i++) if (part[i] !== whole[i]) return false;
  return true;
}

/**
 * The name of a non-LakeError exception (TypeError, RangeError, a wasm panic…) somewhere in the cause
 * chain: a decoder or engine exception the engine wrapped, reported apart from checks that fired.
 */
function wrappedException(e: LakeError): string | undefined {
  let c: unknown = e.cause;
  for (let depth = 0; c !== undefined && c !== null && depth < 10; depth++) {
    if (!isLakeError(c)) return (c as Error)?.name ?? typeof c;
    c = (c as LakeError).cause;
  }
  return undefined;
}

/** A LakeError names a file when its context does, or its message holds a file name of the table. */
function namesFile(e: LakeError, fx: FuzzFixture): boolean {
  const c = e.context;
  if (c.file || c.key || c.dataFile) return true;
  return fx.files.some((f) => e.message.includes(f.key.slice(f.key.lastIndexOf('/') + 1)));
}

function describe(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}${isLakeError(e) ? '' : `\n${e.stack?.split('\n').slice(1, 6).join('\n')}`}`;
  return String(e);
}

/** Fills each version's `touched` keys by one clean read (a clean read must give the expected rows). */
export async function baseline(fixtures: readonly FuzzFixture[]): Promise<void> {
  for (const fx of fixtures) {
    for (const v of fx.versions) {
      const storage = new RecordingStorage(await storageOf(fx));
      const r = await readVersion(fx.format, storage, v.id, new AbortController().signal, v.rowsText.startsWith('sha256:'));
      if (r.text !== v.rowsText) throw new Error(`fuzz baseline: ${fx.name} version ${v.id} does not read its expected rows unmutated`);
      v.touched = [...new Set([...storage.reads.keys(), ...storage.heads])];
    }
  }
}

/** The fuzz figures: cases per outcome class (per format), and samples of every failure to replay. */
import type { CaseResult } from './case.ts';

/** True for the outcome classes that fail a run. */
export const isFailure = (r: CaseResult): boolean => r.outcome.startsWith('FAIL-');

/** Counts per outcome, in a fixed order (good outcomes, errors by code, then failures). */
function tally(results: readonly CaseResult[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.outcome, (counts.get(r.outcome) ?? 0) + 1);
  const rank = (k: string) => (k.startsWith('FAIL-') ? 3 : k.startsWith('LakeError') ? 1 : k.startsWith('undetectable') ? 2 : 0);
  return [...counts].sort((a, b) => rank(a[0]) - rank(b[0]) || a[0].localeCompare(b[0]));
}

/** A plain-text table of the figures of one format. */
export function formatTable(format: string, results: readonly CaseResult[], wallMs: number): string {
  const rows = tally(results);
  const width = Math.max(28, ...rows.map(([k]) => k.length));
  const lines = [`${format}: ${results.length} cases in ${(wallMs / 1000).toFixed(1)} s`, `  ${'outcome'.padEnd(width)}  cases`];
  for (const [k, n] of rows) lines.push(`  ${k.padEnd(width)}  ${String(n).padStart(5)}`);
  const fails = results.filter(isFailure).length;
  lines.push(`  ${'FAIL total'.padEnd(width)}  ${String(fails).padStart(5)}`);
  return lines.join('\n');
}

/** Structural mutations by how they ended, and value changes that went unnoticed, per file kind. */
export function breakdown(results: readonly CaseResult[]): string {
  const m = new Map<string, number>();
  for (const r of results) {
    const k = `${r.kind} / ${r.mutation} → ${r.outcome}`;
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return [...m].sort((a, b) => a[0].localeCompare(b[0])).map(([k, n]) => `  ${String(n).padStart(5)}  ${k}`).join('\n');
}

/** Up to `perClass` failing cases per (outcome, kind, mutation), with what to replay them. */
export function failureSamples(results: readonly CaseResult[], seed: number, perClass = 3): string {
  const seen = new Map<string, number>();
  const out: string[] = [];
  for (const r of results.filter(isFailure)) {
    const k = `${r.outcome}|${r.kind}|${r.mutation}`;
    const n = seen.get(k) ?? 0;
    seen.set(k, n + 1);
    if (n >= perClass) continue;
    out.push(`  ${r.outcome}: --seed ${seed} --case ${r.index}: ${r.fixture} v${r.version} ${r.key} (${r.kind}) ${r.mutation}: ${r.detail}\n      ${(r.message ?? '').split('\n').join('\n      ')}`);
  }
  return out.join('\n');
}

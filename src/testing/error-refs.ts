/**
 * Inventory of engine errors a person can meet in the app that carry no catalog message (issue 20): every
 * `new LakeError(…)` in the code the app runs (src/core, src/worker, src/platform/browser; tests, the CLI
 * and Node adapters apart) whose options object has no `ref` — those reach a zh-CN reader in English,
 * marked "not translated". `messageError(…)` always carries one. Parsed with the TypeScript compiler, so
 * strings and comments never count. Run `npx tsx src/testing/error-refs.ts` for the list and counts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SRC = resolve(dirname(new URL(import.meta.url).pathname), '..');
/** The folders whose code runs in the app (the page or its workers). */
export const APP_DIRS = ['core', 'worker', 'platform/browser'];

/** One `new LakeError(…)` without a catalog reference. */
export interface UnrefError {
  /** Path under src/. */
  readonly file: string;
  readonly line: number;
  /** The code argument as written (`'Conflict'`, or an expression). */
  readonly code: string;
  /** The message argument as written (a template or an expression), shortened. */
  readonly message: string;
}

/**
 * Files under APP_DIRS whose errors no reader can meet, under src/, each with why. Only test tooling belongs
 * here: error-refs.test.ts checks that no code the app or the CLI runs uses FaultStorage.
 */
export const NOT_IN_APP: Readonly<Record<string, string>> = {
  // The fault-injecting Storage decorator: its errors are injected by tests (commit, read-fault and contract
  // suites); no adapter the app or the CLI opens is wrapped in it, and core/io/index.ts's export is used by tests only.
  'core/io/fault-storage.ts': 'test tooling: injected faults',
};

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$|\.test-support\.ts$/.test(name) && !Object.hasOwn(NOT_IN_APP, relative(SRC, p))) out.push(p);
  }
  return out;
}

/** True when the 4th argument of `new LakeError` is an object literal naming `ref` (or spreads something that may). */
function hasRef(options: ts.Expression | undefined): boolean {
  if (!options) return false;
  if (ts.isObjectLiteralExpression(options)) {
    return options.properties.some((p) => ts.isSpreadAssignment(p) || (p.name !== undefined && ts.isIdentifier(p.name) && p.name.text === 'ref'));
  }
  if (ts.isConditionalExpression(options)) return hasRef(options.whenTrue) && hasRef(options.whenFalse);
  if (ts.isParenthesizedExpression(options)) return hasRef(options.expression);
  return false;
}

/** The `new LakeError(…)` sites without a reference in one source text. */
export function unrefErrorsIn(file: string, text: string): UnrefError[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: UnrefError[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'LakeError') {
      const args = node.arguments ?? [];
      // A copy that keeps another error's ref (`{ cause: e, ref: e.ref }`) counts as carrying one.
      if (!hasRef(args[3])) {
        out.push({
          file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
          code: args[0]?.getText(sf) ?? '', message: (args[1]?.getText(sf) ?? '').replace(/\s+/g, ' ').slice(0, 140),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every such site in the app's code, by file under src/. */
export function unrefErrors(dirs: readonly string[] = APP_DIRS): UnrefError[] {
  return dirs.flatMap((d) => walk(join(SRC, d), [])).flatMap((p) => unrefErrorsIn(relative(SRC, p), readFileSync(p, 'utf8')));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const all = unrefErrors();
  const verbose = process.argv.includes('--list');
  const by = (key: (e: UnrefError) => string) => Object.entries(all.reduce<Record<string, number>>((m, e) => ({ ...m, [key(e)]: (m[key(e)] ?? 0) + 1 }), {})).sort((a, b) => b[1] - a[1]);
  console.log(`new LakeError(…) without a catalog reference in ${APP_DIRS.join(', ')}: ${all.length}`);
  console.log('by code:', by((e) => e.code).map(([k, n]) => `${k} ${n}`).join(', '));
  console.log('by folder:', by((e) => e.file.split('/').slice(0, 3).join('/')).map(([k, n]) => `${k} ${n}`).join(', '));
  if (verbose) for (const e of all) console.log(`${e.file}:${e.line} ${e.code} ${e.message}`);
}

/**
 * The layer rules of DESIGN.md, checked by walking every import in src/:
 * - core imports nothing outside core (no ui, worker, platform, cli, testing; no node:* builtins; no React);
 * - a format never imports a sibling format; inside a format spec/ ← scan/ ← inspect/, commit/;
 * - ui imports core only as `import type` and never platform/node;
 * - platform/browser and platform/node never import each other; worker never imports ui; cli never ui/worker.
 * Test files (*.test.ts) may additionally use node:* and src/testing, but the ui rules hold for them too.
 * And no control flow on a format name in worker/, cli/ or ui/ (DESIGN.md: "Worker, CLI and UI never
 * branch on the format name"): no `=== 'iceberg'` (nor !==, ==, !=) and no `case 'paimon':` outside tests.
 * Content keyed by format (a colour, a title, a spec link in a Record) is fine: it is data, not a branch.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(new URL(import.meta.url).pathname));

export interface ImportRef { spec: string; typeOnly: boolean; line: number }

/** Every static/dynamic import or re-export in a TS source text (parsed by the TypeScript compiler, so strings and comments never count). */
export function findImports(text: string): ImportRef[] {
  const sf = ts.createSourceFile('x.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: ImportRef[] = [];
  const lineOf = (n: ts.Node) => sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1;
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const allNamedTypeOnly = !!clause && !clause.name && !!clause.namedBindings && ts.isNamedImports(clause.namedBindings)
        && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly);
      out.push({ spec: node.moduleSpecifier.text, typeOnly: !!clause?.isTypeOnly || allNamedTypeOnly, line: lineOf(node) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      out.push({ spec: node.moduleSpecifier.text, typeOnly: node.isTypeOnly, line: lineOf(node) });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
      && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0])) {
      out.push({ spec: node.arguments[0].text, typeOnly: false, line: lineOf(node) });
    } else if (ts.isImportTypeNode(node)) {
      return; // `import('x').T` in a type position is type-only
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The layer a src-relative path belongs to, e.g. `core`, `core/formats/iceberg`, `ui`. */
function areaOf(rel: string): string { return rel.split('/')[0]; }
function formatOf(rel: string): string | undefined {
  const m = /^core\/formats\/([^/]+)\//.exec(rel);
  return m ? m[1] : undefined;
}
const FORMAT_SUBLAYER_RANK: Record<string, number> = { spec: 0, scan: 1, inspect: 2, commit: 2 };
function sublayerOf(rel: string): string | undefined {
  const m = /^core\/formats\/[^/]+\/([^/]+)\//.exec(rel);
  return m && m[1] in FORMAT_SUBLAYER_RANK ? m[1] : undefined;
}

/** Returns a violation message, or undefined when `from` (src-relative file) may import `ref`. */
export function checkImport(from: string, ref: ImportRef, resolveTarget: (spec: string) => string | undefined): string | undefined {
  const isTest = /\.test(-helper|-support)?\.tsx?$/.test(from) || from.startsWith('testing/');
  const target = resolveTarget(ref.spec); // src-relative path, or undefined for packages/builtins
  const fromArea = areaOf(from);
  if (target === undefined) {
    if (fromArea === 'core' && !isTest) {
      if (ref.spec.startsWith('node:') || ['fs', 'path', 'os', 'crypto', 'url', 'zlib', 'stream'].includes(ref.spec)) return `core must not import Node builtin '${ref.spec}'`;
      if (/^react(-dom)?(\/|$)/.test(ref.spec)) return `core must not import '${ref.spec}'`;
    }
    return undefined;
  }
  if (target.startsWith('..')) return `import leaves src/: '${ref.spec}'`;
  const toArea = areaOf(target);
  if (fromArea === 'core') {
    if (toArea !== 'core' && !(isTest && (toArea === 'testing' || target.startsWith('platform/node/')))) return `core must not import ${toArea}/ ('${ref.spec}')`;
    const ff = formatOf(from); const tf = formatOf(target);
    if (ff && tf && ff !== tf) return `format ${ff} must not import format ${tf} ('${ref.spec}')`;
    if (ff && tf && ff === tf && !isTest) {
      const fs = sublayerOf(from); const ts = sublayerOf(target);
      if (fs && ts && fs !== ts && FORMAT_SUBLAYER_RANK[ts] >= FORMAT_SUBLAYER_RANK[fs]) return `${ff}/${fs} must not import ${ff}/${ts} ('${ref.spec}')`;
    }
  }
  // What lets the UI import the catalog: it stays pure text, importing nothing outside core/messages.
  if (from.startsWith('core/messages/') && !isTest && !target.startsWith('core/messages/')) return `core/messages must import only core/messages ('${ref.spec}')`;
  if (fromArea === 'ui' || from === 'main.tsx') {
    // The message catalog is the one exception: pure text the UI renders in the reader's language (it imports nothing else of core).
    if (toArea === 'core' && !ref.typeOnly && !target.startsWith('core/messages/')) return `ui may import core only as 'import type' ('${ref.spec}')`;
    if (toArea === 'platform' || toArea === 'cli') return `ui must not import ${toArea}/ ('${ref.spec}')`;
  }
  if (from.startsWith('platform/browser/') && target.startsWith('platform/node/')) return `platform/browser must not import platform/node ('${ref.spec}')`;
  if (from.startsWith('platform/node/') && target.startsWith('platform/browser/')) return `platform/node must not import platform/browser ('${ref.spec}')`;
  // Tests of the worker may read fixtures from disk through platform/node; the worker itself never does.
  if (fromArea === 'worker' && (toArea === 'ui' || toArea === 'cli' || (target.startsWith('platform/node/') && !isTest))) return `worker must not import ${target}`;
  if (fromArea === 'cli' && (toArea === 'ui' || toArea === 'worker' || toArea === 'platform' && !target.startsWith('platform/node/'))) return `cli must not import ${target}`;
  return undefined;
}

/** Format names a branch must not test for (the registry's and the detector's names). */
const FORMAT_NAMES = new Set(['iceberg', 'paimon', 'delta', 'hudi']);

/**
 * Comparisons with and `case` labels of a format-name string literal in a TS source text, as
 * `line: code` — control flow on the format, which belongs in the format (its capabilities, its tree).
 */
export function findFormatBranches(text: string): string[] {
  const sf = ts.createSourceFile('x.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: string[] = [];
  const isName = (n: ts.Node) => (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && FORMAT_NAMES.has(n.text);
  const at = (n: ts.Node) => `${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${n.getText(sf).slice(0, 80)}`;
  const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind) && (isName(node.left) || isName(node.right))) out.push(at(node));
    else if (ts.isCaseClause(node) && isName(node.expression)) out.push(at(node.expression));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolverFor(file: string): (spec: string) => string | undefined {
  return (spec) => (spec.startsWith('.') ? relative(SRC, resolve(dirname(file), spec)) : undefined);
}

describe('architecture', () => {
  it('the checker itself catches each kind of violation', () => {
    const r = (target: string) => () => target;
    const imp = (spec: string, typeOnly = false): ImportRef => ({ spec, typeOnly, line: 1 });
    expect(checkImport('core/io/x.ts', imp('../../ui/app'), r('ui/app'))).toMatch(/core must not import ui/);
    expect(checkImport('core/io/x.ts', imp('node:fs'), () => undefined)).toMatch(/Node builtin/);
    expect(checkImport('core/formats/iceberg/a.ts', imp('../paimon/b'), r('core/formats/paimon/b'))).toMatch(/must not import format/);
    expect(checkImport('core/formats/iceberg/spec/a.ts', imp('../scan/b'), r('core/formats/iceberg/scan/b'))).toMatch(/spec must not import/);
    expect(checkImport('ui/a.tsx', imp('../core/errors'), r('core/errors'))).toMatch(/import type/);
    expect(checkImport('ui/a.tsx', imp('../core/errors', true), r('core/errors'))).toBeUndefined();
    expect(checkImport('core/formats/iceberg/scan/a.ts', imp('../spec/b'), r('core/formats/iceberg/spec/b'))).toBeUndefined();
    expect(findImports("import type { A } from '../core/x';\nimport {\n  b,\n} from './y';\nconst m = await import('../ui/z');"))
      .toEqual([
        { spec: '../core/x', typeOnly: true, line: 1 },
        { spec: './y', typeOnly: false, line: 2 },
        { spec: '../ui/z', typeOnly: false, line: 5 },
      ]);
  });

  it('every import in src/ follows the layer rules', () => {
    const files = walk(SRC);
    expect(files.length).toBeGreaterThan(3);
    const violations: string[] = [];
    for (const file of files) {
      const rel = relative(SRC, file);
      for (const ref of findImports(readFileSync(file, 'utf8'))) {
        const v = checkImport(rel, ref, resolverFor(file));
        if (v) violations.push(`src/${rel}:${ref.line}: ${v}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('the format-branch checker finds comparisons and case labels, not data keyed by format', () => {
    expect(findFormatBranches("if (format === 'iceberg') x();\nconst y = t.format !== `paimon`;")).toEqual(["1: format === 'iceberg'", '2: t.format !== `paimon`']);
    expect(findFormatBranches("switch (f) { case 'hudi': break; case 'other': break; }")).toEqual(["1: 'hudi'"]);
    expect(findFormatBranches("const COLOUR = { iceberg: 'blue', delta: 'green' };\nconst t = TITLES['paimon'];\nconst s = 'iceberg';")).toEqual([]);
  });

  it('worker, cli and ui never branch on a format name (tests aside)', () => {
    const violations: string[] = [];
    for (const area of ['worker', 'cli', 'ui']) {
      for (const file of walk(join(SRC, area))) {
        if (/\.test(-helper|-support)?\.tsx?$/.test(file)) continue;
        for (const v of findFormatBranches(readFileSync(file, 'utf8'))) violations.push(`src/${relative(SRC, file)}:${v}`);
      }
    }
    expect(violations).toEqual([]);
  });
});

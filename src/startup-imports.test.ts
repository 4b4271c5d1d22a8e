/**
 * What the first paint has to load (issue 17), checked on the import graph: the modules an entry reaches
 * through static value imports land in the chunk the browser fetches and compiles before that entry runs.
 * Dynamic `import()` and `import type` are not followed (they cost nothing at startup).
 * - the page's entry (main.tsx) must not reach the message catalog (~215 kB; core/boundary-error.ts says how
 *   the page's own errors get their English without it).
 * - opening an Iceberg table (core/formats/iceberg/table.ts) does not load its writers, its reader (Arrow,
 *   Parquet, ORC and delete files) or its metadata tables: those are imported when first used.
 * - the engine worker's entry (worker/engine-worker.ts) reaches what connecting and opening a deep link's
 *   Iceberg table need, not Arrow, the ORC codec, Parquet's row readers, SQL, diffs or writes: worker/engine.ts
 *   imports those handler groups on their first call (lazy-calls.ts).
 * - the UI's chunk (ui/mount.tsx) does not reach the Chinese catalog (~250 kB built): it is imported before the
 *   first render only for a Chinese reader, or on a switch to Chinese.
 * - the engine worker reaches the engine's part of the English catalog (core/messages/en-engine.ts), never the
 *   page's (en-page.ts: the UI's labels, lessons, story, diffs…, ~90 kB it never formats), neither from its entry
 *   nor from the handler groups it imports later.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(new URL(import.meta.url).pathname));

/** The specifiers `text` imports statically as values (side-effect imports included), packages too. */
export function staticValueSpecifiers(text: string): string[] {
  const sf = ts.createSourceFile('x.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: string[] = [];
  for (const node of sf.statements) {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const c = node.importClause;
      const typeOnly = !!c && (c.isTypeOnly || (!c.name && !!c.namedBindings && ts.isNamedImports(c.namedBindings)
        && c.namedBindings.elements.length > 0 && c.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      out.push(node.moduleSpecifier.text);
    }
  }
  return out;
}

/** The relative specifiers `text` imports statically as values (side-effect imports included). */
export function staticValueImports(text: string): string[] {
  return staticValueSpecifiers(text).filter((s) => s.startsWith('.'));
}

/** The packages (bare specifiers, e.g. `apache-arrow`, `hyparquet/src/x.js`) the modules of `closure` import statically. */
export function packagesReached(closure: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const rel of closure) for (const s of staticValueSpecifiers(readFileSync(resolve(SRC, rel), 'utf8'))) if (!s.startsWith('.')) out.add(s);
  return out;
}

/** The specifiers a method `method` of the classes in `text` imports dynamically (`import('./x.ts')`). */
export function methodDynamicImports(text: string, method: string): string[] {
  const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: string[] = [];
  const collect = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) out.push(n.arguments[0].text);
    ts.forEachChild(n, collect);
  };
  const visit = (n: ts.Node): void => {
    if (ts.isMethodDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === method) collect(n);
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** The relative specifiers `text` imports dynamically (`import('./x.ts')` with a literal specifier). */
export function dynamicImports(text: string): string[] {
  const sf = ts.createSourceFile('x.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])
      && n.arguments[0].text.startsWith('.')) out.push(n.arguments[0].text);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** Every src-relative module `entry` (src-relative) reaches through static value imports, `entry` included. */
export function staticClosure(entry: string, dynamic = false): Set<string> {
  const seen = new Set<string>();
  const visit = (rel: string) => {
    if (seen.has(rel) || !/\.tsx?$/.test(rel)) return;
    seen.add(rel);
    const file = resolve(SRC, rel);
    if (!existsSync(file)) throw new Error(`no file ${rel}`);
    const text = readFileSync(file, 'utf8');
    for (const spec of [...staticValueImports(text), ...(dynamic ? dynamicImports(text) : [])]) visit(relative(SRC, resolve(dirname(file), spec)));
  };
  visit(entry);
  return seen;
}

/** Every module `entry` reaches, the modules it imports later by `import()` and theirs included. */
export function fullClosure(entry: string): Set<string> {
  return staticClosure(entry, true);
}

describe('startup imports', () => {
  it('the walker follows static value imports only', () => {
    expect(staticValueImports("import type { A } from './a.ts';\nimport { type B } from './b.ts';\nimport { c, type D } from './c.ts';\nimport './d.css';\nexport { e } from './e.ts';\nconst f = await import('./f.ts');\nimport x from 'pkg';"))
      .toEqual(['./c.ts', './d.css', './e.ts']);
  });

  it('the page\'s entry does not load the message catalog', () => {
    const reached = staticClosure('main.tsx');
    expect(reached.has('worker/client.ts')).toBe(true);
    expect([...reached].filter((m) => m.startsWith('core/messages/') && m !== 'core/messages/en-boundary.ts')).toEqual([]);
  });

  it('the UI\'s chunk loads the Chinese catalog only for a Chinese reader (ui/common/language.ts loadCatalog)', () => {
    const reached = staticClosure('ui/mount.tsx');
    expect(reached.has('ui/app.tsx') && reached.has('core/messages/en.ts')).toBe(true);
    expect([...reached].filter((m) => /^core\/messages\/zh(-[\w-]+)?\.ts$/.test(m))).toEqual([]);
    expect(fullClosure('ui/mount.tsx').has('core/messages/zh.ts')).toBe(true);
  });

  it('opening an Iceberg table loads neither its writers nor its reader nor its metadata tables', () => {
    const reached = staticClosure('core/formats/iceberg/table.ts');
    expect(reached.has('core/formats/iceberg/io/current-metadata.ts')).toBe(true);
    const lazy = ['commit/write-model.ts', 'scan/read-task.ts', 'scan/deletes.ts', 'scan/file-projection.ts', 'scan/preview-read.ts', 'inspect/index.ts', 'inspect/deleted-positions.ts'];
    expect(lazy.filter((m) => reached.has(`core/formats/iceberg/${m}`))).toEqual([]);
  });

  it('the engine worker\'s entry reaches neither Arrow nor the ORC codec, Parquet\'s row readers, SQL, diffs or writes', () => {
    const reached = staticClosure('worker/engine-worker.ts');
    // What it must reach: the table handlers and Iceberg's table (else this test would pass on a broken walk).
    expect(reached.has('worker/engine-tables.ts') && reached.has('core/formats/iceberg/table.ts')).toBe(true);
    const packages = [...packagesReached(reached)];
    expect(packages.filter((p) => /^(apache-arrow|flatbuffers|hyparquet-compressors|parquet-wasm)(\/|$)/.test(p))).toEqual([]);
    const lazy = ['core/codecs/orc/', 'core/arrow/', 'core/api/sql/', 'core/api/diff/', 'core/codecs/parquet/rows.ts', 'core/codecs/parquet/arrow-reader.ts',
      'core/api/row-cursor.ts', 'core/api/raw-file.ts', 'core/formats/iceberg/inspect/index.ts', 'core/formats/paimon/io/', 'worker/engine-diff.ts', 'worker/engine-writes.ts', 'worker/engine-table-reads.ts'];
    expect([...reached].filter((m) => lazy.some((l) => m.startsWith(l)))).toEqual([]);
  });

  it('the engine worker reaches the engine\'s part of the message catalog, never the page\'s', () => {
    // The page's message parts (en-*.ts), not the helper that merges them (catalog-parts.ts, shared with en-engine.ts).
    const pageParts = staticValueImports(readFileSync(resolve(SRC, 'core/messages/en-page.ts'), 'utf8'))
      .map((s) => relative(SRC, resolve(SRC, 'core/messages', s))).filter((m) => /^core\/messages\/en-[\w-]+\.ts$/.test(m));
    expect(pageParts).toContain('core/messages/en-story.ts');
    const page = ['core/messages/en.ts', 'core/messages/en-page.ts', ...pageParts];
    const atStart = staticClosure('worker/engine-worker.ts');
    expect(atStart.has('core/messages/en-engine.ts')).toBe(true);
    expect(page.filter((m) => atStart.has(m))).toEqual([]);
    // Nor later: the handler groups the worker imports on their first call (diffs, SQL, writes, the story…).
    const ever = fullClosure('worker/engine-worker.ts');
    expect(ever.has('worker/engine-writes.ts') && ever.has('core/api/sql/run-sql.ts')).toBe(true);
    expect(page.filter((m) => ever.has(m))).toEqual([]);
  });

  it('an Iceberg table\'s write capabilities (asked by the writes bar as the table page opens) load neither the writers nor Arrow', () => {
    const table = 'core/formats/iceberg/table.ts';
    const loaded = methodDynamicImports(readFileSync(resolve(SRC, table), 'utf8'), 'capabilities')
      .map((s) => relative(SRC, resolve(dirname(resolve(SRC, table)), s)));
    expect(loaded.length).toBeGreaterThan(0);
    const reached = new Set(loaded.flatMap((m) => [...staticClosure(m)]));
    expect([...reached].filter((m) => m.endsWith('/write-model.ts') || m.startsWith('core/arrow/'))).toEqual([]);
    expect([...packagesReached(reached)].filter((p) => p.startsWith('apache-arrow'))).toEqual([]);
  });
});

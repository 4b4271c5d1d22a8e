/**
 * The engine's part of the catalog (issue 17; en-engine.ts) holds every message the engine can format: the
 * engine worker loads only that part, so a key named under src/core, src/worker or src/platform that lived in
 * the page's part (en-page.ts) would have no text there. Keys are found as catalog.test.ts finds them: quoted
 * literals with an area prefix (the engine builds no key from pieces; tsc checks the typed uses exist at all).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../testing/fixtures.ts';
import { en, type MessageKey } from './en.ts';
import { enEngine } from './en-engine.ts';
import { enPage } from './en-page.ts';
import { engineCatalog, format, formatRef } from './message-format.ts';
import { errorText, messageParts } from './message-parts.ts';
import { noteText } from './note.ts';

const SRC = join(REPO_ROOT, 'src');
const KEY = /['"`]((?:tree|ui|cli|health|error|facts|note|story)\.[A-Za-z0-9_.-]+)['"`]/g;
/** A catalog part (en-tree.ts, zh-ui.ts, …): the keys it defines are not uses. */
const CATALOG_FILE = /^core\/messages\/(en|zh)(-[a-z0-9-]+)?\.ts$/;
const TEST_FILE = /\.test\.tsx?$|\.test-support\.ts$/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** The catalog keys the non-test code under `dirs` names, each with the first file naming it. */
function keysNamedUnder(dirs: readonly string[]): Map<string, string> {
  const named = new Map<string, string>();
  for (const dir of dirs) {
    for (const file of sources(join(SRC, dir))) {
      const rel = relative(SRC, file);
      if (CATALOG_FILE.test(rel) || TEST_FILE.test(rel)) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(KEY)) if (Object.hasOwn(en, m[1]!) && !named.has(m[1]!)) named.set(m[1]!, rel);
    }
  }
  return named;
}

describe('the engine\'s catalog', () => {
  it('has every key the engine (core, worker, platform) names', () => {
    const named = keysNamedUnder(['core', 'worker', 'platform']);
    // The walk found the engine's keys (a broken walk would pass with none): a tree label, an error, a note.
    for (const k of ['tree.iceberg.dataFile', 'error.open.nothing', 'note.atVersion', 'ui.connection.label.demo']) expect(named.has(k), k).toBe(true);
    expect([...named].filter(([k]) => !Object.hasOwn(enEngine, k)).map(([k, file]) => `${k} (${file})`)).toEqual([]);
  });

  it('has the keys the engine looks up by their English text (expr/literal.ts whyRef)', () => {
    const byText = Object.keys(en).filter((k) => /^error\.expr\.why\./.test(k));
    expect(byText.length).toBeGreaterThan(0);
    expect(byText.filter((k) => !Object.hasOwn(enEngine, k))).toEqual([]);
  });

  it('merges only parts that are the engine\'s text: the engine names at least half the keys of each', async () => {
    // A part mostly of the page's text (en-writes.ts: 5 of its 91 keys the worker's) would put the rest in the
    // worker's first chunk for nothing: such keys move to a part of their side (issue 17).
    const named = keysNamedUnder(['core', 'worker', 'platform']);
    const parts = [...readFileSync(join(SRC, 'core/messages/en-engine.ts'), 'utf8').matchAll(/^import \{ (\w+) \} from '\.\/(en-[\w-]+)\.ts';$/gm)];
    expect(parts.length).toBeGreaterThan(10);
    const mostlyPage: string[] = [];
    for (const [, name, file] of parts) {
      const keys = Object.keys((await import(`./${file!}.ts`) as Record<string, object>)[name!]!);
      const engine = keys.filter((k) => named.has(k) || /^error\.expr\.why\./.test(k)).length;
      if (engine * 2 < keys.length) mostlyPage.push(`${file}: ${engine} of ${keys.length}`);
    }
    expect(mostlyPage).toEqual([]);
  });

  it('the page\'s part holds only keys no engine code names, and the two parts make the whole catalog', () => {
    const engine = Object.keys(enEngine);
    const page = Object.keys(enPage);
    expect(page.length).toBeGreaterThan(100);
    expect(page.filter((k) => Object.hasOwn(enEngine, k))).toEqual([]);
    expect([...engine, ...page].sort()).toEqual(Object.keys(en).sort());
    // Each engine message is en's own function: the engine's English is the page's English.
    expect(engine.filter((k) => (enEngine as Record<string, unknown>)[k] !== (en as Record<string, unknown>)[k])).toEqual([]);
  });

  it('formats the engine\'s messages as the whole catalog does, references inside references too', () => {
    expect(format('tree.iceberg.dataFile', { fileFormat: 'parquet', records: '1', partition: '', manifest: 'm.avro', deleted: false }))
      .toBe('A parquet data file with 1 row, listed by manifest m.avro.');
    const inner = { key: 'error.open.nothing', params: { location: 's3://b/t' } } as const;
    const outer = { key: 'error.within', params: { where: 'iceberg table', message: inner } };
    expect(errorText(outer)).toBe(errorText(outer, engineCatalog));
    expect(errorText(outer)).toBe(`iceberg table: ${errorText(inner)}`);
    expect(messageParts(outer)).toEqual(messageParts(outer, en));
    expect(noteText({ key: 'note.atVersion', params: { version: '7', note: { key: 'note.noSnapshotYet' } } })).toBe(formatRef({ key: 'note.atVersion', params: { version: '7', note: { key: 'note.noSnapshotYet' } } } as never, en));
    expect(Object.keys(engineCatalog).length).toBe(Object.keys(enEngine).length);
    expect(Object.keys(enEngine).every((k) => Object.hasOwn(en, k as MessageKey))).toBe(true);
  });
});

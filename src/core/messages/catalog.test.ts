/**
 * The catalog and the code agree: every key the code names exists in English (tsc checks typed uses; this
 * also catches keys in untyped places), and every English key is used somewhere (no dead text to translate).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../testing/fixtures.ts';
import { groupedCount, plural } from './catalog.ts';
import { en, format, formatRef, messageRef, type Messages, translate } from './en.ts';

const SRC = join(REPO_ROOT, 'src');
/** A catalog key as the code writes it: a quoted literal starting with an area prefix (not a file name). */
const KEY = /['"`]((?:tree|ui|cli|health|error|facts|note|story)\.[A-Za-z0-9_.-]+)['"`]/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** A catalog file (en.ts, en-errors12.ts, zh-orc-errors.ts, …): the keys it defines are not uses. */
const CATALOG_FILE = /^core\/messages\/(en|zh)(-[a-z0-9-]+)?\.ts$/;
/** A test or its support file: it may name keys (samples), which must exist, but naming them is not a use. */
const TEST_FILE = /\.test\.tsx?$|\.test-support\.ts$/;

/**
 * Keys the code finds by their English text rather than by name, so no literal names them: a key with `prefix`
 * (taking no parameters) is used when its English sentence is a quoted literal in one of `files` — the text those
 * files produce and look up (expr/literal.ts `whyRef` maps the reasons literal.ts and exact-literal.ts give).
 */
const LOOKED_UP_BY_TEXT: readonly { readonly prefix: string; readonly files: readonly string[] }[] = [
  { prefix: 'error.expr.why.', files: ['core/expr/literal.ts', 'core/expr/exact-literal.ts'] },
];

/** Where each key is named: the key and the files (under src/) naming it, catalog files left out. */
function namedKeys(files: Iterable<readonly [rel: string, text: string]>): Map<string, string[]> {
  const named = new Map<string, string[]>();
  for (const [rel, text] of files) {
    if (CATALOG_FILE.test(rel) || /^core\/messages\/catalog(-parity)?\.test\.ts$/.test(rel)) continue;
    for (const m of text.matchAll(KEY)) {
      if (/\.(tsx?|json|md|avro|parquet)$/.test(m[1]!)) continue;
      named.set(m[1]!, [...(named.get(m[1]!) ?? []), rel]);
    }
  }
  return named;
}

/** The keys of `catalog` no code uses: named by no file but tests and catalogs, nor looked up by their text. */
function deadKeys(catalog: Record<string, unknown>, files: ReadonlyMap<string, string>): string[] {
  const named = namedKeys(files);
  const byText = (k: string): boolean => LOOKED_UP_BY_TEXT.some(({ prefix, files: where }) => k.startsWith(prefix)
    && typeof catalog[k] === 'function' && (catalog[k] as () => string).length === 0
    && where.some((f) => [`'`, '`', '"'].some((q) => files.get(f)?.includes(`${q}${(catalog[k] as () => string)()}${q}`))));
  return Object.keys(catalog).filter((k) => !(named.get(k) ?? []).some((f) => !TEST_FILE.test(f)) && !byText(k));
}

describe('message catalog', () => {
  const files = new Map(sources(SRC).map((f) => [relative(SRC, f), readFileSync(f, 'utf8')] as const));

  it('every key the code (or a test) names exists in the English catalog', () => {
    const missing = [...namedKeys(files)].filter(([k]) => !(k in en)).map(([k, where]) => `${k} (${where[0]})`);
    expect(missing).toEqual([]);
  });

  it('has no unused keys: one only a catalog file or a test names is dead', () => {
    expect(deadKeys(en, files)).toEqual([]);
  });

  it('a key a numbered catalog defines and only its test samples is dead; one its code throws, or looks up by text, is not', () => {
    const catalog = { 'error.x.dead': () => 'dead', 'error.x.live': () => 'live', 'error.expr.why.found': () => 'expected a thing', 'error.expr.why.lost': () => 'gone' };
    const sample = new Map([
      ['core/messages/en-errors99.ts', "'error.x.dead': () => 'dead', 'error.x.live': () => 'live'"],
      ['core/messages/zh-orc-errors.ts', "'error.x.dead': () => '死'"],
      ['core/messages/errors99.test.ts', "[r('error.x.dead'), 'dead'], [r('error.x.live'), 'live'], [r('error.expr.why.lost'), 'gone']"],
      ['core/x/throws.ts', "throw messageError('Io', 'error.x.live', undefined);"],
      ['core/expr/literal.ts', "fail('expected a thing')"],
    ]);
    expect(deadKeys(catalog, sample)).toEqual(['error.x.dead', 'error.expr.why.lost']);
  });

  it('every message renders without throwing, with parameters by name', () => {
    expect(format('tree.iceberg.dataFile', { fileFormat: 'parquet', records: '1', partition: '', manifest: 'm.avro', deleted: false }))
      .toBe('A parquet data file with 1 row, listed by manifest m.avro.');
    expect(format('tree.iceberg.dataFile', { fileFormat: 'orc', records: '2', partition: 'a=1', manifest: 'm.avro', deleted: true }))
      .toBe('A orc data file with 2 rows in partition a=1, listed by manifest m.avro. It is marked DELETED: kept for history, not read.');
    expect(formatRef(messageRef('tree.paimon.level', { level: 3 }))).toBe(format('tree.paimon.level', { level: 3 }));
  });

  it('a second catalog with the same keys renders instead of English', () => {
    const upper = Object.fromEntries(Object.entries(en).map(([k, f]) => [k, (p: never) => (f as (p: never) => string)(p).toUpperCase()])) as unknown as Messages;
    expect(translate(upper, 'ui.tree.rowsShown', { count: 1 })).toBe('1 ROW SHOWN');
  });

  it('plural picks the language’s form', () => {
    expect(plural('en', 1, { one: 'row', other: 'rows' })).toBe('row');
    expect(plural('en', 0, { one: 'row', other: 'rows' })).toBe('rows');
    expect(plural('en', 2n, { one: 'row', other: 'rows' })).toBe('rows');
    expect(plural('zh', 1, { other: '行' })).toBe('行');
  });

  it('groupedCount writes what toLocaleString writes, per locale', () => {
    for (const locale of ['en-US', 'zh-CN', 'de-DE']) {
      for (const n of [0, 7, 1234, -98765.5, 1234567890123, NaN]) expect(groupedCount(locale, n)).toBe(n.toLocaleString(locale));
      expect(groupedCount(locale, 9223372036854775807n)).toBe(9223372036854775807n.toLocaleString(locale));
      expect(groupedCount(locale, '12345' as unknown as number)).toBe('12345'.toLocaleString());
    }
  });
});

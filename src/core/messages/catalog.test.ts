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

/** Keys named outside the catalog files (and outside this test). */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sources(SRC)) {
    const rel = relative(SRC, file);
    if (/^core\/messages\/((en|zh)(-[a-z]+)?\.ts|catalog(-parity)?\.test\.ts)$/.test(rel)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(KEY)) {
      if (/\.(tsx?|json|md|avro|parquet)$/.test(m[1]!)) continue;
      used.set(m[1]!, rel);
    }
  }
  return used;
}

describe('message catalog', () => {
  const used = usedKeys();

  it('every key the code names exists in the English catalog', () => {
    const missing = [...used].filter(([k]) => !(k in en)).map(([k, file]) => `${k} (${file})`);
    expect(missing).toEqual([]);
  });

  it('has no unused keys', () => {
    expect(Object.keys(en).filter((k) => !used.has(k))).toEqual([]);
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

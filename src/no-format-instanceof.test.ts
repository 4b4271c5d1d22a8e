/**
 * Outside the formats, code reaches a table through the common model only: no `instanceof` of a class a
 * format exports (IcebergTable, PaimonTable, …) in core/api, worker, cli or ui — such a branch is a
 * format-specific path the model should carry instead (as `states()` replaced describeTable's Iceberg branch).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(new URL(import.meta.url).pathname));
const AREAS = ['core/api', 'worker', 'cli', 'ui'];

function walk(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(f) && !/\.test(-helper|-support)?\.tsx?$/.test(f) && !f.includes('.test.')) out.push(p);
  }
  return out;
}

/** `instanceof` of a name the file imports from a format folder (core/formats/<format>/…). */
export function formatInstanceofs(text: string): string[] {
  const fromFormats = new Set<string>();
  for (const m of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']*)'/g)) {
    if (!/(^|\/)formats\/[^/]+\//.test(m[2]!)) continue;
    for (const part of m[1]!.split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/).pop()!.trim();
      if (name) fromFormats.add(name);
    }
  }
  return [...text.matchAll(/\binstanceof\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!).filter((n) => fromFormats.has(n));
}

describe('no instanceof of a format class outside the formats', () => {
  it('the check catches the shape it forbids', () => {
    expect(formatInstanceofs("import { IcebergTable } from '../formats/iceberg/index.ts';\nif (table instanceof IcebergTable) {}")).toEqual(['IcebergTable']);
    expect(formatInstanceofs("import { LakeError } from '../errors.ts';\nif (e instanceof LakeError) {}")).toEqual([]);
  });

  it(`holds in ${AREAS.join(', ')}`, () => {
    const found: string[] = [];
    for (const area of AREAS) {
      for (const file of walk(join(SRC, area))) {
        for (const name of formatInstanceofs(readFileSync(file, 'utf8'))) found.push(`${relative(SRC, file)}: instanceof ${name}`);
      }
    }
    expect(found).toEqual([]);
  });
});

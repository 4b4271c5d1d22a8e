/**
 * The fuzz corpus: every Iceberg/Paimon fixture's files held in memory (read once from the read-only
 * shared fixtures; never written), with the expected canonical rows of each version and the keys a
 * clean read of that version touches (so most mutations land on files that matter).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { canonicalRowsText } from '../../core/arrow/canonical.ts';
import { listFixtures } from '../fixtures.ts';
import { fileKind, type FixtureFile } from './mutators.ts';

export type FuzzFormat = 'iceberg' | 'paimon' | 'delta' | 'hudi';

export interface FuzzVersion {
  readonly id: string;
  /** canonicalRowsText of the expected rows, or `sha256:<hex>` of that text where the expected file gives only the hash. */
  readonly rowsText: string;
  /** Keys read by a clean read of this version (filled by the harness's baseline run). */
  touched: string[];
}

export interface FuzzFixture {
  readonly name: string;
  readonly format: FuzzFormat;
  readonly files: readonly FixtureFile[];
  readonly versions: readonly FuzzVersion[];
  /** Keys of Paimon manifest lists whose size a snapshot records (`baseManifestListSize`…, newer writers). */
  readonly sizedLists: ReadonlySet<string>;
}

/** Paimon manifest lists named next to a recorded size in some snapshot file. */
function sizedManifestLists(files: readonly FixtureFile[]): Set<string> {
  const out = new Set<string>();
  for (const f of files) {
    if (f.kind !== 'paimon-snapshot') continue;
    try {
      const j = JSON.parse(new TextDecoder().decode(f.bytes)) as Record<string, unknown>;
      for (const k of ['base', 'delta', 'changelog']) {
        if (typeof j[`${k}ManifestList`] === 'string' && j[`${k}ManifestListSize`] !== undefined && j[`${k}ManifestListSize`] !== null) out.add(`manifest/${j[`${k}ManifestList`] as string}`);
      }
    } catch {
      // not JSON: not a snapshot we can learn from
    }
  }
  return out;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
}

/** Every fixture of `format` with expected rows (or their hash) for its versions. */
export function loadFixtures(format: FuzzFormat): FuzzFixture[] {
  return listFixtures(format).map((fx) => {
    const files: FixtureFile[] = walk(fx.root).sort().map((path) => {
      const key = relative(fx.root, path).split('\\').join('/');
      return { key, kind: fileKind(format, key), bytes: new Uint8Array(readFileSync(path)) };
    });
    return {
      name: fx.name,
      format,
      files,
      versions: fx.expected.versions
        .filter((v) => v.rows || v.rowsSha256)
        .map((v) => ({ id: v.id, rowsText: v.rows ? canonicalRowsText(v.rows) : `sha256:${v.rowsSha256!}`, touched: [] })),
      sizedLists: sizedManifestLists(files),
    };
  });
}

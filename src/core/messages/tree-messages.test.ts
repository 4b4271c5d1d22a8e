/**
 * Every tree node of every fixture of every format carries a catalog message whose English text is its
 * `explanation`, and renders from its key in another catalog (the proof a second language needs no change in core).
 */
import { describe, expect, it } from 'vitest';
import { FsStorage } from '../../platform/node/fs-storage.ts';
import { installNodeParquetWasm } from '../../platform/node/parquet-wasm-init.ts';
import { FIXTURES_PRESENT, FIXTURES_SKIP_REASON, listFixtures, type FixtureFormat } from '../../testing/fixtures.ts';
import { TABLE_READERS } from '../api/table-formats.ts';
import type { TreeNode } from '../formats/table-format.ts';
import { en, formatRef, type MessageKey, type Messages } from './en.ts';

/** A stand-in second language: each message renders as its key and parameters. */
const pseudo = Object.fromEntries(Object.keys(en).map((k) => [k, (p: unknown) => `⟨${k}${p === undefined ? '' : ` ${JSON.stringify(p)}`}⟩`])) as unknown as Messages;

/** Nodes visited per fixture (breadth first): enough to reach every kind of node, bounded for big tables. */
const MAX_NODES = 150;

async function walk(format: FixtureFormat, root: string): Promise<TreeNode[]> {
  const table = await TABLE_READERS[format]!.open(new FsStorage(root, { readOnly: true }));
  const seen: TreeNode[] = [];
  const queue: (string | undefined)[] = [undefined];
  while (queue.length && seen.length < MAX_NODES) {
    const children = await table.tree(undefined, queue.shift());
    for (const c of children) {
      seen.push(c);
      if (c.hasChildren) queue.push(c.id);
    }
  }
  return seen;
}

describe.skipIf(!FIXTURES_PRESENT)(`tree nodes render from catalog keys ${FIXTURES_PRESENT ? '' : FIXTURES_SKIP_REASON}`, () => {
  for (const format of ['iceberg', 'paimon', 'delta', 'hudi'] as const) {
    it(`${format}: every node of every fixture has a message whose English text is its explanation`, async () => {
      installNodeParquetWasm();
      const keys = new Set<MessageKey>();
      const fixtures = listFixtures(format);
      expect(fixtures.length).toBeGreaterThan(0);
      for (const f of fixtures) {
        let nodes: TreeNode[];
        try {
          nodes = await walk(format, f.root);
        } catch (e) {
          // Fixtures a reader refuses (its golden test expects the error) have no tree to check.
          if ((e as { code?: string }).code === 'Unsupported') continue;
          throw e;
        }
        for (const n of nodes) {
          expect(n.message, `${f.name} ${n.id}`).toBeDefined();
          expect(formatRef(n.message!), `${f.name} ${n.id}`).toBe(n.explanation);
          expect(formatRef(n.message!, pseudo)).toContain(`⟨${n.message!.key}`);
          keys.add(n.message!.key);
        }
      }
      // Each format's nodes use its own keys (a node explained by another format's text is a copy-paste slip).
      for (const k of keys) expect(k.startsWith(`tree.${format}.`), k).toBe(true);
      expect(keys.size).toBeGreaterThan(3);
    }, 120_000);
  }
});

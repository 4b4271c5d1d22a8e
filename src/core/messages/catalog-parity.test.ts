/**
 * The Chinese catalog matches the English one (issue 20): the same keys, each message using the same named
 * parameters (every parameter English interpolates, Chinese interpolates too), and no message left in English
 * except format terms and file names that Chinese readers use as they are.
 */
import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './en.ts';
import { zh } from './zh.ts';

/** Messages whose Chinese text is rightly the same as the English one: format terms, field names, ids. */
const SAME_IN_CHINESE = new Set<string>([
  'ui.inspector.version.schemaId', 'ui.inspector.field.schema', 'ui.diff.schema.title', 'ui.lsm.file.schemaId',
  'ui.schema.col.id', 'ui.schema.name', 'ui.s3.endpoint', 'ui.s3.accessKeyId', 'ui.s3.secretKey', 'ui.rawFile.footer',
  // EXPLAIN's `<count name> <value>`: a lookup of the name (total 总数, read 读取 …) that keeps a name it does not know.
  'ui.query.plan.count',
  // A Delta feature's name in quotes, an item of the list a refusal names (the sentence around it is translated).
  'error.delta.feature',
]);

/** Parameters that are a word English puts in the sentence as it is (`branch`, `data`), which Chinese translates. */
const TRANSLATED_WORDS = new Set(['tree.iceberg.manifest:content', 'note.iceberg.via.ref:type', 'note.iceberg.idWins:type', 'ui.forms.createRef:what', 'ui.writes.deleteRef:type', 'ui.writes.deleteRefTitle:type', 'ui.timeline.refTitle:type']);

/** A stand-in parameter value whose interpolation can be found in the output. */
const sentinel = (name: string): string => `«${name}»`;

/** Calls `f` with a proxy for its parameters; the names it read and what it returned (undefined if it threw). */
function probe(f: (p: unknown) => unknown): { read: Set<string>; out: unknown } {
  const read = new Set<string>();
  const params = new Proxy({}, { get: (_t, name) => { if (typeof name === 'string') { read.add(name); return sentinel(name); } return undefined; } });
  let out: unknown;
  try { out = f(params); } catch { out = undefined; }
  return { read, out };
}

describe('zh-CN catalog', () => {
  const keys = Object.keys(en) as MessageKey[];

  it('has the same keys as English', () => {
    expect(Object.keys(zh).sort()).toEqual([...keys].sort());
  });

  it('reads the same parameters as English and interpolates every one English interpolates', () => {
    const problems: string[] = [];
    for (const k of keys) {
      const a = probe(en[k] as (p: unknown) => unknown);
      const b = probe(zh[k] as (p: unknown) => unknown);
      const missing = [...a.read].filter((p) => !b.read.has(p));
      const extra = [...b.read].filter((p) => !a.read.has(p));
      if (missing.length || extra.length) problems.push(`${k}: reads ${[...b.read].join(',')} instead of ${[...a.read].join(',')}`);
      if (typeof a.out === 'string' && typeof b.out === 'string') {
        const dropped = [...a.read].filter((p) => (a.out as string).includes(sentinel(p)) && !(b.out as string).includes(sentinel(p)) && !TRANSLATED_WORDS.has(`${k}:${p}`));
        if (dropped.length) problems.push(`${k}: drops ${dropped.join(',')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('leaves no message in English (except format terms and file names)', () => {
    const same = keys.filter((k) => {
      const a = probe(en[k] as (p: unknown) => unknown).out;
      const b = probe(zh[k] as (p: unknown) => unknown).out;
      // A message that is only a parameter (a lookup falling back to its input) says nothing itself.
      // A lookup by an enum parameter finds nothing for a sentinel: nothing to compare.
      if (typeof a !== 'string' || /^(«[^»]+»)?$/.test(a) || a.includes('undefined')) return false;
      return a === b && !SAME_IN_CHINESE.has(k);
    });
    expect(same).toEqual([]);
  });

  it('renders Chinese with real parameters: plurals have one form, numbers are grouped for zh-CN', () => {
    expect(zh['ui.tree.rowsShown']({ count: 1 })).toBe('显示 1 行');
    expect(zh['ui.tree.rowsShown']({ count: 12345 })).toBe('显示 12,345 行');
    expect(zh['ui.diff.rewrittenSame']({ removed: 2, added: 1 })).toContain('2 个文件');
  });
});

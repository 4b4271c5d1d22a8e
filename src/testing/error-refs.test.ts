/** The inventory of errors without a catalog message (issue 20) finds them, and none of them is a commit conflict. */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './fixtures.ts';
import { NOT_IN_APP, unrefErrors, unrefErrorsIn } from './error-refs.ts';

/** Non-test source files under src/ (relative paths). */
function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$|\.test-support\.ts$/.test(name)) out.push(relative(join(REPO_ROOT, 'src'), p));
  }
  return out;
}

describe('error-refs inventory', () => {
  it('counts new LakeError(…) without a ref, not with one (also through a conditional or a spread), nor in strings', () => {
    const text = [
      "throw new LakeError('Conflict', `x: ${a}`, { key });",
      "throw new LakeError('Io', 'y', {}, { cause: e });",
      "throw new LakeError('Io', 'z', {}, { cause: e, ref: e.ref });",
      "throw new LakeError('Io', 'w', {}, cause === undefined ? { ref } : { cause, ref });",
      "throw new LakeError('Io', 'v', {}, { ...opts });",
      "const s = \"new LakeError('Io', 'not code')\";",
    ].join('\n');
    expect(unrefErrorsIn('x.ts', text).map((e) => [e.line, e.code])).toEqual([[1, "'Conflict'"], [2, "'Io'"]]);
  });

  it('none left: every error the app can meet carries its message (474 before zh3, 429 before err5, 244 before err6, 58 before err7, 2 before err8: the ORC reader\'s two helpers, behind its ~77 sites)', () => {
    expect(unrefErrors().map((e) => `${e.file}:${e.line} ${e.message}`)).toEqual([]);
  });

  it('what a person meets opening a bucket, folder or URL, in the sandbox, the filter box or the rows form carries its message', () => {
    const visible = ['worker/key-list.ts', 'worker/engine.ts', 'worker/engine-tables.ts', 'worker/engine-table-reads.ts', 'worker/engine-sandbox.ts', 'platform/browser/dropped-files-storage.ts',
      'platform/browser/fsa-storage.ts', 'platform/browser/opfs-sandbox.ts', 'core/io/s3-url.ts', 'core/util/csv-rows.ts', 'core/expr/parse.ts', 'core/api/table-writes.ts', 'core/api/sandbox/copy-keys.ts', 'core/io/table-root.ts', 'core/api/deleted-rows.ts'];
    expect(unrefErrors().filter((e) => visible.includes(e.file)).map((e) => `${e.file}:${e.line} ${e.message}`)).toEqual([]);
  });

  it('leaves out only files no code of the app or the CLI uses (FaultStorage: tests and the io index export only)', () => {
    const src = join(REPO_ROOT, 'src');
    const users = sources(src).filter((f) => !f.startsWith('testing/') && !Object.hasOwn(NOT_IN_APP, f) && f !== 'core/io/index.ts')
      .filter((f) => /\bFaultStorage\b|fault-storage/.test(readFileSync(join(src, f), 'utf8')));
    expect(users).toEqual([]);
    expect(Object.keys(NOT_IN_APP)).toEqual(['core/io/fault-storage.ts']);
  });

  it('every commit conflict the app can meet carries its catalog message', () => {
    expect(unrefErrors().filter((e) => e.code === "'Conflict'").map((e) => `${e.file}:${e.line} ${e.message}`)).toEqual([]);
  });
});

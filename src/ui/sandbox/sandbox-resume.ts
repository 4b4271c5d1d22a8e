/**
 * A sandbox survives a reload (issue 20): its files stay in this browser's private storage (OPFS), so the page
 * remembers, secret-free, what each sandbox was copied from — the demo warehouse or a public URL, never an S3
 * bucket's keys — and reopens the copy (with its source, which Reset copies from again) instead of only the demo.
 */
import { engine, type ConnectionSpec } from '../../worker/client.ts';
import type { SandboxSession } from '../state/session.ts';

const KEY = 'lakescope.sandboxes.v1';

/** What is remembered of one sandbox: where it came from, as a source that can be reopened without asking. */
export interface RememberedSandbox {
  readonly name: string;
  readonly source: SandboxSession['source'];
  readonly prefix: string;
  /** The warehouse it was copied from: only kinds that reopen without credentials. */
  readonly from: { readonly kind: 'demo' } | { readonly kind: 'url'; readonly url: string };
}

function readAll(): RememberedSandbox[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as RememberedSandbox[]).filter((s) => typeof s?.name === 'string' && s.from && s.source) : [];
  } catch {
    return [];
  }
}

/** Remembers a sandbox just copied from `from` (replacing an earlier one of the same name); other sources are not remembered. */
export function rememberSandbox(sandbox: SandboxSession, from: ConnectionSpec): void {
  const source: RememberedSandbox['from'] | undefined = from.kind === 'demo' ? { kind: 'demo' } : from.kind === 'url' ? { kind: 'url', url: from.url } : undefined;
  if (!source) return;
  const all = readAll().filter((s) => s.name !== sandbox.name);
  try {
    localStorage.setItem(KEY, JSON.stringify([...all, { name: sandbox.name, source: sandbox.source, prefix: sandbox.prefix, from: source }].slice(-8)));
  } catch { /* storage full or blocked: the sandbox still works, it just is not reopened after a reload */ }
}

/** The remembered sandbox `name`, if any. */
export function rememberedSandbox(name: string): RememberedSandbox | undefined {
  return readAll().find((s) => s.name === name);
}

/** The connection of the warehouse a remembered sandbox was copied from. */
export function sourceSpec(s: RememberedSandbox): ConnectionSpec {
  return s.from.kind === 'demo' ? { kind: 'demo', baseUrl: new URL('demo/', document.baseURI).href } : { kind: 'url', url: s.from.url };
}

/** The sandbox folder `name` when it is still in this browser (and not empty): its handle, to open writable. */
export async function findSandboxHandle(name: string): Promise<FileSystemDirectoryHandle | undefined> {
  try {
    return (await engine().findSandbox({ name }))?.handle;
  } catch {
    return undefined; // no OPFS in this browser: there is nothing to reopen
  }
}

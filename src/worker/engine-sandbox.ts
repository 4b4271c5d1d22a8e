/**
 * The sandbox calls (issue 20): copy a warehouse or one table of an open warehouse into a sandbox (a private
 * folder of this browser: the origin-private file system, through {@link SandboxTargets}), delete one, and the
 * two halves of "what this write did" — the table's key list before a write, and the effect after it.
 */
import { copyKeys, SANDBOX_LIMIT_BYTES } from '../core/api/sandbox/copy-keys.ts';
import { tableKeys, writeEffect, type KeyStamp } from '../core/api/sandbox/write-effect.ts';
import type { Storage } from '../core/io/storage.ts';
import type { CallContext } from './rpc.ts';
import { messageError } from '../core/message-error.ts';

/** Where sandboxes live: one writable Storage per sandbox name. */
export interface SandboxTargets {
  /** The sandbox `name`, created empty when absent, with its folder handle where it has one (to open it writable). */
  open(name: string, signal: AbortSignal): Promise<{ storage: Storage; handle?: FileSystemDirectoryHandle }>;
  /** Deletes the sandbox `name` and everything in it; a missing one is not an error. */
  remove(name: string): Promise<void>;
  /** The sandbox `name` when it exists (never created here), with its folder handle where it has one. */
  find(name: string, signal: AbortSignal): Promise<{ storage: Storage; handle?: FileSystemDirectoryHandle } | undefined>;
}

const NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

function checkName(name: string): string {
  if (!NAME.test(name)) throw messageError('DataInvalid', 'error.sandbox.badName', undefined, { name });
  return name;
}

interface WarehouseRef { readonly warehouseId: string }

export function createSandboxHandlers(storageOf: (ref: WarehouseRef) => Storage, targets: SandboxTargets | undefined) {
  const need = (): SandboxTargets => {
    if (!targets) throw messageError('Unsupported', 'error.sandbox.noOpfsToHold', undefined);
    return targets;
  };
  return {
    /**
     * Replaces the sandbox `name` with a copy of the keys under `prefix` of an open warehouse (progress per
     * file; over the limit → Unsupported before anything is written). A failed or cancelled copy leaves no sandbox.
     * Returns the sandbox folder's handle (the page opens it as a writable local folder).
     */
    async copyToSandbox(p: WarehouseRef & { prefix: string; name: string; limitBytes?: number }, ctx: CallContext) {
      const t = need();
      const name = checkName(p.name);
      const source = storageOf(p);
      await t.remove(name);
      try {
        const { storage, handle } = await t.open(name, ctx.signal);
        const copied = await copyKeys(source, storage, { prefix: p.prefix, limitBytes: p.limitBytes ?? SANDBOX_LIMIT_BYTES, signal: ctx.signal, onProgress: ctx.progress });
        return { ...copied, name, ...(handle ? { handle } : {}) };
      } catch (e) {
        await t.remove(name).catch(() => undefined);
        throw e;
      }
    },
    /**
     * The sandbox `name` left by an earlier visit (the browser keeps OPFS across reloads, unless it evicted it):
     * its folder handle when it exists and holds at least one file, else null — so the page can reopen it.
     */
    async findSandbox(p: { name: string }, ctx: CallContext) {
      const found = await need().find(checkName(p.name), ctx.signal);
      if (!found) return null;
      const page = await found.storage.list({ maxKeys: 1, signal: ctx.signal });
      if (page.objects.length === 0) return null;
      return { name: p.name, ...(found.handle ? { handle: found.handle } : {}) };
    },
    async removeSandbox(p: { name: string }) {
      await need().remove(checkName(p.name));
      return true;
    },
    /** The keys under a table root with their stamps (taken before a write). */
    async tableKeys(p: WarehouseRef & { root: string }, ctx: CallContext) {
      return tableKeys(storageOf(p), p.root, ctx.signal);
    },
    /** What a write did to the table under `root`, given its {@link tableKeys} from before. */
    async writeEffect(p: WarehouseRef & { root: string; before: readonly KeyStamp[] }, ctx: CallContext) {
      return writeEffect(storageOf(p), p.root, p.before, ctx.signal);
    },
  };
}

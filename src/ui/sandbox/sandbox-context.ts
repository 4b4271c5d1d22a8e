/**
 * The sandbox as the table page sees it: whether the open warehouse is a sandbox, and the last write's effect
 * (what it did to the files) — recorded by the writes bar, shown by the effect panel, highlighted in the tree.
 */
import { createContext, useContext } from 'react';
import type { KeyStamp, WriteEffectDto } from '../../core/api/sandbox/write-effect.ts';
import type { Note } from '../../core/messages/note.ts';

/** The effect of the last write in the sandbox, while it is read and once it is known. */
export interface EffectState {
  readonly root: string;
  /** The write's title (e.g. "Roll back to 123"), a message so it follows the reader's language. */
  readonly title: Note;
  readonly status: 'loading' | 'ready' | 'error';
  readonly effect?: WriteEffectDto;
  readonly error?: unknown;
}

export interface SandboxApi {
  /** The warehouse is a sandbox: writes record their effect. */
  readonly active: boolean;
  readonly effect?: EffectState;
  /** Called by the writes bar after a commit, with the table's keys from before it. */
  record(warehouseId: string, root: string, title: Note, before: readonly KeyStamp[]): void;
  /** Shows an effect already known (a lesson step's write). */
  show(root: string, title: Note, effect: WriteEffectDto): void;
  close(): void;
}

export const SandboxContext = createContext<SandboxApi>({ active: false, record: () => {}, show: () => {}, close: () => {} });

export function useSandbox(): SandboxApi {
  return useContext(SandboxContext);
}

/** Whether a tree node's storage key is one the last write wrote (keys may be warehouse- or table-relative). */
export function isNewKey(written: ReadonlySet<string>, location: string | undefined): boolean {
  if (!location) return false;
  if (written.has(location)) return true;
  for (const k of written) if (k.endsWith(`/${location}`) || location.endsWith(`/${k}`)) return true;
  return false;
}

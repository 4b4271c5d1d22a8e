/**
 * A note for the reader that the engine attaches to a plan, a diff, a change log or a query result: a
 * catalog message (key + parameters, rendered in the reader's language by the UI, in English by the CLI),
 * or — for notes not yet moved to the catalog — an English sentence as it stands.
 */
import type { MessageArgs, MessageKey, MessageRef, Messages } from './en.ts';
import { engineCatalog, formatRef } from './message-format.ts';

/**
 * A note: a message reference (made with `messageRef`, which checks the parameters against the key) or an
 * English sentence. Typed loosely here (any key, any parameters) because the full `MessageRef` union is
 * too large for tsc inside spreads of note lists.
 */
export type Note = string | { readonly key: MessageKey; readonly params?: object };

/** The note's text in `catalog` (the engine's English by default: the CLI's language). */
export function noteText(note: Note, catalog: Messages = engineCatalog): string {
  if (typeof note === 'string') return note;
  // A parameter that is itself a note (e.g. a plan note prefixed with its version) is rendered first, in the same language.
  const params = note.params && Object.fromEntries(Object.entries(note.params).map(([k, v]) => [k, isNote(v, catalog) ? noteText(v, catalog) : v]));
  return formatRef({ key: note.key, params } as MessageRef, catalog);
}

function isNote(v: unknown, catalog: Messages): v is Note {
  return typeof v === 'object' && v !== null && typeof (v as { key?: unknown }).key === 'string' && Object.hasOwn(catalog, (v as { key: string }).key);
}

/** A stable key for a list of notes (React keys, de-duplication). */
export function noteKey(note: Note): string {
  return typeof note === 'string' ? note : JSON.stringify(note);
}

/** A note from the catalog: `key` and its parameters (checked against the key), as a {@link Note}. */
export function note<K extends MessageKey>(key: K, ...args: MessageArgs<K>): Note {
  return args.length ? { key, params: args[0] as object } : { key };
}

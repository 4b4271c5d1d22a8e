/**
 * The explorer's text in the reader's language: components call `useMessages()` and get `t(key, params)`
 * over the catalog in context (English unless a provider gives another catalog with the same keys).
 */
import { createContext, useContext } from 'react';
import { noteText, type Note } from '../../core/messages/note.ts';
import { en, formatRef, translate, type MessageArgs, type MessageKey, type MessageRef, type Messages } from '../../core/messages/en.ts';

/** The catalog of the reader's language; English by default. */
export const MessagesContext = createContext<Messages>(en);

export interface Translator {
  /** The catalog these sentences come from (`en` for an English reader). */
  readonly catalog: Messages;
  /** The sentence for `key` with its named parameters. */
  t<K extends MessageKey>(key: K, ...args: MessageArgs<K>): string;
  /** The sentence a message reference (e.g. a tree node's `message`) stands for. */
  ref(message: MessageRef): string;
  /** The text of an engine note (a message reference, or an English sentence not yet in the catalog). */
  note(note: Note): string;
}

/** A translator over `catalog` (for code outside components, e.g. pure helpers given the catalog). */
export function translator(catalog: Messages): Translator {
  return { catalog, t: (key, ...args) => translate(catalog, key, ...args), ref: (m) => formatRef(m, catalog), note: (n) => noteText(n, catalog) };
}

/** The translator of the catalog in context. */
export function useMessages(): Translator {
  return translator(useContext(MessagesContext));
}

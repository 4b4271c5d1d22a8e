/**
 * Messages formatted where the engine runs (core/, the worker, the CLI through core): English from the engine's
 * part of the catalog (en-engine.ts), the only part the engine worker loads (issue 17: the page's parts were
 * ~90 kB of its first chunk). The engine names no key outside that part — engine-catalog.test.ts checks every
 * key named under src/core, src/worker and src/platform — so no engine message can miss its text. The UI
 * renders with the whole catalog of the reader's language (en.ts, zh.ts), passed as `catalog`.
 */
import { enEngine } from './en-engine.ts';
import type { enFacts } from './en-facts.ts';
import type { MessageArgs, MessageKey, MessageRef, Messages } from './en.ts';

/**
 * The engine's English catalog, typed as a whole catalog: it holds only the engine's keys, which are all the
 * keys the engine names (engine-catalog.test.ts).
 */
export const engineCatalog = enEngine as unknown as Messages;

/** The sentence for `key` in `catalog`. */
export function translate<K extends MessageKey>(catalog: Messages, key: K, ...args: MessageArgs<K>): string {
  return (catalog[key] as (p: unknown) => string)(args[0]);
}

/** The English sentence for `key` (the CLI's language, and the fallback), from the engine's catalog. */
export function format<K extends MessageKey>(key: K, ...args: MessageArgs<K>): string {
  return translate(engineCatalog, key, ...args);
}

/**
 * The sentence a {@link MessageRef} stands for, in `catalog` (the engine's English by default). A parameter that
 * is itself a reference to a message of `catalog` (a tree node quoting a warning's message) is rendered first,
 * in the same language.
 */
export function formatRef(ref: MessageRef, catalog: Messages = engineCatalog): string {
  const params = ref.params && Object.fromEntries(Object.entries(ref.params).map(([k, v]) => [k, isRef(v, catalog) ? formatRef(v, catalog) : v]));
  return (catalog[ref.key] as (p: unknown) => string)(params);
}

function isRef(v: unknown, catalog: Messages): v is MessageRef {
  return typeof v === 'object' && v !== null && typeof (v as { key?: unknown }).key === 'string' && Object.hasOwn(catalog, (v as { key: string }).key);
}

/** A reference to a message, to carry as data (e.g. on a tree node). */
export function messageRef<K extends MessageKey>(key: K, ...args: MessageArgs<K>): MessageRef {
  return (args.length ? { key, params: args[0] } : { key }) as MessageRef;
}

/**
 * What a tree node carries: the message (for the UI, in the reader's language) and its English text in
 * `explanation` (for the CLI and for readers of older node objects).
 */
export function explained<K extends MessageKey>(key: K, ...args: MessageArgs<K>): { message: MessageRef; explanation: string } {
  return { message: messageRef(key, ...args), explanation: format(key, ...args) };
}

/** A tree node's label that is words, not a name: the message (for the UI) and its English text (for the CLI). */
export function labelled<K extends MessageKey>(key: K, ...args: MessageArgs<K>): { labelMessage: MessageRef; label: string } {
  return { labelMessage: messageRef(key, ...args), label: format(key, ...args) };
}

/** The label of a table fact (keys of en-facts.ts, none of which takes parameters), as a message reference. */
export function factLabel(key: keyof typeof enFacts): MessageRef {
  return { key } as MessageRef;
}

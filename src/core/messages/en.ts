/**
 * The English catalog (the reference one: its keys and parameter types define `Messages`, which every other
 * language's catalog must satisfy) and `format(key, params)` over all of it, for the UI. The engine imports
 * message-format.ts instead, whose catalog is the engine's part alone (issue 17).
 */
import { enEngine } from './en-engine.ts';
import { enPage } from './en-page.ts';
import { formatRef as formatRefIn, translate } from './message-format.ts';
import { catalogOfParts } from './catalog-parts.ts';

export { factLabel, messageRef, translate } from './message-format.ts';

/**
 * The whole English catalog: the engine's part (en-engine.ts, all the engine worker loads) and the page's
 * (en-page.ts). The UI renders with it; the engine formats through message-format.ts.
 */
export const en = catalogOfParts(enEngine, enPage);

/** Every message key. */
export type MessageKey = keyof typeof en;

/** The named parameters of a message (`undefined` when it takes none). */
export type MessageParams<K extends MessageKey> = Parameters<(typeof en)[K]> extends [infer P] ? P : undefined;

/** The arguments after the key: none for a message without parameters, else its parameter object. */
export type MessageArgs<K extends MessageKey> = MessageParams<K> extends undefined ? [] : [params: MessageParams<K>];

/** A catalog for one language: the same keys as English, each with the same named parameters. */
export type Messages = { readonly [K in MessageKey]: (...args: Parameters<(typeof en)[K]>) => string };

/** A message to show later, in the reader's language: a key and its parameters (plain data). */
export type MessageRef = {
  [K in MessageKey]: MessageParams<K> extends undefined ? { readonly key: K; readonly params?: undefined } : { readonly key: K; readonly params: MessageParams<K> };
}[MessageKey];

/** The English sentence for `key` (the page's English, from the whole catalog). */
export function format<K extends MessageKey>(key: K, ...args: MessageArgs<K>): string {
  return translate(en, key, ...args);
}

/**
 * The sentence a {@link MessageRef} stands for, in `catalog` (the whole English catalog by default). A parameter
 * that is itself a reference (a tree node quoting a warning's message) is rendered first, in the same language.
 */
export function formatRef(ref: MessageRef, catalog: Messages = en): string {
  return formatRefIn(ref, catalog);
}

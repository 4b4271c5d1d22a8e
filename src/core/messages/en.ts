/**
 * The English catalog (the reference one: its keys and parameter types define `Messages`, which every other
 * language's catalog must satisfy) and `format(key, params)`.
 */
import { enDiff } from './en-diff.ts';
import { enTree } from './en-tree.ts';
import { enErrors } from './en-errors.ts';
import { enErrors2 } from './en-errors2.ts';
import { enErrors3 } from './en-errors3.ts';
import { enErrors4 } from './en-errors4.ts';
import { enErrors5 } from './en-errors5.ts';
import { enErrors6 } from './en-errors6.ts';
import { enErrors7 } from './en-errors7.ts';
import { enErrors8 } from './en-errors8.ts';
import { enErrors9 } from './en-errors9.ts';
import { enErrors10 } from './en-errors10.ts';
import { enErrors11 } from './en-errors11.ts';
import { enErrors12 } from './en-errors12.ts';
import { enErrors13 } from './en-errors13.ts';
import { enErrors14 } from './en-errors14.ts';
import { enErrors15 } from './en-errors15.ts';
import { enOrcErrors } from './en-orc-errors.ts';
import { enErrors16 } from './en-errors16.ts';
import { enUi4 } from './en-ui4.ts';
import { enFacts } from './en-facts.ts';
import { enHealth } from './en-health.ts';
import { enUi } from './en-ui.ts';
import { enQuery } from './en-query.ts';
import { enQuery2 } from './en-query2.ts';
import { enBrowse } from './en-browse.ts';
import { enExplore } from './en-explore.ts';
import { enWrites } from './en-writes.ts';
import { enWrites2 } from './en-writes2.ts';
import { enWrites3 } from './en-writes3.ts';
import { enWrites4 } from './en-writes4.ts';
import { enWrites5 } from './en-writes5.ts';
import { enRows } from './en-rows.ts';
import { enI18n } from './en-i18n.ts';
import { enLesson, enSandbox } from './en-sandbox.ts';
import { enStory } from './en-story.ts';
import { enLessons, enSandboxResume } from './en-lessons.ts';
import { enNotes2 } from './en-notes2.ts';
import { enNotes3 } from './en-notes3.ts';
import { enRaw } from './en-raw.ts';
import { enUi3 } from './en-ui3.ts';

export const en = { ...enTree, ...enUi, ...enHealth, ...enErrors, ...enErrors2, ...enErrors3, ...enErrors4, ...enErrors5, ...enErrors6, ...enErrors7, ...enErrors8, ...enErrors9, ...enErrors10, ...enErrors11, ...enErrors12, ...enErrors13, ...enErrors14, ...enErrors15, ...enOrcErrors, ...enErrors16, ...enFacts, ...enDiff, ...enQuery, ...enQuery2, ...enBrowse, ...enExplore, ...enWrites, ...enWrites2, ...enWrites3, ...enWrites4, ...enWrites5, ...enRows, ...enSandbox, ...enLesson, ...enStory, ...enI18n, ...enLessons, ...enSandboxResume, ...enNotes2, ...enNotes3, ...enRaw, ...enUi3, ...enUi4 };

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

/** The sentence for `key` in `catalog`. */
export function translate<K extends MessageKey>(catalog: Messages, key: K, ...args: MessageArgs<K>): string {
  return (catalog[key] as (p: unknown) => string)(args[0]);
}

/** The English sentence for `key` (the CLI's language, and the fallback). */
export function format<K extends MessageKey>(key: K, ...args: MessageArgs<K>): string {
  return translate(en, key, ...args);
}

/**
 * The sentence a {@link MessageRef} stands for, in `catalog` (English by default). A parameter that is itself a
 * reference (a tree node quoting a warning's message) is rendered first, in the same language.
 */
export function formatRef(ref: MessageRef, catalog: Messages = en): string {
  const params = ref.params && Object.fromEntries(Object.entries(ref.params).map(([k, v]) => [k, isRef(v) ? formatRef(v, catalog) : v]));
  return (catalog[ref.key] as (p: unknown) => string)(params);
}

function isRef(v: unknown): v is MessageRef {
  return typeof v === 'object' && v !== null && typeof (v as { key?: unknown }).key === 'string' && Object.hasOwn(en, (v as { key: string }).key);
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

/**
 * The catalog side of errors that carry their message (issue 20; core/message-error.ts builds them): a
 * LakeError's `message` is the English text (what the CLI prints and logs keep, unchanged), its `ref` the key
 * and parameters the UI renders in the reader's language with {@link messageParts}. Pure text: this file
 * imports nothing outside core/messages (the UI imports it).
 *
 * Convention for `error.*` messages: every string parameter is data — a file, a column or table name, a
 * host, a query's text — never a word of the sentence (those get their own keys). The UI shows data apart
 * (monospace, through SafeText) by rendering with {@link messageParts}. A parameter may be another error's
 * reference (an inner error a wrapper quotes), rendered first in the same language.
 */
import type { MessageKey, MessageParams, MessageRef, Messages } from './en.ts';
import { engineCatalog, formatRef } from './message-format.ts';

/** A message reference as an error carries it (the shape of core/errors.ts `LakeErrorRef`). */
export interface ErrorRef {
  readonly key: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/**
 * Parameters that are a word of the sentence (an operation: `read`, `write`), which each language says its
 * own way (EXPLAIN's `scanKind` and `countName`; or text already rendered in the reader's language: its `countList`), rather than data: not set apart by {@link messageParts}.
 */
const WORD_PARAMS = new Set(['op', 'refType', 'countList', 'countName', 'scanKind']);

/** A message's parameters where any one may also be an inner error's reference. */
export type ErrorParams<K extends MessageKey> = MessageParams<K> extends undefined ? undefined
  : { readonly [P in keyof MessageParams<K>]: MessageParams<K>[P] | ErrorRef };

/** A reference checked against the catalog: the key exists and the parameters have its names and types. */
export function errorRef<K extends MessageKey>(key: K, params: ErrorParams<K>): ErrorRef {
  return params === undefined ? { key } : { key, params: params as Record<string, unknown> };
}

/**
 * True when `v` is a reference to a message `catalog` has (an error's `ref`, or a parameter holding one); the
 * engine's English by default (the UI passes the catalog it renders with, which has every key).
 */
export function isErrorRef(v: unknown, catalog: Messages = engineCatalog): v is ErrorRef {
  return typeof v === 'object' && v !== null && typeof (v as { key?: unknown }).key === 'string' && Object.hasOwn(catalog, (v as { key: string }).key)
    && ((v as { params?: unknown }).params === undefined || typeof (v as { params?: unknown }).params === 'object');
}

/** The reference's sentence in `catalog` (the engine's English by default), inner references rendered first. */
export function errorText(ref: ErrorRef, catalog: Messages = engineCatalog): string {
  return messageParts(ref, catalog).map((p) => (typeof p === 'string' ? p : p.data)).join('');
}

/** A piece of a rendered message: the language's own text, or a data value the message quotes. */
export type MessagePart = string | { readonly data: string };

// Private-use characters delimit data values while the catalog renders them (stripped from the values first).
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;

/**
 * The reference rendered in `catalog` as text and data pieces: each string parameter (of this reference
 * and of inner ones) comes back as `{ data }`, so the UI can set names and paths apart from the sentence.
 */
export function messageParts(ref: ErrorRef, catalog: Messages = engineCatalog): MessagePart[] {
  const render = (r: ErrorRef): string => {
    const params = r.params && Object.fromEntries(Object.entries(r.params).map(([k, v]) => [k,
      isErrorRef(v, catalog) ? render(v) : typeof v === 'string' && !WORD_PARAMS.has(k) ? `${OPEN}${v.replace(MARKS, '')}${CLOSE}` : v]));
    return formatRef({ key: r.key, params } as MessageRef, catalog);
  };
  const text = isErrorRef(ref, catalog) ? render(ref) : (ref as ErrorRef).key;
  const parts: MessagePart[] = [];
  for (const [i, piece] of text.split(OPEN).entries()) {
    if (i === 0) { if (piece) parts.push(piece); continue; }
    const end = piece.indexOf(CLOSE);
    const data = end < 0 ? piece : piece.slice(0, end);
    const rest = end < 0 ? '' : piece.slice(end + 1).replace(MARKS, '');
    parts.push({ data: data.replace(MARKS, '') });
    if (rest) parts.push(rest);
  }
  // Adjacent text pieces (an inner message's text next to the outer's) join, so the parts read as written.
  return parts.reduce<MessagePart[]>((out, p) => {
    const last = out[out.length - 1];
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p;
    else out.push(p);
    return out;
  }, []);
}

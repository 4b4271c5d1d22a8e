/**
 * Preview text that carries its catalog message (issue 20): a description, a file note or a warning is the
 * English sentence (what the CLI prints and the tests quote, unchanged) plus the reference the page renders in
 * the reader's language. Sites build both from one reference so they cannot drift apart.
 */
import type { LakeErrorRef } from '../errors.ts';
import type { MessageKey } from '../messages/en.ts';
import { errorRef, errorText, type ErrorParams, type ErrorRef } from '../messages/message-parts.ts';

/** A checked reference (key and parameter names/types against the English catalog). */
export function textRef<K extends MessageKey>(key: K, ...args: ErrorParams<K> extends undefined ? [] : [params: ErrorParams<K>]): ErrorRef {
  return errorRef(key, args[0] as ErrorParams<K>);
}

/** A file note: `{ note, noteMessage }` to spread into a FileChange. */
export function noted(ref: ErrorRef): { note: string; noteMessage: LakeErrorRef } {
  return { note: errorText(ref), noteMessage: ref };
}

/** A preview's description: `{ description, descriptionMessage }` to spread into a ChangePreview. */
export function described(ref: ErrorRef): { description: string; descriptionMessage: LakeErrorRef } {
  return { description: errorText(ref), descriptionMessage: ref };
}

/** Warnings: `{ warnings, warningMessages }`, in order, to spread into a ChangePreview or ChangeResult. */
export function warned(refs: readonly ErrorRef[]): { warnings: string[]; warningMessages: LakeErrorRef[] } {
  return { warnings: refs.map((r) => errorText(r)), warningMessages: [...refs] };
}

/** Two notes of one file in one (`a; b`), each kept as its own reference. */
export function bothNotes(first: ErrorRef, second: ErrorRef): ErrorRef {
  return errorRef('note.write.both', { first, second });
}

/**
 * `result`'s warnings with `extra` (when given) after them, each list with its messages: `{ warnings,
 * warningMessages }` to spread into a ChangeResult. Messages are kept only while every warning has one.
 */
export function withWarning(result: { readonly warnings: readonly string[]; readonly warningMessages?: readonly LakeErrorRef[] }, extra: ErrorRef | undefined): { warnings: string[]; warningMessages?: LakeErrorRef[] } {
  const warnings = [...result.warnings, ...(extra ? [errorText(extra)] : [])];
  const messages = [...(result.warningMessages ?? []), ...(extra ? [extra] : [])];
  return messages.length === warnings.length ? { warnings, warningMessages: messages } : { warnings };
}

/**
 * What Undo does, `{ label, labelMessage }` to spread into an AppliedChange's `undo`: `Undo: <what>` in English (the
 * CLI prints it) and the reference the page renders in the reader's language.
 */
export function undoLabel(what: ErrorRef): { label: string; labelMessage: LakeErrorRef } {
  const ref = errorRef('note.write.undo', { what });
  return { label: errorText(ref), labelMessage: ref };
}

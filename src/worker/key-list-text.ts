/**
 * A static folder's key list (`index.json`) parsed a slice at a time (issue 17). `JSON.parse` of a big
 * warehouse's list — 1.1 MB, 20,000 keys — is one task of 40–60 ms in the engine worker on a loaded 2-core
 * machine, and in a deep link it runs just as the linked table's metadata file arrives: the response's headers
 * and body wait behind it (measured: the metadata's body reached the worker ~165 ms after the server's last
 * byte). Here the `files` array is cut between entries into slices of ~{@link SLICE_CHARS} characters, each
 * parsed by `JSON.parse` on its own with a pause between them, so other work (that body) goes between.
 *
 * Why the cuts need no parser of their own: the text is searched natively for `"files": [` and for `}, {`
 * near each slice's end, which may also match inside a string or a nested value — but a cut there leaves an
 * unclosed string or bracket in the slice before it, which `JSON.parse` then rejects, and any rejection
 * falls back to parsing the text whole. When every slice parses as an array of entries, the slices joined
 * by the commas cut out are exactly the array's text; the rest of the document is parsed whole with a
 * one-off marker in the array's place, which must come back as the top-level `files` value (the last one,
 * as `JSON.parse` keeps). So the result is always what `JSON.parse` of the whole text gives.
 */
import { messageError } from '../core/message-error.ts';
import { throwIfAborted } from '../core/errors.ts';
import { nextTask } from '../core/util/async.ts';
import { type KeyManifest, parseKeyManifest } from './key-list.ts';

/** Characters per slice: ~1,100 entries of the bench's lists, a few ms of `JSON.parse` on a loaded 2-core machine. */
export const SLICE_CHARS = 64 * 1024;
/**
 * Lists shorter than this (characters) are parsed in one go: a pause costs more than it saves. A list just past it
 * is two slices; the UI bench's CI-sized warehouse (~115 K characters) goes through the sliced path in Chromium.
 */
export const SLICED_MIN_LENGTH = 64 * 1024;

/** Where slicing starts and how long a slice is (tests cut short texts into many slices). */
export interface Slicing {
  readonly minLength?: number;
  readonly sliceChars?: number;
}

const FILES_KEY = /"files"\s*:\s*\[/g;
const BETWEEN_ENTRIES = /\}\s*,\s*\{/g;

/**
 * The key manifest in `text` (the decoded `index.json`), as `JSON.parse` + {@link parseKeyManifest} give it —
 * the same manifest, or the same DataInvalid (`error.http.indexNotJson` for text that is not JSON,
 * `error.http.notKeyManifest` for JSON of another shape) naming `url` — with a pause for other tasks between
 * slices of a long list. Aborted when `signal` fires during a pause.
 */
export async function parseKeyManifestText(text: string, url: string, signal?: AbortSignal, slicing: Slicing = {}): Promise<KeyManifest> {
  const sliced = text.length >= (slicing.minLength ?? SLICED_MIN_LENGTH) ? await parseSliced(text, slicing.sliceChars ?? SLICE_CHARS, signal) : undefined;
  const json = sliced ?? parseWhole(text, url);
  return parseKeyManifest(json, url);
}

function parseWhole(text: string, url: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw messageError('DataInvalid', 'error.http.indexNotJson', undefined, { url }, e);
  }
}

/** The document parsed slice by slice, or undefined where that cannot be done (the caller parses it whole). */
async function parseSliced(text: string, sliceChars: number, signal: AbortSignal | undefined): Promise<unknown> {
  FILES_KEY.lastIndex = 0;
  const key = FILES_KEY.exec(text);
  if (!key) return undefined;
  const open = key.index + key[0].length - 1;
  const close = text.lastIndexOf(']');
  if (close <= open) return undefined;
  // The rest of the document, with a marker no text can have planned for in the array's place.
  const marker = `lakescope-files-${Math.random()}`;
  let skeleton: unknown;
  try {
    skeleton = JSON.parse(`${text.slice(0, open)}${JSON.stringify(marker)}${text.slice(close + 1)}`);
  } catch {
    return undefined;
  }
  if (typeof skeleton !== 'object' || skeleton === null || (skeleton as { files?: unknown }).files !== marker) return undefined;
  const files: unknown[] = [];
  let from = open + 1;
  while (from < close) {
    const cut = cutAfter(text, from + sliceChars, close);
    let entries: unknown;
    try {
      entries = JSON.parse(`[${text.slice(from, cut)}]`);
    } catch {
      return undefined;
    }
    // A cut is a comma between `}` and `{`: no slice but the whole array's can be empty, and a stray comma
    // (`[a,]`, `[a,,b]`) stays inside a slice, where JSON.parse refuses it.
    if (!Array.isArray(entries)) return undefined;
    for (const e of entries) files.push(e);
    from = cut + 1;
    if (from < close) {
      await nextTask();
      throwIfAborted(signal, 'http: index.json');
    }
  }
  return { ...(skeleton as object), files };
}

/** The comma between two entries at or after `at`, or `close` when there is none before it. */
function cutAfter(text: string, at: number, close: number): number {
  if (at >= close) return close;
  BETWEEN_ENTRIES.lastIndex = at;
  const m = BETWEEN_ENTRIES.exec(text);
  return m && m.index < close ? text.indexOf(',', m.index) : close;
}

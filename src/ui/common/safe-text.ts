/**
 * How a string read from a table (names, values, properties, commit summaries, paths, error messages)
 * becomes display text (issue 18 "hostile tables"). React already renders strings as text, never HTML;
 * what is left is spoofing and size:
 * - bidi controls (U+202A–U+202E embeddings/overrides, U+2066–U+2069 isolates, U+200E/U+200F/U+061C marks)
 *   would reorder what follows them ("evil‮exe.live" reads "evil" + "evil.exe" reversed); they are shown as
 *   visible marks `⟨U+202E⟩`, and the text is rendered in an isolate (`<bdi>`) so nothing leaks out either;
 * - C0/C1 control characters (NUL, BEL, ESC, …) render as empty boxes or nothing; they are shown as escapes
 *   `\x1b` (tab and newline stay as they are: they are layout, not spoofing);
 * - long values are cut at a cap, with the count of what was left out, so a 100 KB property cannot make one
 *   cell 100,000 px tall.
 */

/** Bidi formatting characters (Unicode UAX #9 §2: explicit embeddings, overrides, isolates, implicit marks). */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** C0 controls but tab and newline, DEL, C1 controls. */
const CONTROL = /[\x00-\x08\x0B-\x1F\x7F-\x9F]/;
const SPECIAL = new RegExp(`${BIDI.source}|${CONTROL.source}`, 'g');

/** Default number of characters shown before "show all". */
export const TEXT_CAP = 1000;

/** One piece of display text: plain text, or a visible mark standing for an invisible character. */
export interface TextPart {
  readonly text: string;
  /** True when `text` is a mark (`⟨U+202E⟩`, `\x1b`) standing for one character of the value. */
  readonly mark: boolean;
}

/** The visible mark for one bidi or control character. */
export function markOf(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (BIDI.test(ch)) return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `s` split into plain runs and marks (each bidi/control character becomes its own mark part). */
export function textParts(s: string): TextPart[] {
  const out: TextPart[] = [];
  let last = 0;
  for (const m of s.matchAll(SPECIAL)) {
    if (m.index > last) out.push({ text: s.slice(last, m.index), mark: false });
    out.push({ text: markOf(m[0]), mark: true });
    last = m.index + m[0].length;
  }
  if (last < s.length) out.push({ text: s.slice(last), mark: false });
  return out;
}

/** `s` with every bidi/control character replaced by its visible mark (for titles, SVG text, plain strings). */
export function visibleText(s: string): string {
  return s.replace(SPECIAL, markOf);
}

/** True when `s` holds a character {@link visibleText} would replace. */
export function hasHiddenChars(s: string): boolean {
  SPECIAL.lastIndex = 0;
  const found = SPECIAL.test(s);
  SPECIAL.lastIndex = 0;
  return found;
}

/**
 * The first `max` characters of `s` (never splitting a surrogate pair) and how many were left out.
 * `max` counts UTF-16 code units, as `String.length` does.
 */
export function capText(s: string, max = TEXT_CAP): { text: string; omitted: number } {
  if (s.length <= max) return { text: s, omitted: 0 };
  let end = max;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--; // a high surrogate whose pair would be cut off
  return { text: s.slice(0, end), omitted: s.length - end };
}

/** Display text for an attribute (`title`, `aria-label`): visible marks, capped, with the count left out. */
export function safeTitle(s: string, max = 2000): string {
  const { text, omitted } = capText(s, max);
  return omitted ? `${visibleText(text)}… (${omitted.toLocaleString('en-US')} more characters)` : visibleText(text);
}

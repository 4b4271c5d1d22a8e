/**
 * `str LIKE pattern` as Spark 4 answers it (catalyst `Like`, StringUtils.escapeLikeRegex): case-sensitive;
 * `%` any run of characters and `_` one character, newlines and supplementary characters included (Spark
 * compiles with DOTALL over Java's code points); `\` escapes the next `%`, `_` or `\`, and before any other
 * character or at the end it is an error. squirreling's LIKE (binary.js) ignored case, let `%` stop at a
 * newline, let `_` match half a surrogate pair, and read `\_` as a backslash then any character.
 */
import { messageError } from '../../message-error.ts';

const cache = new Map<string, RegExp>();

/** The regular expression of a LIKE pattern; throws LakeError DataInvalid for a misplaced escape (Spark: INVALID_FORMAT.ESC…). */
export function sparkLikeRegex(pattern: string): RegExp {
  let r = cache.get(pattern);
  if (r) return r;
  let body = '';
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\') {
      const next = chars[i + 1];
      if (next !== '%' && next !== '_' && next !== '\\') throw messageError('DataInvalid', 'error.sql.likeEscape', { pattern });
      body += escapeRegex(next);
      i++;
    } else if (c === '%') body += '.*';
    else if (c === '_') body += '.';
    else body += escapeRegex(c);
  }
  r = new RegExp(`^${body}$`, 'su');
  if (cache.size > 1000) cache.clear();
  cache.set(pattern, r);
  return r;
}

const escapeRegex = (c: string): string => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** `str LIKE pattern` for two non-NULL values (their text). */
export function sparkLike(str: unknown, pattern: unknown): boolean {
  return sparkLikeRegex(String(pattern)).test(String(str));
}

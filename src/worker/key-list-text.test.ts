import { describe, expect, it } from 'vitest';
import { LakeError, isLakeError } from '../core/errors.ts';
import { mulberry32 } from '../testing/fuzz/prng.ts';
import { parseKeyManifest } from './key-list.ts';
import { type Slicing, SLICED_MIN_LENGTH, parseKeyManifestText } from './key-list-text.ts';

const URL_ = 'http://h/lake/index.json';
/** Every text of these tests cut into slices of ~40 characters: many cuts, each a chance to cut wrong. */
const SMALL: Slicing = { minLength: 0, sliceChars: 40 };

/** What the whole-text path gives: the manifest, or the error's code and catalog ref. */
function reference(text: string): unknown {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { code: 'DataInvalid', ref: 'error.http.indexNotJson' };
  }
  try {
    return parseKeyManifest(json, URL_);
  } catch (e) {
    return { code: (e as LakeError).code, ref: (e as LakeError).ref?.key };
  }
}

async function sliced(text: string, slicing: Slicing = SMALL): Promise<unknown> {
  try {
    return await parseKeyManifestText(text, URL_, undefined, slicing);
  } catch (e) {
    if (!(e instanceof LakeError)) throw e;
    expect(e.context).toEqual({ url: URL_ });
    return { code: e.code, ref: e.ref?.key };
  }
}

function manifestText(n: number, key = (i: number) => `t/metadata/v${i}.metadata.json`): string {
  return JSON.stringify({ version: 1, files: Array.from({ length: n }, (_, i) => ({ key: key(i), size: i })) });
}

describe('parseKeyManifestText (issue 17: the key list a slice at a time)', () => {
  it('gives what JSON.parse gives, whatever the keys hold: "},{", "files":[, quotes, backslashes, brackets', async () => {
    const odd = ['a},{b', '"files":[', 'x"},{"key":"y', 'back\\slash\\', '}]', '[{', 'ü/€/𝄞', ' }, { ', 'a\\"},{\\"b', ',', '{"key":"k","size":1}'];
    const texts = [
      manifestText(30, (i) => `${odd[i % odd.length]}/${i}`),
      JSON.stringify({ version: 1, files: Array.from({ length: 20 }, (_, i) => ({ key: `k${i}`, size: i, extra: [{ a: '},{' }, { b: [1, { c: 2 }] }] })) }),
      JSON.stringify({ files: Array.from({ length: 20 }, (_, i) => ({ key: `k${i}`, size: i })), version: 1, after: [{ x: 1 }, { y: [2] }] }),
      JSON.stringify({ version: 1, files: Array.from({ length: 20 }, (_, i) => ({ key: `k${i}`, size: i })) }, null, 2),
      JSON.stringify({ version: 1, nested: { files: [{ key: 'decoy', size: 1 }] }, files: Array.from({ length: 12 }, (_, i) => ({ key: `k${i}`, size: i })) }),
      JSON.stringify({ version: 1, files: [] }),
      '{"version":1,"files":[{"key":"a","size":1}],"files":[{"key":"b","size":2},{"key":"c","size":3},{"key":"d","size":4}]}',
      '{"version":1,"files":[{"key":"a","size":1},{"key":"b","size":2}],"note":"]"}',
      '{"version":1,"fi\\u006ces":[{"key":"a","size":1},{"key":"b","size":2},{"key":"c","size":3}]}',
    ];
    for (const text of texts) {
      const want = reference(text);
      expect(typeof want === 'object' && want !== null && 'files' in want, text.slice(0, 80)).toBe(true);
      expect(await sliced(text), text.slice(0, 80)).toEqual(want);
    }
  });

  it('refuses what JSON.parse refuses, with the same error: stray commas at a cut, torn text, wrong shapes', async () => {
    const entries = Array.from({ length: 12 }, (_, i) => `{"key":"k${i}","size":${i}}`);
    const texts = [
      `{"version":1,"files":[${entries.join(',')},]}`,
      `{"version":1,"files":[,${entries.join(',')}]}`,
      `{"version":1,"files":[${entries.slice(0, 6).join(',')},,${entries.slice(6).join(',')}]}`,
      `{"version":1,"files":[${entries.join(',')}]`,
      `{"version":1,"files":[${entries.join(',')}]}x`,
      manifestText(40).slice(0, 500),
      `{"version":2,"files":[${entries.join(',')}]}`,
      `{"version":1,"files":[${entries.join(',')},{"key":"/abs","size":1}]}`,
      `{"version":1,"files":[${entries.join(',')},{"key":"a/../b","size":1}]}`,
      `{"version":1,"files":[${entries.join(',')}],"files":"none"}`,
      `[{"version":1,"files":[${entries.join(',')}]}]`,
      // Whitespace to a regex's \s but not to JSON (RFC 8259 §2: space, tab, LF, CR only) at a cut.
      ...['\u00a0', '\u000b', '\u000c', '\ufeff', '\u2028'].map((ws) => `{"version":1,"files":[${entries.slice(0, 6).join(',')}${ws},${entries.slice(6).join(',')}]}`),
      `{"version":1,"files":[${entries.slice(0, 6).join(',')},\u00a0${entries.slice(6).join(',')}]}`,
    ];
    for (const text of texts) {
      const want = reference(text);
      expect(want, text.slice(-60)).toMatchObject({ code: 'DataInvalid' });
      expect(await sliced(text), text.slice(-60)).toEqual(want);
      expect(await sliced(text, { minLength: 0, sliceChars: 1 }), text.slice(-60)).toEqual(want); // a cut at every comma
    }
  });

  it('agrees with JSON.parse on 400 seeded mutations of a list (characters of the JSON grammar inserted, removed or changed)', async () => {
    const rng = mulberry32(17);
    const base = manifestText(25, (i) => (i % 5 === 0 ? `odd},{"key":"${i}` : `t/m/${i}`));
    const alphabet = ['{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', '\u00a0', '\u000b', 'x', '1'];
    let differed = 0;
    for (let n = 0; n < 400; n++) {
      let text = base;
      for (let m = rng.range(1, 3); m > 0; m--) {
        const at = rng.int(text.length);
        const c = rng.pick(alphabet);
        const op = rng.next();
        text = op < 0.33 ? text.slice(0, at) + c + text.slice(at) : op < 0.66 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + c + text.slice(at + 1);
      }
      const want = reference(text);
      if (JSON.stringify(want) !== JSON.stringify(reference(base))) differed++;
      expect(await sliced(text), text).toEqual(want);
    }
    expect(differed).toBeGreaterThan(200); // the mutations mostly broke the text: both paths were tested on errors too
  });

  it('lets a task queued before it run between slices of a long list, and stops at an abort between them', async () => {
    const text = manifestText(20_000);
    expect(text.length).toBeGreaterThan(SLICED_MIN_LENGTH);
    let ranBeforeEnd = false;
    setImmediate(() => { ranBeforeEnd = true; });
    const m = await parseKeyManifestText(text, URL_);
    expect(ranBeforeEnd).toBe(true);
    expect(m.files).toHaveLength(20_000);
    expect(m.files[19_999]).toEqual({ key: 't/metadata/v19999.metadata.json', size: 19_999 });

    const controller = new AbortController();
    const parsing = parseKeyManifestText(text, URL_, controller.signal);
    controller.abort();
    const err = await parsing.catch((e: unknown) => e);
    expect(isLakeError(err, 'Aborted')).toBe(true);
  });

  it('parses a short list in one go (no pause: nothing queued runs before it ends)', async () => {
    let ran = false;
    setImmediate(() => { ran = true; });
    const m = await parseKeyManifestText(manifestText(100), URL_);
    expect(ran).toBe(false);
    expect(m.files).toHaveLength(100);
  });
});

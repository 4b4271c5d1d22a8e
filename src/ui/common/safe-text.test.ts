import { describe, expect, it } from 'vitest';
import { capText, hasHiddenChars, markOf, safeTitle, textParts, visibleText } from './safe-text.ts';

describe('visibleText', () => {
  it('shows bidi overrides, embeddings, isolates and marks as visible marks', () => {
    expect(visibleText('evil\u202Eexe.live')).toBe('evil⟨U+202E⟩exe.live');
    for (const c of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c]) {
      const out = visibleText(`a${String.fromCodePoint(c)}b`);
      expect(out).toBe(`a⟨U+${c.toString(16).toUpperCase().padStart(4, '0')}⟩b`);
    }
  });

  it('shows control characters as escapes, keeping tab and newline', () => {
    expect(visibleText('\x1b[31mred\x07\x00')).toBe('\\x1b[31mred\\x07\\x00');
    expect(visibleText('a\tb\nc\rd\x7f\x9b')).toBe('a\tb\nc\\x0dd\\x7f\\x9b');
  });

  it('leaves HTML, quotes and ordinary Unicode alone (React renders them as text)', () => {
    const s = '<img src=x onerror=alert(1)> "x" \'y\' </script> javascript:alert(1) 日本語 עברית 🙂';
    expect(visibleText(s)).toBe(s);
    expect(hasHiddenChars(s)).toBe(false);
    expect(hasHiddenChars('x\u2067')).toBe(true);
    expect(hasHiddenChars('x\u2067')).toBe(true); // the global regex keeps no state between calls
  });
});

describe('textParts', () => {
  it('splits plain runs from one mark per hidden character', () => {
    expect(textParts('a\u202E\u202Eb\x1b')).toEqual([
      { text: 'a', mark: false }, { text: '⟨U+202E⟩', mark: true }, { text: '⟨U+202E⟩', mark: true },
      { text: 'b', mark: false }, { text: '\\x1b', mark: true },
    ]);
    expect(textParts('plain')).toEqual([{ text: 'plain', mark: false }]);
    expect(textParts('')).toEqual([]);
    expect(textParts('a\u202Eb').map((p) => p.text).join('')).toBe(visibleText('a\u202Eb'));
  });

  it('marks a character by its code point', () => {
    expect(markOf('\u0085')).toBe('\\x85');
    expect(markOf('\u2069')).toBe('⟨U+2069⟩');
  });
});

describe('capText', () => {
  it('cuts at the cap and counts what was left out', () => {
    const long = 'x'.repeat(100_000);
    expect(capText(long, 1000)).toEqual({ text: 'x'.repeat(1000), omitted: 99_000 });
    expect(capText('short', 1000)).toEqual({ text: 'short', omitted: 0 });
  });

  it('never splits a surrogate pair', () => {
    const s = `${'a'.repeat(9)}🙂tail`;
    const { text, omitted } = capText(s, 10);
    expect(text).toBe('a'.repeat(9));
    expect(omitted).toBe(s.length - 9);
  });

  it('safeTitle caps and marks attribute text', () => {
    const t = safeTitle(`\u202E${'y'.repeat(5000)}`, 100);
    expect(t.startsWith('⟨U+202E⟩')).toBe(true);
    expect(t.length).toBeLessThan(200);
    expect(t).toContain('4,901 more characters');
  });
});

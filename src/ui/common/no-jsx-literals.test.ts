/**
 * Lint rule: JSX holds no user-facing string literals (issue 20, "Chinese"). Every sentence a person reads goes
 * through the message catalog so a second language covers it; this walk parses every src/ui/**\/*.tsx with the
 * TypeScript compiler and lists text children and user-facing attributes (title, aria-label, placeholder, alt,
 * label) that hold a word of a language. Tokens that are not language — punctuation, symbols, numbers, keyboard
 * keys, format and file-type names — are allowed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../testing/fixtures.ts';

const UI = join(REPO_ROOT, 'src', 'ui');
const ATTRIBUTES = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label', 'aria-description', 'aria-roledescription', 'aria-valuetext']);
/** Words that are not a language: format and product names, file types, keyboard keys, units, SQL keywords. */
const ALLOWED_WORDS = new Set([
  'iceberg', 'paimon', 'delta', 'lake', 'hudi', 'parquet', 'avro', 'orc', 'json', 'xml', 'csv', 'arrow', 'puffin', 'sql', 'lsm',
  'lakescope', 's3', 'oss', 'r2', 'minio', 'ceph', 'aws', 'cors', 'id', 'ms', 's', 'b', 'kib', 'mib', 'gib', 'tib',
  'readme', 'null', 'true', 'false', 'ctrl', 'cmd', 'shift', 'alt', 'enter', 'esc', 'escape', 'tab', 'space', 'ok', 'v1', 'v2', 'v3', 'utf', 'hex',
]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [p] : [];
  });
}

/** True when `text` holds a word of a language (letters that are not an allowed token). */
export function isLanguage(text: string): boolean {
  // One token with no space that holds a path, URL or code character is a name, not a sentence.
  if (!/\s/.test(text.trim()) && /[/.{}=_:$]/.test(text)) return false;
  const words = text.match(/[\p{L}][\p{L}\p{N}'’]*/gu) ?? [];
  return words.some((w) => !ALLOWED_WORDS.has(w.toLowerCase()) && w.length > 1);
}

/** Every user-facing literal of one file, as `file:line: text`. */
export function offenders(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: string[] = [];
  const report = (node: ts.Node, value: string): void => {
    if (!isLanguage(value)) return;
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    out.push(`${file}:${line + 1}: ${value.trim().replace(/\s+/g, ' ').slice(0, 80)}`);
  };
  /** String literals an expression may evaluate to (conditionals, ||, ??, template heads and spans). */
  const literals = (e: ts.Expression): Array<[ts.Node, string]> => {
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [[e, e.text]];
    if (ts.isTemplateExpression(e)) return [[e, [e.head.text, ...e.templateSpans.map((s) => s.literal.text)].join(' ')]];
    if (ts.isParenthesizedExpression(e)) return literals(e.expression);
    if (ts.isConditionalExpression(e)) return [...literals(e.whenTrue), ...literals(e.whenFalse)];
    if (ts.isBinaryExpression(e) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(e.operatorToken.kind)) {
      return [...(e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ? [] : literals(e.left)), ...literals(e.right)];
    }
    return [];
  };
  /** Code samples (`<code>`, `<kbd>`, a `mono` span) show syntax and names, not language. */
  const isCode = (el: ts.Node): boolean => {
    if (!ts.isJsxElement(el)) return false;
    const open = el.openingElement;
    if (['code', 'kbd', 'samp'].includes(open.tagName.getText(sf))) return true;
    return open.attributes.properties.some((a) => ts.isJsxAttribute(a) && a.name.getText(sf) === 'className'
      && a.initializer !== undefined && ts.isStringLiteral(a.initializer) && /\bmono\b/.test(a.initializer.text));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) { if (!isCode(node.parent)) report(node, node.text); }
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      for (const [n, v] of literals(node.expression)) report(n, v);
    } else if (ts.isJsxAttribute(node) && ATTRIBUTES.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) report(init, init.text);
      else if (ts.isJsxExpression(init) && init.expression) for (const [n, v] of literals(init.expression)) report(n, v);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('JSX holds no user-facing string literals', () => {
  it('the rule catches text, attributes and conditional literals, and lets tokens through', () => {
    const found = offenders('x.tsx', [
      'const a = <div title="Open the file">{"Loading…"}<b>Cancel</b>{x ? "Yes" : "—"}</div>;',
      'const b = <span aria-label="Iceberg">… · 42 KiB ⇄ Ctrl+Enter (30m, 7d)<code>is not null</code></span>;',
    ].join('\n'));
    expect(found).toEqual(['x.tsx:1: Open the file', 'x.tsx:1: Loading…', 'x.tsx:1: Cancel', 'x.tsx:1: Yes']);
  });

  it('no .tsx file under src/ui holds one', () => {
    const all = sources(UI).flatMap((f) => offenders(relative(REPO_ROOT, f), readFileSync(f, 'utf8')));
    expect(all).toEqual([]);
  });
});

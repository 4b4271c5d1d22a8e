/**
 * A tiny parser for the CLI's `--where` text, e.g. `a = 1 and b > 'x'`, `ts >= '2020-01-01T08:00:00'`,
 * `name starts with 'Ho' or id in (1, 2, 3)`, `not (x is null)`. Grammar (keywords case-insensitive):
 *
 *   expr      := orExpr
 *   orExpr    := andExpr ('or' andExpr)*
 *   andExpr   := notExpr ('and' notExpr)*
 *   notExpr   := 'not' notExpr | '(' expr ')' | predicate
 *   predicate := column ( cmp literal | 'is' ['not'] ('null' | 'nan') | ['not'] 'in' '(' literal (',' literal)* ')'
 *                       | ['not'] 'starts' 'with' literal | ['not'] 'like' 'prefix%' )
 *   cmp       := '=' | '==' | '!=' | '<>' | '<' | '<=' | '>' | '>='
 *   column    := identifier (dots allowed) | "double quoted" | `back quoted`
 *   literal   := 'single quoted' ('' escapes a quote) | number | true | false
 *
 * Dates and timestamps are written as quoted strings and converted when the expression is bound to a
 * column type. Integers beyond 2^53 become bigint and numbers with a fraction or exponent stay text
 * (`{ decimal: '1.005' }`), so they stay exact until they meet the column's type.
 */
import type { LakeError } from '../errors.ts';
import { messageError } from '../message-error.ts';
import { errorRef, type ErrorRef } from '../messages/message-parts.ts';
import { type CompareOp, type Expr, type Literal, and, not, or } from './expr.ts';

type Token =
  | { t: 'ident'; v: string; quoted: boolean; pos: number }
  | { t: 'str'; v: string; pos: number }
  | { t: 'num'; v: Literal; pos: number }
  | { t: 'op'; v: string; pos: number }
  | { t: 'end'; pos: number };

/** Parses `--where` text into an unbound expression; DataInvalid with the position on a syntax error. */
export function parseWhere(text: string): Expr {
  const p = new Parser(text, tokenize(text));
  const e = p.orExpr();
  p.expectEnd();
  return e;
}

function syntaxError(text: string, pos: number, what: ErrorRef): LakeError {
  return messageError('DataInvalid', 'error.expr', { message: errorRef('error.expr.syntax', { what, position: pos + 1, text }) }, { position: pos + 1 });
}

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) { i++; continue; }
    const start = i;
    if (c === "'" || c === '"' || c === '`') {
      let s = ''; i++;
      for (;;) {
        if (i >= text.length) throw syntaxError(text, start, errorRef('error.expr.what.unterminatedQuote', undefined));
        if (text[i] === c) {
          if (text[i + 1] === c) { s += c; i += 2; continue; }
          i++; break;
        }
        s += text[i++];
      }
      out.push(c === "'" ? { t: 'str', v: s, pos: start } : { t: 'ident', v: s, quoted: true, pos: start });
      continue;
    }
    const num = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?/i.exec(text.slice(i));
    if (num && (/[\d.]/.test(c) || ((c === '-' || c === '+') && !lastIsOperand(out)))) {
      out.push({ t: 'num', v: toNumber(num[0]), pos: start });
      i += num[0].length;
      continue;
    }
    const op = /^(<=|>=|<>|!=|==|=|<|>|\(|\)|,)/.exec(text.slice(i));
    if (op) { out.push({ t: 'op', v: op[0], pos: start }); i += op[0].length; continue; }
    const id = /^[A-Za-z_][\w.$]*/.exec(text.slice(i));
    if (id) { out.push({ t: 'ident', v: id[0], quoted: false, pos: start }); i += id[0].length; continue; }
    throw syntaxError(text, start, errorRef('error.expr.what.unexpectedChar', { char: c }));
  }
  out.push({ t: 'end', pos: text.length });
  return out;
}

function lastIsOperand(tokens: Token[]): boolean {
  const last = tokens[tokens.length - 1];
  return !!last && (last.t === 'num' || last.t === 'str' || (last.t === 'ident' && !isKeyword(last)) || (last.t === 'op' && last.v === ')'));
}

function isKeyword(t: Token): boolean {
  return t.t === 'ident' && !t.quoted && /^(and|or|not|in|is|null|nan|starts|with|like|true|false)$/i.test(t.v);
}

/** Integers as number (bigint beyond 2^53); anything with a fraction or exponent keeps its text (no double rounding). */
function toNumber(s: string): Literal {
  if (/^[+-]?\d+$/.test(s)) {
    const n = Number(s);
    return Number.isSafeInteger(n) ? n : BigInt(s);
  }
  return { decimal: s };
}

const CMP: Record<string, CompareOp> = { '=': 'eq', '==': 'eq', '!=': 'notEq', '<>': 'notEq', '<': 'lt', '<=': 'ltEq', '>': 'gt', '>=': 'gtEq' };

class Parser {
  private i = 0;
  constructor(private readonly text: string, private readonly tokens: Token[]) {}

  private peek(): Token { return this.tokens[this.i]; }
  private next(): Token { return this.tokens[this.i++]; }
  private isWord(word: string, t: Token = this.peek()): boolean {
    return t.t === 'ident' && !t.quoted && t.v.toLowerCase() === word;
  }
  private acceptWord(word: string): boolean {
    if (!this.isWord(word)) return false;
    this.i++;
    return true;
  }
  private expectWord(word: string): void {
    if (!this.acceptWord(word)) throw syntaxError(this.text, this.peek().pos, errorRef('error.expr.what.expected', { token: word }));
  }
  private acceptOp(op: string): boolean {
    const t = this.peek();
    if (t.t === 'op' && t.v === op) { this.i++; return true; }
    return false;
  }
  expectEnd(): void {
    const t = this.peek();
    if (t.t !== 'end') throw syntaxError(this.text, t.pos, errorRef('error.expr.what.unexpectedText', undefined));
  }

  orExpr(): Expr {
    let e = this.andExpr();
    while (this.acceptWord('or')) e = or(e, this.andExpr());
    return e;
  }
  private andExpr(): Expr {
    let e = this.notExpr();
    while (this.acceptWord('and')) e = and(e, this.notExpr());
    return e;
  }
  private notExpr(): Expr {
    if (this.acceptWord('not')) return not(this.notExpr());
    if (this.acceptOp('(')) {
      const e = this.orExpr();
      if (!this.acceptOp(')')) throw syntaxError(this.text, this.peek().pos, errorRef('error.expr.what.expected', { token: ')' }));
      return e;
    }
    return this.predicate();
  }
  private predicate(): Expr {
    const col = this.next();
    if (col.t !== 'ident' || isKeyword(col)) throw syntaxError(this.text, col.pos, errorRef('error.expr.what.expectedColumn', undefined));
    const term = col.v;
    const t = this.peek();
    if (t.t === 'op' && CMP[t.v]) {
      this.i++;
      return { op: CMP[t.v], term, value: this.literal() };
    }
    if (this.acceptWord('is')) {
      const negated = this.acceptWord('not');
      if (this.acceptWord('null')) return { op: negated ? 'notNull' : 'isNull', term };
      if (this.acceptWord('nan')) return { op: negated ? 'notNaN' : 'isNaN', term };
      throw syntaxError(this.text, this.peek().pos, errorRef('error.expr.what.expectedNullOrNan', undefined));
    }
    const negated = this.acceptWord('not');
    if (this.acceptWord('in')) {
      if (!this.acceptOp('(')) throw syntaxError(this.text, this.peek().pos, errorRef('error.expr.what.expected', { token: '(' }));
      const values = [this.literal()];
      while (this.acceptOp(',')) values.push(this.literal());
      if (!this.acceptOp(')')) throw syntaxError(this.text, this.peek().pos, errorRef('error.expr.what.expected', { token: ')' }));
      return { op: negated ? 'notIn' : 'in', term, values };
    }
    if (this.acceptWord('starts')) {
      this.expectWord('with');
      return { op: negated ? 'notStartsWith' : 'startsWith', term, value: this.stringLiteral() };
    }
    if (this.acceptWord('like')) {
      const pos = this.peek().pos;
      const pattern = this.stringLiteral();
      const m = /^([^%_]*)%$/.exec(pattern);
      if (!m) throw syntaxError(this.text, pos, errorRef('error.expr.what.prefixOnly', undefined));
      return { op: negated ? 'notStartsWith' : 'startsWith', term, value: m[1] };
    }
    throw syntaxError(this.text, this.peek().pos, errorRef('error.expr.what.expectedComparison', undefined));
  }
  private stringLiteral(): string {
    const t = this.next();
    if (t.t !== 'str') throw syntaxError(this.text, t.pos, errorRef('error.expr.what.expectedString', undefined));
    return t.v;
  }
  private literal(): Literal {
    const t = this.next();
    if (t.t === 'str' || t.t === 'num') return t.v;
    if (this.isWord('true', t)) return true;
    if (this.isWord('false', t)) return false;
    if (this.isWord('null', t)) throw syntaxError(this.text, t.pos, errorRef('error.expr.what.nullCompare', undefined));
    throw syntaxError(this.text, t.pos, errorRef('error.expr.what.expectedLiteral', undefined));
  }
}

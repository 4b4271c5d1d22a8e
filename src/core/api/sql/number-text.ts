/**
 * The text of a number inside SQL — `CAST(x AS STRING)` and CONCAT's arguments (Spark casts them to STRING) —
 * as Spark 4 writes it (Cast / ToStringBase): a DOUBLE or FLOAT by java.lang.Double.toString / Float.toString
 * (scientific below 1e-3 and from 1e7 on, `1.0E10`, `1.0E-5`; always a fraction digit, `1.0`; NaN, Infinity),
 * a DECIMAL plainly with its scale (ANSI mode: useDecimalPlainString), so the literal `1.0`, a DECIMAL(2,1),
 * is `1.0` and `1.50` is `1.50`. squirreling's parser makes a JS number of both, whose String() dropped the
 * scale and wrote doubles as JS does (`10000000000`). Values of DECIMAL columns and decimal arithmetic
 * already are their canonical text. How results print (the grid, CSV, JSON, `--format canonical`) is not
 * changed here: a DOUBLE column stays a number there.
 */
import type { UserDefinedFunction } from 'squirreling';
import { decimalLiteralText, type NumClass } from './exact-numeric.ts';
import type { SqlType } from './sql-types.ts';
import { sparkTimestampText } from './time-text.ts';

/**
 * java.lang.Double.toString of `d` (Float.toString of a float held as its shortest text's double): the
 * shortest digits that read back as `d` (JDK 19+; JDK-4511638 made older JDKs print more digits sometimes),
 * plain from 1e-3 to below 1e7, else `d.dddE±n`.
 */
export function javaDoubleText(d: number): string {
  if (Number.isNaN(d)) return 'NaN';
  if (d === Infinity) return 'Infinity';
  if (d === -Infinity) return '-Infinity';
  if (d === 0) return Object.is(d, -0) ? '-0.0' : '0.0';
  const a = Math.abs(d);
  if (a >= 1e-3 && a < 1e7) {
    const s = String(d); // plain in this range (JS writes an exponent below 1e-6 and from 1e21 only)
    return s.includes('.') ? s : `${s}.0`;
  }
  // d.ddd: one significant digit is shortest only for a few subnormals, where Java's two are the exact value's
  // (Double.MIN_VALUE is 4.9E-324, not 5.0E-324); for a normal double that is d.0.
  const shortest = d.toExponential();
  const [m, e] = (shortest.includes('.') ? shortest : d.toExponential(1)).split('e') as [string, string];
  return `${m}E${e.startsWith('+') ? e.slice(1) : e}`;
}

/**
 * A decimal literal's text (`007.50`, `.5`, `-0.0`, `1.`) as Spark's DECIMAL of it prints: no leading zeros
 * but one before the point, the fraction digits as written (its scale), no sign on zero.
 */
export function decimalLiteralString(src: string): string {
  const neg = src.startsWith('-');
  const body = neg || src.startsWith('+') ? src.slice(1) : src;
  const [int = '', frac = ''] = body.split('.');
  const digits = int.replace(/^0+(?=\d)/, '') || '0';
  const text = frac.length > 0 ? `${digits}.${frac}` : digits;
  return neg && /[1-9]/.test(text) ? `-${text}` : text;
}

/** The text of `v`, a value of class `c`, that CAST(… AS STRING) gives: Java's for a double, else String(v). */
export function numberText(v: unknown, c: NumClass): unknown {
  if (v == null) return null;
  return c.kind === 'double' && typeof v === 'number' ? javaDoubleText(v) : v;
}

/** The fallback's function for a DOUBLE or FLOAT operand of CAST(… AS STRING) or CONCAT (sql-typed-rewrite.ts). */
export const NUMBER_TEXT_FUNCTIONS: Record<string, UserDefinedFunction> = {
  __LS3_DTEXT: { apply: (v) => numberText(v, { kind: 'double' }) as never, arguments: { min: 1, max: 1 } },
  /** A TIMESTAMP operand: Spark's `yyyy-MM-dd HH:mm:ss[.f]`, not the canonical ISO text (time-text.ts). */
  __LS3_TSTEXT: { apply: (v) => sparkTimestampText(v) as never, arguments: { min: 1, max: 1 } },
};

/** The types CAST takes as text. */
export const isTextType = (t: unknown): boolean => ['TEXT', 'STRING', 'VARCHAR'].includes(String(t).toUpperCase());

type Node = Record<string, unknown>;

/**
 * For the fallback's AST (sql-typed-rewrite.ts): `node`, if a CAST(… AS STRING) or a CONCAT call, with each
 * operand that is a decimal literal replaced by Spark's text of it and each DOUBLE or FLOAT wrapped in
 * `__LS3_DTEXT`, each TIMESTAMP (by `typeOf`) in `__LS3_TSTEXT`, the others `walk`ed; undefined when no operand is any.
 */
export function numberTextOperands(node: Node, classOf: (n: Node) => NumClass, text: string, walk: (n: unknown) => unknown, typeOf?: (n: Node) => SqlType | undefined): Node | undefined {
  if (!(node.type === 'cast' && isTextType(node.toType)) && !(node.type === 'function' && String(node.funcName).toUpperCase() === 'CONCAT' && Array.isArray(node.args))) return undefined;
  const operands = (node.type === 'cast' ? [node.expr] : node.args) as Node[];
  let changed = false;
  const out = operands.map((n) => {
    const c = classOf(n);
    const literal = decimalLiteralText(n as never, c, text);
    const at = { positionStart: n.positionStart, positionEnd: n.positionEnd };
    if (literal !== undefined) { changed = true; return { type: 'literal', value: decimalLiteralString(literal), ...at }; }
    if (c.kind === 'double') { changed = true; return { type: 'function', funcName: '__LS3_DTEXT', args: [walk(n)], ...at }; }
    if (typeOf?.(n)?.kind === 'timestamp') { changed = true; return { type: 'function', funcName: '__LS3_TSTEXT', args: [walk(n)], ...at }; }
    return walk(n);
  });
  if (!changed) return undefined;
  return node.type === 'cast' ? { ...node, expr: out[0] } : { ...node, args: out };
}

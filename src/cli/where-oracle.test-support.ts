/**
 * The `--where` suite's own small predicate evaluator and generator, working on the canonical row form of
 * the expected files (fixtures/expected/README.md). Written apart from core/expr on purpose: it parses
 * the literal text itself, compares numbers and times as exact rationals, strings by UTF-8 bytes, and
 * applies SQL's three-valued logic, so that an error in the engine cannot hide in a shared helper.
 */

/** How the suite treats a column, from its type name. */
export type Kind = 'exact' | 'double' | 'float' | 'string' | 'boolean' | 'date' | 'timestamp';

export interface Column {
  readonly name: string;
  readonly kind: Kind;
  /** Decimal scale; integer columns have scale 0 and `integer` set. */
  readonly scale?: number;
  readonly integer?: 'int' | 'long';
  /** Timestamps: whether the column holds instants (zone offsets allowed) and whether it keeps nanoseconds. */
  readonly withZone?: boolean;
  readonly nanos?: boolean;
}

/** Kind of a column from its Iceberg or Paimon type name; undefined for types the suite leaves out. */
export function columnOf(name: string, typeName: string): Column | undefined {
  const t = typeName.toLowerCase().replace(/\s+not null$/, '').trim();
  if (/^(int|integer|tinyint|smallint)$/.test(t)) return { name, kind: 'exact', scale: 0, integer: 'int' };
  if (/^(long|bigint)$/.test(t)) return { name, kind: 'exact', scale: 0, integer: 'long' };
  const dec = /^decimal\((\d+),\s*(\d+)\)$/.exec(t);
  if (dec) return { name, kind: 'exact', scale: Number(dec[2]) };
  if (t === 'double') return { name, kind: 'double' };
  if (t === 'float') return { name, kind: 'float' };
  if (t === 'string' || /^(var)?char\(\d+\)$/.test(t)) return { name, kind: 'string' };
  if (t === 'boolean') return { name, kind: 'boolean' };
  if (t === 'date') return { name, kind: 'date' };
  if (t === 'timestamp' || t === 'timestamp_ns') return { name, kind: 'timestamp', withZone: false, nanos: t.endsWith('_ns') };
  if (t === 'timestamptz' || t === 'timestamptz_ns') return { name, kind: 'timestamp', withZone: true, nanos: t.endsWith('_ns') };
  const paimonTs = /^timestamp(?:\((\d+)\))?( with local time zone)?$/.exec(t);
  if (paimonTs) return { name, kind: 'timestamp', withZone: !!paimonTs[2], nanos: Number(paimonTs[1] ?? 6) > 6 };
  return undefined;
}

/** An exact number m / 10^e. */
export interface Rational { readonly m: bigint; readonly e: number }

function rational(text: string): Rational {
  const x = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text.trim());
  if (!x) throw new Error(`oracle: not a number: ${text}`);
  const frac = x[3] ?? '';
  let m = BigInt(`${x[2]}${frac}` || '0') * (x[1] === '-' ? -1n : 1n);
  let e = frac.length - Number(x[4] ?? 0);
  if (e < 0) { m *= 10n ** BigInt(-e); e = 0; }
  return { m, e };
}

function compareRational(a: Rational, b: Rational): number {
  const e = Math.max(a.e, b.e);
  const x = a.m * 10n ** BigInt(e - a.e); const y = b.m * 10n ** BigInt(e - b.e);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Seconds since the epoch of `YYYY-MM-DD[( |T)HH:MM:SS[.f…]][Z|±HH:MM]`, exactly. */
function seconds(text: string): Rational {
  const x = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2})?$/.exec(text);
  if (!x) throw new Error(`oracle: not a date/time: ${text}`);
  const whole = Date.UTC(Number(x[1]), Number(x[2]) - 1, Number(x[3]), Number(x[4] ?? 0), Number(x[5] ?? 0), Number(x[6] ?? 0)) / 1000;
  const offset = x[8] && x[8] !== 'Z' ? (x[8][0] === '-' ? -1 : 1) * (Number(x[8].slice(1, 3)) * 3600 + Number(x[8].slice(4)) * 60) : 0;
  const frac = x[7] ?? '';
  return { m: BigInt(whole - offset) * 10n ** BigInt(frac.length) + BigInt(frac || '0'), e: frac.length };
}

function utf8Compare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

type Comparable = Rational | number | string | boolean;

/** The value of a canonical cell (non-null) or of a literal's text in the suite's own representation. */
function valueOf(col: Column, v: unknown): Comparable {
  switch (col.kind) {
    case 'exact': return rational(String(v));
    case 'double': return Number(v);
    case 'float': return Math.fround(Number(v)); // the literal is cast to the column type, as the CLI's --help says
    case 'string': return v as string;
    case 'boolean': return v === true || v === 'true';
    case 'date': case 'timestamp': return seconds(String(v));
  }
}

function compare(a: Comparable, b: Comparable): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return utf8Compare(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  return compareRational(a as Rational, b as Rational);
}

/** A generated filter: its `--where` text and a three-valued evaluation on canonical rows. */
export interface Filter {
  readonly sql: string;
  readonly test: (row: Record<string, unknown>) => boolean | null;
}

export type Op = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | 'not in' | 'is null' | 'is not null';

/** `col op literal(s)`; literal texts are parsed here, independently of the engine. */
export function predicate(col: Column, op: Op, literals: readonly string[], quotedName: string): Filter {
  const lits = literals.map((l) => valueOf(col, unquote(l)));
  const sql = op === 'is null' || op === 'is not null' ? `${quotedName} ${op}`
    : op === 'in' || op === 'not in' ? `${quotedName} ${op} (${literals.join(', ')})` : `${quotedName} ${op} ${literals[0]}`;
  return {
    sql,
    test: (row) => {
      const cell = row[col.name];
      if (op === 'is null') return cell === null;
      if (op === 'is not null') return cell !== null;
      if (cell === null || cell === undefined) return null;
      const v = valueOf(col, cell);
      const c = lits.map((l) => compare(v, l));
      switch (op) {
        case '=': return c[0] === 0;
        case '!=': return c[0] !== 0;
        case '<': return c[0] < 0;
        case '<=': return c[0] <= 0;
        case '>': return c[0] > 0;
        case '>=': return c[0] >= 0;
        case 'in': return c.some((x) => x === 0);
        case 'not in': return c.every((x) => x !== 0);
      }
    },
  };
}

/** Single-quoted literal text → its content; other literal text unchanged. */
function unquote(l: string): string {
  return l.startsWith("'") ? l.slice(1, -1).replace(/''/g, "'") : l;
}

export const and = (a: Filter, b: Filter): Filter => ({
  sql: `(${a.sql}) and (${b.sql})`,
  test: (r) => { const x = a.test(r); const y = b.test(r); return x === false || y === false ? false : x === null || y === null ? null : true; },
});
export const or = (a: Filter, b: Filter): Filter => ({
  sql: `(${a.sql}) or (${b.sql})`,
  test: (r) => { const x = a.test(r); const y = b.test(r); return x === true || y === true ? true : x === null || y === null ? null : false; },
});
export const not = (a: Filter): Filter => ({ sql: `not (${a.sql})`, test: (r) => { const x = a.test(r); return x === null ? null : !x; } });

/** Mulberry32: a small seeded PRNG, so a failing case can be replayed with the same seed. */
export function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The values of a column present in the rows (non-null, distinct canonical text). */
export function presentValues(col: Column, rows: readonly Record<string, unknown>[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const r of rows) if (r[col.name] !== null && r[col.name] !== undefined) seen.set(JSON.stringify(r[col.name]), r[col.name]);
  return [...seen.values()];
}

/** True when the literal text denotes one of the column's present values (used to keep nanosecond columns honest). */
export function equalsPresent(col: Column, literal: string, present: readonly unknown[]): boolean {
  const l = valueOf(col, unquote(literal));
  return present.some((p) => compare(valueOf(col, p), l) === 0);
}

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const pad = (n: number | bigint, w = 2) => String(n).padStart(w, '0');

/** `YYYY-MM-DDTHH:MM:SS` + fraction of a count of microseconds since the epoch. */
function isoMicros(us: bigint): string {
  const ms = Number((us - (((us % 1000n) + 1000n) % 1000n)) / 1000n);
  const d = new Date(ms);
  const frac = ((us % 1_000_000n) + 1_000_000n) % 1_000_000n;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(frac, 6)}`;
}

function micros(canonical: string): bigint {
  const r = seconds(canonical);
  return (r.m * 1_000_000n) / 10n ** BigInt(r.e);
}

/**
 * Literal texts for a column: values present in the rows written in several accepted forms, and values
 * between and outside them (finer than the column, beyond its range, shifted by one unit).
 */
export function literalTexts(col: Column, present: readonly unknown[], rand: () => number): string[] {
  const texts = literalForms(col, present, rand);
  // Mostly values present in the rows (in some spelling), so that most predicates select some rows but not all.
  return rand() < 0.6 ? texts.slice(0, 3) : texts;
}

/** Literal texts; the first three spell a value present in the rows (when there is one). */
export function literalForms(col: Column, present: readonly unknown[], rand: () => number): string[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const base = present.length > 0 ? pick(present) : undefined;
  switch (col.kind) {
    case 'exact': {
      if (col.integer) {
        const v = base === undefined ? 0n : BigInt(String(base));
        const max = col.integer === 'int' ? 2n ** 31n - 1n : 2n ** 63n - 1n;
        return [String(v), `${v}.0`, `${v}e0`, String(v + 1n), String(v - 1n), `${v}.5`, `${v < 0n ? '-' : ''}0.5`, String(max + 1n),
          String(-max - 2n), '9007199254740993', '-1e30'];
      }
      const scale = col.scale ?? 0;
      const text = base === undefined ? '0' : String(base);
      const { m } = rational(text);
      const unit = (k: bigint) => { const r = m + k; const neg = r < 0n; const d = (neg ? -r : r).toString().padStart(scale + 1, '0'); return `${neg ? '-' : ''}${scale ? `${d.slice(0, -scale)}.${d.slice(-scale)}` : d}`; };
      const trimmed = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
      return [text, trimmed, quote(text), `${m}e-${scale}`, `${text}${text.includes('.') ? '' : '.'}5`, `${text}${text.includes('.') ? '' : '.'}0001`, unit(1n), unit(-1n),
        text.split('.')[0]!, '1e40', '-1e40'];
    }
    case 'double': case 'float': {
      const nums = present.map(Number).sort((a, b) => a - b);
      const v = base === undefined ? 0 : Number(base);
      const next = nums.find((x) => x > v);
      return [String(v), String(v), String(v), next === undefined ? String(v + 1) : String((v + next) / 2), String(Math.floor(v)), String(v - 1), '-1e300', '1e-7'];
    }
    case 'string': {
      const v = base === undefined ? 'x' : String(base);
      return [quote(v), quote(v), quote(pick(present.length > 0 ? present : ['x']) as string), quote(`${v}a`), quote(v.slice(0, -1)), quote(''), quote("O'Brien"), quote('Zürich \u{1F407}'), quote(v.toUpperCase())];
    }
    case 'boolean': return ['true', 'false'];
    case 'date': {
      const v = base === undefined ? '2020-01-01' : String(base);
      const day = (k: number) => new Date(Date.parse(`${v}T00:00:00Z`) + k * 86_400_000).toISOString().slice(0, 10);
      return [quote(v), quote(`${v} 00:00:00`), quote(v), quote(day(1)), quote(day(-1)), quote(`${v}T12:00:00`), quote(day(-4000)), quote(day(4000))];
    }
    case 'timestamp': {
      const us = base === undefined ? 1577836800000000n : micros(String(base));
      const iso = isoMicros(us);
      const forms = [quote(`${iso}Z`), quote(iso.replace('T', ' ')), quote(iso.replace(/\.?0+$/, '')), quote(`${isoMicros(us + 1n)}`), quote(`${isoMicros(us - 1n)}Z`),
        quote(iso.slice(0, 10)), quote(`${isoMicros(us + 86_400_000_000n * 400n)}`)];
      if (!col.nanos) forms.push(quote(`${iso}5`), quote(`${iso}999`));
      if (col.withZone) {
        const local = isoMicros(us + 19_800_000_000n); // +05:30
        forms.push(quote(`${local}+05:30`), quote(`${isoMicros(us - 3_600_000_000n)}-01:00`));
      }
      return forms;
    }
  }
}

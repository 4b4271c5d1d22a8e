/**
 * Row generators for the demo tables: plausible, seeded, small. Values are in the writer's row form
 * (core commit/row-values.ts): long → bigint, int → number, timestamptz → µs since epoch as bigint,
 * date → days since epoch, decimal → unscaled bigint. Timestamps are whole seconds, so every reader —
 * including ones that turn them into millisecond `Date`s — sees exactly the same instant.
 */
import type { DemoClock, Rng } from './demo-runtime.ts';

const DAY_MS = 86_400_000;

/** µs since epoch of an ISO instant. */
function micros(iso: string | number): bigint {
  const ms = typeof iso === 'number' ? iso : Date.parse(iso);
  if (!Number.isFinite(ms)) throw new Error(`demo data: bad instant ${String(iso)}`);
  return BigInt(ms) * 1000n;
}

/** `YYYY-MM-DD` days from `first` to `last` inclusive. */
export function days(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** A random whole-second instant (µs) within the UTC day `day`, weighted towards daytime. */
export function instantIn(rng: Rng, day: string): bigint {
  const hour = Math.min(23, Math.max(0, Math.round(8 + 12 * rng.next() + (rng.next() - 0.5) * 6)));
  return micros(Date.parse(`${day}T00:00:00Z`) + ((hour * 60 + rng.int(0, 59)) * 60 + rng.int(0, 59)) * 1000);
}

/** Sorts rows by a bigint/number key (files come out in time order, so min/max metrics are tight). */
export function sortBy<T extends Record<string, unknown>>(rows: T[], key: keyof T): T[] {
  return rows.sort((a, b) => (a[key] as bigint) < (b[key] as bigint) ? -1 : (a[key] as bigint) > (b[key] as bigint) ? 1 : 0);
}

/** Runs `fn` with the demo clock at `when`: each commit of the demo happens at a fixed instant. */
export async function commitAt<T>(clock: DemoClock, when: string, fn: () => Promise<T>): Promise<T> {
  clock.at(when);
  return fn();
}

const PRODUCTS: readonly { name: string; cents: number }[] = [
  { name: 'espresso beans 1kg', cents: 2450 }, { name: 'pour-over kettle', cents: 5900 }, { name: 'burr grinder', cents: 12900 },
  { name: 'ceramic dripper', cents: 2200 }, { name: 'paper filters x100', cents: 650 }, { name: 'milk frother', cents: 3400 },
  { name: 'travel mug', cents: 1990 }, { name: 'cold brew jar', cents: 2750 }, { name: 'digital scale', cents: 3850 },
  { name: 'decaf beans 500g', cents: 1350 }, { name: 'tasting set', cents: 4500 }, { name: 'gift card', cents: 5000 },
];
const ORDER_STATUS = ['placed', 'paid', 'shipped', 'shipped', 'delivered', 'delivered', 'delivered', 'returned'] as const;
const COUNTRIES = ['DE', 'FR', 'NL', 'US', 'US', 'GB', 'SE', 'ES', 'IT', 'JP'] as const;
const FIRST = ['Ada', 'Ben', 'Chloé', 'Dmitri', 'Eva', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kira', 'Luca', 'Mia', 'Noor', 'Otto', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tariq', 'Uma', 'Vera', 'Wen', 'Yusuf', 'Zoe'];
const LAST = ['Adler', 'Berg', 'Costa', 'Dubois', 'Engel', 'Fischer', 'García', 'Hansen', 'Ito', 'Jansen', 'Klein', 'Larsen', 'Moreau', 'Novak', 'Okafor', 'Petrov', 'Rossi', 'Schmidt', 'Tanaka', 'Weber'];

/** One order row. */
export function order(rng: Rng, id: number, day: string, customers: number): Record<string, unknown> {
  const p = rng.pick(PRODUCTS);
  const quantity = rng.chance(0.8) ? 1 : rng.int(2, 4);
  return {
    order_id: BigInt(id), customer_id: BigInt(rng.int(1, customers)), order_ts: instantIn(rng, day),
    product: p.name, quantity, amount: BigInt(p.cents * quantity), status: rng.pick(ORDER_STATUS),
  };
}

/** One customer row (schema as first created: loyalty_points is an int). */
export function customer(rng: Rng, id: number, signupDay: string): Record<string, unknown> {
  const first = rng.pick(FIRST); const last = rng.pick(LAST);
  return {
    customer_id: BigInt(id), name: `${first} ${last}`,
    email: `${first}.${last}.${id}@example.com`.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
    country: rng.pick(COUNTRIES), signup_date: Math.floor(Date.parse(`${signupDay}T00:00:00Z`) / DAY_MS),
    loyalty_points: rng.int(0, 5000),
  };
}

const PAGES = ['/', '/shop', '/shop/beans', '/shop/gear', '/product/grinder', '/product/kettle', '/cart', '/checkout', '/blog/brew-guide', '/account'] as const;
const DEVICES = ['desktop', 'mobile', 'mobile', 'tablet'] as const;
const REFERRERS = [null, null, 'search', 'newsletter', 'social', 'partner'] as const;

/** One click row; about 6% are crawler hits (is_bot). */
export function click(rng: Rng, id: number, day: string): Record<string, unknown> {
  const bot = rng.chance(0.06);
  return {
    click_id: BigInt(id), ts: instantIn(rng, day), session_id: `s-${day.replaceAll('-', '')}-${rng.int(1, 120).toString().padStart(3, '0')}`,
    user_id: bot ? null : BigInt(rng.int(1, 750)), page: rng.pick(PAGES), referrer: rng.pick(REFERRERS),
    device: bot ? 'desktop' : rng.pick(DEVICES), is_bot: bot,
  };
}

const CHANNELS = ['organic', 'paid', 'email', 'direct', 'social'] as const;

/** One session row. */
export function session(rng: Rng, n: number, day: string): Record<string, unknown> {
  return {
    session_id: `ses-${day.replaceAll('-', '')}-${n.toString().padStart(4, '0')}`, user_id: rng.chance(0.3) ? null : BigInt(rng.int(1, 750)),
    started_at: instantIn(rng, day), duration_s: rng.int(5, 1800), pages: rng.int(1, 25), country: rng.pick(COUNTRIES), channel: rng.pick(CHANNELS),
  };
}

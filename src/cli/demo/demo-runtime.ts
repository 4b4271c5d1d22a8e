/**
 * A reproducible runtime for writing the demo warehouse: a settable clock and seeded randomness.
 *
 * Why patch globals: the Iceberg writer (core) takes commit times from `Date.now` unless an operation takes
 * a `now` option (appends and deletes by key do; the `prepare…` operations do not), and takes snapshot ids,
 * commit/file UUIDs and Avro sync markers from `crypto.getRandomValues` / `crypto.randomUUID` — as it should
 * for real tables, where uniqueness matters more than reproducibility. The demo instead wants the same bytes
 * on every run (a stable git diff, and a test that regenerates the demo and compares it byte for byte), with
 * commit times spread over a few weeks for a readable timeline. So the generator runs inside
 * {@link withDemoRuntime}, which swaps those three functions for a clock it controls and a seeded generator,
 * and always puts the originals back. Only the demo generator (a Node script and its tests) uses this.
 */

/** Seeded 32-bit generator (mulberry32): small, fast and good enough for demo data. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** Uniform in [0, 1). */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Integer in [lo, hi]. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** The controls handed to the generator while the runtime is installed. */
export interface DemoClock {
  /** Sets the time every later `Date.now()` returns (until the next call). Accepts ISO text or ms. */
  at(when: string | number): void;
  /** The current demo time in ms. */
  now(): number;
}

/**
 * Runs `fn` with `Date.now` returning the demo clock and `crypto.getRandomValues` / `crypto.randomUUID` drawing
 * from a generator seeded with `seed`. Restores the originals when `fn` settles, also on failure.
 * Must not overlap with other work in the same process that needs real randomness (it is global).
 */
export async function withDemoRuntime<T>(seed: number, start: string, fn: (clock: DemoClock) => Promise<T>): Promise<T> {
  const c = globalThis.crypto as Crypto & Record<string, unknown>;
  const saved = {
    now: Date.now,
    getRandomValues: Object.getOwnPropertyDescriptor(c, 'getRandomValues'),
    randomUUID: Object.getOwnPropertyDescriptor(c, 'randomUUID'),
  };
  const rng = new Rng(seed);
  let time = Date.parse(start);
  const clock: DemoClock = {
    at: (when) => {
      const t = typeof when === 'number' ? when : Date.parse(when);
      if (!Number.isFinite(t)) throw new Error(`demo clock: bad time ${String(when)}`);
      time = t;
    },
    now: () => time,
  };
  const fill = <A extends ArrayBufferView | null>(a: A): A => {
    if (!a) return a;
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(rng.next() * 256);
    return a;
  };
  const uuid = (): `${string}-${string}-${string}-${string}-${string}` => {
    const b = fill(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40; // RFC 9562 version 4 and variant bits, as crypto.randomUUID makes them
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  };
  Date.now = () => time;
  Object.defineProperty(c, 'getRandomValues', { value: fill, configurable: true, writable: true });
  Object.defineProperty(c, 'randomUUID', { value: uuid, configurable: true, writable: true });
  try {
    return await fn(clock);
  } finally {
    Date.now = saved.now;
    restore(c, 'getRandomValues', saved.getRandomValues);
    restore(c, 'randomUUID', saved.randomUUID);
  }
}

function restore(o: Record<string, unknown>, name: string, d: PropertyDescriptor | undefined): void {
  if (d) Object.defineProperty(o, name, d);
  else delete o[name]; // the prototype's method shows through again
}

/**
 * Handler groups of the engine worker imported on their first call (issue 17). Whatever worker/engine.ts
 * imports statically lands in the worker's first chunk, which the browser fetches, compiles and runs before
 * the worker can open a deep link's table; row cursors (Arrow), raw files (ORC), diffs and writes are not
 * needed for that, so their modules are imported by the first call that needs them.
 */

/** A module imported once, on first use; a failed import is forgotten so the next call tries again. */
export interface LazyModule<T> {
  /** The module, importing it on the first call. */
  get(): Promise<T>;
  /** The module when an import of it has finished, else undefined (nothing is imported). */
  loaded(): T | undefined;
}

/** `load` (a dynamic `import()` and whatever is built from it) run at most once while it succeeds. */
export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  return {
    get(): Promise<T> {
      if (!pending) {
        const p = load().then((v) => (value = v));
        pending = p;
        // A chunk that failed to load (network, a deploy that replaced it) is asked for again next time.
        p.catch(() => { if (pending === p) pending = undefined; });
      }
      return pending;
    },
    loaded: () => value,
  };
}

type Call = (params: never, ctx: never) => Promise<unknown>;

/**
 * The calls `names` of a lazily imported handler group: each imports the group (once) and forwards its
 * params and call context. `names` must list every call of the group the page may make (the callers in
 * engine.ts check that at compile time with {@link AllCalls}).
 */
export function lazyCalls<T, const N extends keyof T & string>(group: LazyModule<T>, names: readonly N[]): Pick<T, N> {
  const calls: Record<string, (params: unknown, ctx: unknown) => Promise<unknown>> = {};
  for (const name of names) {
    calls[name] = async (params, ctx) => ((await group.get())[name] as unknown as (p: unknown, c: unknown) => Promise<unknown>)(params, ctx);
  }
  return calls as unknown as Pick<T, N>;
}

/**
 * `true` when `N` names every call (async function member) of `T` except those in `Hooks`; otherwise a
 * type naming the calls left out, so `const x: AllCalls<…> = true` fails to compile when a call is added to a
 * group and not to its list.
 */
export type AllCalls<T, N extends keyof T, Hooks extends keyof T = never> =
  Exclude<{ [K in keyof T]: T[K] extends Call ? K : never }[keyof T], N | Hooks> extends never
    ? true
    : { readonly missing: Exclude<{ [K in keyof T]: T[K] extends Call ? K : never }[keyof T], N | Hooks> };

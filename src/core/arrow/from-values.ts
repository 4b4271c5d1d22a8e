/**
 * Arrow data from plain JS values without code generation. Arrow's `vectorFromArray` (and `makeBuilder`
 * with `nullValues`) builds its null test with `new Function(...)` (apache-arrow builder/valid), which the
 * app's Content-Security-Policy (`script-src 'self' 'wasm-unsafe-eval'`, no `unsafe-eval`) refuses — so
 * Paimon and Delta writes that went through it failed in the browser ("Evaluating a string as JavaScript
 * violates the following Content Security Policy directive"), while passing in Node.
 * Here the builders are made without null values (Arrow then installs no generated function) and each one,
 * children included, gets a plain closure as its null test: `null` is null, exactly as `vectorFromArray`
 * decides (its `nullValues: [null]`).
 */
import { makeBuilder, type Builder, type Data, type DataType } from 'apache-arrow';

/** The null test vectorFromArray generates for its `nullValues: [null]`. */
const isPresent = (v: unknown): boolean => v !== null;

/** Sets the null test of `b` and of its child builders (struct fields, list items, map entries). */
function plainNullTest(b: Builder): void {
  // `_isValid` is what Builder#isValid calls (apache-arrow builder.ts); without nullValues it is `() => true`.
  (b as unknown as { _isValid: (v: unknown) => boolean })._isValid = isPresent;
  for (const c of b.children) plainNullTest(c);
}

/**
 * `values` as one Arrow Data of `type`, as `vectorFromArray(values, type).data[0]` gives it, without
 * `new Function`. Must hold: the same values, validity and nested layout.
 */
export function dataFromValues<T extends DataType>(values: readonly unknown[], type: T): Data<T> {
  const b = makeBuilder({ type, nullValues: [] });
  plainNullTest(b as unknown as Builder);
  for (const v of values) b.append(v as never);
  return b.finish().flush() as Data<T>;
}

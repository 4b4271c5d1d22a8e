/**
 * Arrow data from plain JS values without generating code. apache-arrow's `vectorFromArray` (and any
 * builder given `nullValues`) compiles its null test with `new Function` (builder/valid.mjs), which a page
 * under our Content-Security-Policy (`script-src 'self' 'wasm-unsafe-eval'`, no 'unsafe-eval') refuses: a
 * row write from the browser failed with "Evaluating a string as JavaScript violates …". Here every builder
 * (nested ones too) gets a plain null test instead — null and undefined are nulls, everything else a value.
 */
import { makeBuilder, type Builder, type Data, type DataType } from 'apache-arrow';

const isValid = (x: unknown): boolean => x !== null && x !== undefined;

function plainNullTest(b: Builder): void {
  // `_isValid` is the builder's own null test (Builder.prototype._isValid); replaced on the instance.
  (b as unknown as { _isValid: (x: unknown) => boolean })._isValid = isValid;
  for (const child of b.children) plainNullTest(child);
}

/** One Arrow Data of `type` holding `values` (null/undefined → null). Must hold: never evaluates generated code. */
export function dataFromValues<T extends DataType>(values: Iterable<unknown>, type: T): Data<T> {
  const b = makeBuilder({ type, nullValues: [] });
  plainNullTest(b);
  for (const v of values) b.append(v as never);
  return b.finish().flush() as Data<T>;
}

/** Sort orders (spec "Sorting", Appendix C "Sort Orders"). Order id 0 is the unsorted order. */
import { type JsonCtx, asArray, asObject, at, invalid, optInt, optIntList, reqInt, reqString } from './json-fields.ts';
import { type Transform, parseTransform } from './transform.ts';
import { errorRef } from '../../../messages/message-parts.ts';

export interface SortField {
  readonly sourceIds: readonly number[];
  readonly transform: Transform;
  readonly direction: 'asc' | 'desc';
  readonly nullOrder: 'nulls-first' | 'nulls-last';
}

export interface SortOrder {
  readonly orderId: number;
  readonly fields: readonly SortField[];
}

export const UNSORTED_ORDER: SortOrder = { orderId: 0, fields: [] };

export function parseSortOrder(json: unknown, ctx: JsonCtx): SortOrder {
  const o = asObject(json, ctx);
  const fields = asArray(o.fields ?? [], at(ctx, 'fields')).map((f, i) => {
    const c = at(at(ctx, 'fields'), i);
    const fo = asObject(f, c);
    const single = optInt(fo, 'source-id', c);
    const direction = reqString(fo, 'direction', c).toLowerCase();
    const nullOrder = reqString(fo, 'null-order', c).toLowerCase();
    if (direction !== 'asc' && direction !== 'desc') throw invalid(at(c, 'direction'), errorRef('error.iceberg.json.direction', { value: String(direction) }));
    if (nullOrder !== 'nulls-first' && nullOrder !== 'nulls-last') throw invalid(at(c, 'null-order'), errorRef('error.iceberg.json.nullOrder', { value: String(nullOrder) }));
    return {
      sourceIds: single !== undefined ? [single] : optIntList(fo, 'source-ids', c),
      transform: parseTransform(reqString(fo, 'transform', c)),
      direction, nullOrder,
    } as SortField;
  });
  return { orderId: reqInt(o, 'order-id', ctx), fields };
}

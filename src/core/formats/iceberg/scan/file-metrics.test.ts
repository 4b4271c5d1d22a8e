/**
 * Which part of a filter a file's column metrics may decide: all of it for data files, only the equality
 * columns for equality delete files, nothing for position deletes and deletion vectors.
 */
import { describe, expect, it } from 'vitest';
import { bindExpr } from '../../../expr/bind.ts';
import { describeExpr } from '../../../expr/describe.ts';
import { evaluateMetrics } from '../../../expr/metrics-evaluator.ts';
import { parseWhere } from '../../../expr/parse.ts';
import type { DataFile } from '../spec/manifest.ts';
import { type Schema, schemaLookup } from '../spec/schema.ts';
import { fileStats, metricsFilter } from './file-metrics.ts';

const schema: Schema = {
  schemaId: 0, identifierFieldIds: [],
  fields: [{ id: 1, name: 'k', required: false, type: { kind: 'string' } }, { id: 2, name: 'n', required: false, type: { kind: 'int' } }],
};

const le32 = (n: number) => new Uint8Array(new Int32Array([n]).buffer);
/** A delete file with one row per delete, whose non-key column `n` is null in every row (as Java writes them). */
function file(content: DataFile['content'], extra: Partial<DataFile> = {}): DataFile {
  return {
    content, filePath: 'f.parquet', fileFormat: 'parquet', specId: 0, partition: [], recordCount: 2n, fileSizeInBytes: 100n,
    valueCounts: new Map([[1, 2n], [2, 2n]]), nullValueCounts: new Map([[1, 0n], [2, 2n]]),
    lowerBounds: new Map([[1, new TextEncoder().encode('a')], [2, le32(5)]]), upperBounds: new Map([[1, new TextEncoder().encode('c')], [2, le32(5)]]),
    ...extra,
  } as DataFile;
}
const filterOf = (f: DataFile, where: string) => describeExpr(metricsFilter(f, bindExpr(parseWhere(where), schemaLookup(schema))));
const skips = (f: DataFile, where: string) => !evaluateMetrics(metricsFilter(f, bindExpr(parseWhere(where), schemaLookup(schema))), fileStats(f, schema), 2).match;

describe('metricsFilter', () => {
  it('data files: the whole filter, so all-null metrics skip them', () => {
    expect(filterOf(file('data'), "n = 8 and k = 'b'")).toBe("n = 8 and k = 'b'");
    expect(skips(file('data'), 'n = 8')).toBe(true);
  });

  it('equality deletes: only predicates on the equality columns', () => {
    const eq = file('equality-deletes', { equalityIds: [1] });
    expect(filterOf(eq, "n = 8 and k = 'b'")).toBe("k = 'b'");
    expect(filterOf(eq, "n = 8 or k = 'b'")).toBe('true');
    expect(filterOf(eq, "not (n = 8 or k = 'b')")).toBe("k != 'b'");
    expect(skips(eq, 'n = 8')).toBe(false);
    expect(skips(eq, "k = 'z'")).toBe(true);
    expect(skips(eq, "k = 'z' and n = 8")).toBe(true);
  });

  it('position deletes and deletion vectors: never on the filter', () => {
    expect(filterOf(file('position-deletes'), "n = 5 and k = 'z'")).toBe('true');
    expect(skips(file('position-deletes'), "k = 'z'")).toBe(false);
    expect(skips(file('position-deletes', { fileFormat: 'puffin' }), 'n = 8')).toBe(false);
  });
});

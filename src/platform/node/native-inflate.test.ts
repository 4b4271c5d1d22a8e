/**
 * Node's zlib as the Avro deflate decoder (native-inflate.ts): the same records as fflate on real
 * manifests, a plain Uint8Array out, and the same refusals — corrupt blocks and decompression bombs are
 * DataInvalid naming the file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { readAvroFile, readAvroHeader, setRawInflate, writeAvroFile } from '../../core/codecs/avro/index.ts';
import { isLakeError } from '../../core/errors.ts';
import { setDecodeLimits } from '../../core/util/decode-limits.ts';
import { FIXTURES_DIR, FIXTURES_PRESENT } from '../../testing/fixtures.ts';
import { installNodeInflate, zlibInflateRaw } from './native-inflate.ts';

afterEach(() => { setRawInflate(undefined); });

const MiB = 1024 * 1024;
const schema = { type: 'record', name: 'r', fields: [{ name: 'i', type: 'long' }, { name: 's', type: 'string' }, { name: 'b', type: 'bytes' }] };
const records = Array.from({ length: 2000 }, (_, i) => ({ i: BigInt(i) * 7919n, s: `data/part-${i % 97}/file-${i}.parquet`, b: new Uint8Array([i & 255, (i >> 8) & 255]) }));
const errorOf = (f: () => unknown) => { try { f(); } catch (e) { return e as Error & { context: Record<string, unknown> }; } return undefined; };

describe('Node zlib inflate for Avro blocks', () => {
  it('reads every record exactly as fflate does, across blocks', () => {
    const file = writeAvroFile(schema, records, { codec: 'deflate', blockSize: 16 * 1024 });
    const viaFflate = readAvroFile(file).records;
    installNodeInflate();
    const viaZlib = readAvroFile(file).records;
    expect(viaZlib).toEqual(viaFflate);
    expect(viaZlib).toEqual(records);
  });

  // (The fixtures come from $LAKESCOPE_FIXTURES or ../shared/fixtures; without them this case is skipped.)
  it.skipIf(!FIXTURES_PRESENT)('reads every deflate Avro file of the Iceberg fixtures exactly as fflate does', () => {
    const root = join(FIXTURES_DIR, 'iceberg');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.avro')).map((f) => new Uint8Array(readFileSync(join(root, f))));
    const deflated = files.filter((f) => readAvroHeader(f).codec === 'deflate');
    expect(deflated.length).toBeGreaterThan(10);
    for (const file of deflated) {
      setRawInflate(undefined);
      const viaFflate = readAvroFile(file).records;
      installNodeInflate();
      expect(readAvroFile(file).records).toEqual(viaFflate);
    }
  });

  it('returns a plain Uint8Array, not a Buffer (whose slice would be a view)', () => {
    const file = writeAvroFile(schema, records.slice(0, 10), { codec: 'deflate' });
    installNodeInflate();
    const b = (readAvroFile(file).records[0] as { b: Uint8Array }).b;
    expect(Object.getPrototypeOf(b)).toBe(Uint8Array.prototype);
  });

  it('a corrupt block is DataInvalid naming the file', () => {
    const file = writeAvroFile(schema, records, { codec: 'deflate', blockSize: 16 * 1024 });
    const bad = file.slice();
    const at = bad.length >> 1;
    for (let i = 0; i < 64; i++) bad[at + i] = 0xff;
    installNodeInflate();
    const e = errorOf(() => readAvroFile(bad, { name: 'metadata/m0.avro' }));
    expect(isLakeError(e, 'DataInvalid'), String(e)).toBe(true);
    expect(e!.context.file).toBe('metadata/m0.avro');
    expect(() => zlibInflateRaw(new Uint8Array([0xff, 0xff, 0xff, 0xff]), MiB)).toThrow();
  });

  it('a block inflating past the decode limit is refused as a bomb', () => {
    const file = writeAvroFile({ type: 'record', name: 'r', fields: [{ name: 's', type: 'string' }] }, [{ s: 'a'.repeat(2 * MiB) }], { codec: 'deflate', blockSize: 8 * MiB });
    installNodeInflate();
    const before = setDecodeLimits({ maxDecompressedBytes: 1 * MiB });
    try {
      const e = errorOf(() => readAvroFile(file, { name: 'metadata/snap-1.avro' }));
      expect(isLakeError(e, 'DataInvalid'), String(e)).toBe(true);
      expect(e!.message).toMatch(/avro: deflate block: decompresses to more than 1048576 bytes/);
      expect(e!.context.file).toBe('metadata/snap-1.avro');
      expect(e!.context.decompressionBomb).toBe(true);
      expect(() => zlibInflateRaw(deflateRawSync(new Uint8Array(2 * MiB)), MiB)).toThrow(/decompresses to more than 1048576 bytes/); // zlib stops, not the caller's size check
      expect(zlibInflateRaw(deflateRawSync(new Uint8Array(MiB)), MiB).length).toBe(MiB); // exactly the limit is allowed
    } finally {
      setDecodeLimits(before);
    }
  });
});

/**
 * English text of the codecs' last errors to get a catalog message (issue 20, after en-errors12.ts): damaged
 * Roaring bitmaps, Parquet footers' Thrift bytes, Avro schemas, Arrow types a step cannot handle, parquet-wasm
 * that does not load. Each is the exact English message it had before it carried a reference; format terms
 * (`varint`, `struct`, a bitmap's parts) are data.
 */

export const enErrors13 = {
  // Roaring bitmaps: Iceberg v3 / Delta deletion vectors (codecs/roaring.ts, the portable serialisation)
  'error.roaring': (p: { message: string }) => `roaring: ${p.message}`,
  'error.roaring.truncated': (p: { part: string; at: number; length: number }) => `truncated ${p.part} at byte ${p.at} of ${p.length}`,
  'error.roaring.count': (p: { count: number }) => `implausible bitmap count ${p.count}`,
  'error.roaring.keyOrder': () => '64-bit keys are not strictly ascending',
  'error.roaring.beyond53': (p: { key: number }) => `positions beyond 2^53 are not supported (high key ${p.key})`,
  'error.roaring.trailing': (p: { bytes: number }) => `${p.bytes} trailing bytes`,
  'error.roaring.cookie': (p: { cookie: number }) => `bad cookie ${p.cookie}`,
  'error.roaring.containers': (p: { count: number }) => `too many containers (${p.count})`,
  'error.roaring.containerOrder': () => 'container keys are not strictly ascending',
  'error.roaring.offset': (p: { container: number; offset: number; position: number }) => `container ${p.container} offset ${p.offset} does not match its position ${p.position}`,
  'error.roaring.runs': () => 'run container runs overlap or overflow',
  'error.roaring.runCardinality': (p: { total: number; header: number }) => `run container cardinality ${p.total} != header ${p.header}`,
  'error.roaring.arrayOrder': () => 'array container not strictly ascending',
  'error.roaring.bitmapCardinality': (p: { total: number; header: number }) => `bitmap container cardinality ${p.total} != header ${p.header}`,
  'error.roaring.position': (p: { position: string }) => `roaring: position ${p.position} is not a non-negative safe integer`,
  // Parquet footers read field by field (codecs/parquet/thrift-compact.ts, Thrift compact protocol)
  'error.parquet.thrift': (p: { message: string }) => `parquet footer: ${p.message}`,
  'error.parquet.thrift.truncated': (p: { part: string }) => `truncated ${p.part}`,
  'error.parquet.thrift.varintLong': () => 'varint too long',
  'error.parquet.thrift.type': (p: { type: number }) => `unknown compact type ${p.type}`,
  'error.parquet.wasmInit': (p: { detail: string; nodeHint: boolean }) =>
    `parquet: cannot initialise parquet-wasm: ${p.detail}${p.nodeHint ? ' (in Node, call installNodeParquetWasm() from src/platform/node/parquet-wasm-init.ts first)' : ''}`,
  // Avro schemas in a file's header (codecs/avro/schema.ts, Avro spec "Schema Declaration")
  'error.avro.schema': (p: { message: string }) => `avro schema: ${p.message}`,
  'error.avro.schema.notSchema': (p: { json: string }) => `not a schema: ${p.json}`,
  'error.avro.schema.enumSymbols': (p: { name: string }) => `enum ${p.name} without symbols`,
  'error.avro.schema.fixedSize': (p: { name: string }) => `fixed ${p.name} without a valid size`,
  'error.avro.schema.arrayItems': () => 'array without items',
  'error.avro.schema.mapValues': () => 'map without values',
  'error.avro.schema.unknownType': (p: { json: string }) => `unknown type ${p.json}`,
  'error.avro.schema.unionInUnion': () => 'union directly inside a union',
  'error.avro.schema.noName': (p: { type: string }) => `${p.type} without a name`,
  'error.avro.schema.twice': (p: { name: string }) => `type ${p.name} defined twice`,
  'error.avro.schema.noFields': (p: { name: string }) => `record ${p.name} without fields`,
  'error.avro.schema.fieldNoName': (p: { name: string }) => `record ${p.name} has a field without a name`,
  'error.avro.schema.fieldTwice': (p: { name: string; field: string }) => `record ${p.name} has field ${p.field} twice`,
  'error.avro.schema.fieldNoType': (p: { name: string; field: string }) => `field ${p.name}.${p.field} without a type`,
  // Arrow columns of a type a step has no code for (arrow/canonical.ts, columns.ts, take.ts)
  'error.arrow.noCanonical': (p: { type: string }) => `arrow canonical: type ${p.type} has no canonical form`,
  'error.arrow.dictionaryIndex': (p: { index: number }) => `arrow canonical: dictionary index ${p.index} out of range`,
  'error.arrow.constantType': (p: { type: string }) => `arrow constant: type ${p.type} is not supported`,
  'error.arrow.takeType': (p: { type: string }) => `arrow take: type ${p.type} is not supported`,
};

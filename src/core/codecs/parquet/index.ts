/** Parquet: footers and field ids (hyparquet, ranged reads), row paging (hyparquet), Arrow scans (parquet-wasm). */
export { bytesSource, storageSource, readAllBytes, asyncBufferOf } from './byte-source.ts';
export type { ByteSource } from './byte-source.ts';
export { readParquetFooter, parquetFooterOfFile, parquetFooterForDecoding, footerOf, FOOTER_TAIL_BYTES } from './footer.ts';
export { readParquetFooterHead, FOOTER_HEAD_BYTES } from './footer-head.ts';
export type { ParquetFooter } from './footer.ts';
export { parquetFields, fieldsById, PARQUET_FIELD_ID_KEY } from './schema.ts';
export type { ParquetField } from './schema.ts';
export { readParquetRows } from './rows.ts';
export type { ReadParquetRowsOptions } from './rows.ts';
export { readParquetToArrow, readParquetTable } from './arrow-reader.ts';
export type { ReadParquetArrowOptions } from './arrow-reader.ts';
export { setParquetWasmInit, ensureParquetWasm } from './wasm-init.ts';
export type { ParquetWasmInit, ParquetWasmInput } from './wasm-init.ts';
export { readSmallParquetRowGroup, smallFileArrowType, SMALL_PARQUET_MAX_BYTES } from './small-file-reader.ts';
export { coalesceRowGroups, compactRowGroupFile, readRowGroupFiles, rowGroupSpan, COALESCE_GAP_BYTES } from './row-group-ranges.ts';
export { chunkBounds, statKindOf, statValue } from './statistics.ts';
export type { ChunkMeta, StatKind, StatValue } from './statistics.ts';

/**
 * One stripe's streams (ORC specification, "Stripes"): the stripe footer lists every stream (kind,
 * column, length) in file order, index streams first, and one encoding per column. Streams are
 * decompressed on first use.
 */
import { errorRef } from '../../messages/message-parts.ts';
import { ByteStream } from './byte-stream.ts';
import { decompressStream, type OrcCodec } from './compression.ts';
import { orcInvalid, orcUnsupported } from './errors.ts';
import { decodeStripeFooter, EncodingKind, Kind, STREAM_KIND_NAMES, StreamKind, type StripeFooter, type StripeInformation } from './proto-messages.ts';
import type { OrcType } from './schema.ts';

/** Where a stream lies, relative to the stripe start. */
export interface StreamLocation { kind: number; column: number; offset: number; length: number }

export class StripeStreams {
  readonly footer: StripeFooter;
  readonly locations: StreamLocation[] = [];
  private readonly byKey = new Map<number, StreamLocation>();
  private readonly cache = new Map<number, Uint8Array>();

  /**
   * `bytes` hold the stripe from `bytesStart` (relative to the stripe's offset: 0 with the index,
   * indexLength without) to the end of its footer. Must hold: streams lie inside the stripe and name
   * existing columns; every column has an encoding valid for its type; else DataInvalid. With
   * `footerBytes`, `bytes` hold only streams (e.g. the index section) and the footer comes apart.
   */
  constructor(readonly info: StripeInformation, private readonly bytes: Uint8Array, private readonly bytesStart: number,
    private readonly codec: OrcCodec, columnCount: number, readonly file?: string, footerBytes?: Uint8Array) {
    const footerStart = bytes.length - info.footerLength;
    if (!footerBytes && footerStart < 0) throw orcInvalid('error.orc.stripe.short', undefined, file);
    this.footer = decodeStripeFooter(decompressStream(codec, footerBytes ?? bytes.subarray(footerStart)));
    if (this.footer.encrypted) throw orcUnsupported('error.orc.encrypted', undefined, file);
    let offset = 0;
    const limit = info.indexLength + info.dataLength;
    for (const s of this.footer.streams) {
      if (offset + s.length > limit) throw orcInvalid('error.orc.stripe.streamPast', { kind: STREAM_KIND_NAMES[s.kind] ?? String(s.kind), column: s.column }, file);
      const loc = { kind: s.kind, column: s.column, offset, length: s.length };
      this.locations.push(loc);
      if (s.column < columnCount) this.byKey.set(s.column * 16 + s.kind, loc);
      offset += s.length;
    }
    if (this.footer.columns.length < columnCount) throw orcInvalid('error.orc.stripe.encodings', { encodings: this.footer.columns.length, columns: columnCount }, file);
  }

  has(column: number, kind: StreamKind): boolean {
    return this.byKey.has(column * 16 + kind);
  }

  /** The decompressed stream, or undefined when the stripe has none (an all-null or empty column). */
  stream(column: number, kind: StreamKind): ByteStream | undefined {
    const key = column * 16 + kind;
    const loc = this.byKey.get(key);
    if (!loc) return undefined;
    let data = this.cache.get(key);
    if (!data) {
      const start = loc.offset - this.bytesStart;
      if (start < 0 || start + loc.length > this.bytes.length) throw orcInvalid('error.orc.stripe.streamNotRead', { kind: STREAM_KIND_NAMES[kind]!, column }, this.file);
      data = decompressStream(this.codec, this.bytes.subarray(start, start + loc.length));
      this.cache.set(key, data);
    }
    return new ByteStream(data, errorRef('error.orc.stream.name', { column, kind: STREAM_KIND_NAMES[kind]! }));
  }

  /** The stream a column needs; an absent one reads as empty (so reading any value names it). */
  required(column: number, kind: StreamKind): ByteStream {
    return this.stream(column, kind) ?? new ByteStream(new Uint8Array(), errorRef('error.orc.stream.absent', { column, kind: STREAM_KIND_NAMES[kind]! }));
  }

  /** RLE version of a column (1 for DIRECT/DICTIONARY, 2 for the _V2 encodings), checked against its type. */
  encoding(t: OrcType): { version: 1 | 2; dictionary: boolean; dictionarySize: number } {
    const e = this.footer.columns[t.id]!;
    const dictionary = e.kind === EncodingKind.DICTIONARY || e.kind === EncodingKind.DICTIONARY_V2;
    const stringy = t.kind === Kind.STRING || t.kind === Kind.VARCHAR || t.kind === Kind.CHAR;
    if (e.kind > EncodingKind.DICTIONARY_V2 || (dictionary && !stringy)) {
      throw orcInvalid('error.orc.stripe.encoding', { column: t.id, type: t.kindName, encoding: e.kind }, this.file);
    }
    return { version: e.kind === EncodingKind.DIRECT_V2 || e.kind === EncodingKind.DICTIONARY_V2 ? 2 : 1, dictionary, dictionarySize: e.dictionarySize };
  }
}

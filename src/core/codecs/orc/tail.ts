/**
 * Reading an ORC file's tail with ranged reads (ORC specification, "File Tail"): the last byte is the
 * postscript length, the postscript (uncompressed) names the compression and the footer and metadata
 * lengths; footer and metadata sit just before it, compressed. One tail read of 16 KiB covers most
 * files; a larger footer costs one more read.
 */
import type { ByteSource } from '../../util/byte-source.ts';
import { checkCompressionKind, decompressStream, type OrcCodec } from './compression.ts';
import { asOrcError, orcGuard, orcInvalid, orcUnsupported } from './errors.ts';
import { decodeFooter, decodeMetadata, decodePostScript, type ColumnStatisticsProto, type Footer, type PostScript } from './proto-messages.ts';
import { buildTypeTree, type OrcType } from './schema.ts';

/** A parsed tail. */
export interface OrcTail {
  readonly file?: string;
  readonly fileSize: number;
  readonly postscript: PostScript;
  readonly footer: Footer;
  /**
   * Per-stripe column statistics (the Metadata section; empty when the file has none). Decoded on
   * first use, as the ORC readers do, so a damaged Metadata section fails pruning, not every read.
   */
  readonly stripeStatistics: ColumnStatisticsProto[][];
  readonly codec: OrcCodec;
  /** The root type (a struct for every file a table writer makes); undefined for an empty 0-byte file. */
  readonly schema?: OrcType;
  /** Bytes of the tail (postscript + footer + metadata + 1). */
  readonly tailLength: number;
  /** The bytes the tail read fetched (from `offset`): a small file's stripes come out of it without another read. */
  readonly fetched?: { readonly offset: number; readonly bytes: Uint8Array };
}

export const TAIL_READ_BYTES = 16 * 1024;

/**
 * Reads and parses the tail. Must hold: at most 2 reads; a 0-byte file is an empty file (Hive writes
 * those); bad magic, lengths past the file or undecodable protobuf → DataInvalid naming the file;
 * unknown compression or column encryption → Unsupported.
 */
export async function readOrcTail(source: ByteSource, signal?: AbortSignal): Promise<OrcTail> {
  const steps = tailSteps(source.name, source.size);
  let step = steps.next();
  while (!step.done) {
    const [offset, length] = step.value;
    let bytes: Uint8Array;
    try {
      bytes = await source.read(offset, length, signal);
    } catch (e) {
      steps.return(undefined as never);
      throw e;
    }
    step = steps.next(bytes);
  }
  return step.value;
}

/** {@link readOrcTail} over a whole file already in memory (no reads; for manifests decoded synchronously). */
export function readOrcTailSync(bytes: Uint8Array, name?: string): OrcTail {
  const steps = tailSteps(name, bytes.length);
  let step = steps.next();
  while (!step.done) step = steps.next(bytes.subarray(step.value[0], step.value[0] + step.value[1]));
  return step.value;
}

/** The tail parser as a sequence of read requests ([offset, length]) answered with bytes. */
function* tailSteps(file: string | undefined, size: number): Generator<[number, number], OrcTail, Uint8Array> {
  if (size === 0) {
    const postscript = decodePostScript(new Uint8Array());
    return { file, fileSize: 0, postscript, footer: decodeFooter(new Uint8Array()), stripeStatistics: [], codec: { kind: 0, blockSize: 0 }, tailLength: 0 };
  }
  try {
    const first = Math.min(size, TAIL_READ_BYTES);
    let tail = yield [size - first, first];
    const psLen = tail[tail.length - 1]!;
    if (psLen === 0 || psLen + 1 > size) throw orcInvalid('error.orc.tail.postscript', { length: psLen, size }, file);
    const postscript = decodePostScript(tail.subarray(tail.length - 1 - psLen, tail.length - 1));
    if (postscript.magic !== 'ORC') {
      // The first ORC writers (Hive 0.11) left the magic out of the postscript; the file header has it.
      const head = postscript.magic === '' ? yield [0, Math.min(3, size)] : new Uint8Array();
      if (String.fromCharCode(...head) !== 'ORC') throw orcInvalid('error.orc.tail.magic', undefined, file);
    }
    checkCompressionKind(postscript.compression, file);
    const tailLength = 1 + psLen + postscript.footerLength + postscript.metadataLength;
    if (tailLength > size) throw orcInvalid('error.orc.tail.footer', { footer: postscript.footerLength, metadata: postscript.metadataLength }, file);
    if (tailLength > tail.length) tail = yield [size - tailLength, tailLength];
    const end = tail.length - 1 - psLen;
    const codec: OrcCodec = { kind: postscript.compression, blockSize: postscript.compressionBlockSize };
    const footer = decodeFooter(decompressStream(codec, tail.subarray(end - postscript.footerLength, end)));
    if (footer.encrypted) throw orcUnsupported('error.orc.encrypted', undefined, file);
    const metaBytes = tail.subarray(end - postscript.footerLength - postscript.metadataLength, end - postscript.footerLength);
    let stats: ColumnStatisticsProto[][] | undefined;
    const stripeStatistics = (): ColumnStatisticsProto[][] => (stats ??= postscript.metadataLength
      ? orcGuard(file, 'invalid metadata section', () => decodeMetadata(decompressStream(codec, metaBytes)))
      : []);
    const schema = buildTypeTree(footer.types, file);
    for (const [i, s] of footer.stripes.entries()) {
      if (s.offset + s.indexLength + s.dataLength + s.footerLength > size - tailLength) throw orcInvalid('error.orc.stripe.pastData', { stripe: i }, file);
      if (s.encryptStripeId !== undefined) throw orcUnsupported('error.orc.encrypted', undefined, file);
    }
    const fetched = { offset: size - tail.length, bytes: tail };
    return { file, fileSize: size, postscript, footer, get stripeStatistics() { return stripeStatistics(); }, codec, schema, tailLength, fetched };
  } catch (e) {
    throw asOrcError(e, file, 'invalid file tail');
  }
}

/**
 * The Node codecs the CLI installs into core: zlib for Avro's deflate blocks (native-inflate.ts) and the
 * native UTF-8 slice for Avro strings (native-utf8.ts). One call, so the CLI and the benches that measure
 * "Lakescope as the CLI runs it" cannot drift apart.
 */
import { installNodeInflate } from './native-inflate.ts';
import { installNodeUtf8 } from './native-utf8.ts';

/** Installs every Node codec into core. Idempotent. */
export function installNodeCodecs(): void {
  installNodeInflate();
  installNodeUtf8();
}

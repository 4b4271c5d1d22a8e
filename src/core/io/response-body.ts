/**
 * A fetch Response's whole body as bytes, read into one buffer as it arrives (issue 17). In a Chromium worker a
 * 4 MB body took, from headers to bytes (a file over loopback, fresh workers alternating, medians): with no
 * DevTools attached, `bytes()` 38 ms, `blob()` then its `arrayBuffer()` 45–47 ms, a BYOB reader filling one
 * buffer sized from Content-Length 27–29 ms; with DevTools attached (Playwright), 80–105, ~65 and 46 ms. In the
 * UI bench's untraced deep link, the metadata response → outline went from 251 to 222 ms. (The blob detour
 * this replaces was chosen from measurements under DevTools, where `arrayBuffer()` is slowest.) Written by
 * hand: it is the Fetch standard's "fully read" loop with a BYOB reader, which no library offers.
 */

/**
 * The largest Content-Length taken as the size to allocate up front: a server's header is only a claim (a
 * hostile one could name terabytes); past this, chunks are gathered and joined once at the end.
 */
export const PREALLOCATE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Set (to true) on a response whose body is already in memory — the CLI's answers (platform/node/fetch-parts.ts
 * `BufferedResponse`): {@link readResponseBody} takes its `bytes()` without asking whether it is the runtime's
 * `Response`. Why: in Node the global `Response` is a lazy getter that loads and compiles undici's whole fetch
 * on first use, ~30 ms of a CLI process's first read (issue 17: seen in the profile of a cold open + plan),
 * for answers that never needed it.
 */
export const BUFFERED_BODY = Symbol.for('lakescope.fetch.bufferedBody');

/**
 * Reads `res`'s body to the end. Must hold: the bytes are exactly the body's, in order, whatever
 * Content-Length says (a shorter or longer body is returned as it is: the caller compares it with the
 * header); a stream that fails or is aborted rejects with the stream's own error (the caller maps it); a
 * response without a readable stream (a runtime's own buffered answer, the CLI's) is read by its `bytes()`
 * or `arrayBuffer()`, which hand over what they hold.
 */
export async function readResponseBody(res: Response): Promise<Uint8Array> {
  if ((res as { [BUFFERED_BODY]?: boolean })[BUFFERED_BODY] === true) return bufferedBody(res);
  const body = typeof Response !== 'undefined' && res instanceof Response ? res.body : null;
  if (!body) return bufferedBody(res);
  const declared = res.headers.get('content-encoding') ? NaN : Number(res.headers.get('content-length') ?? NaN);
  const sized = Number.isSafeInteger(declared) && declared > 0 && declared <= PREALLOCATE_MAX_BYTES;
  const byob = sized ? byobReader(body) : undefined;
  return byob ? readInto(byob, declared) : readChunks(body.getReader(), [], 0);
}

/** A reader that fills the caller's buffer (a byte stream's), or undefined where the body is not one. */
function byobReader(body: ReadableStream<Uint8Array>): ReadableStreamBYOBReader | undefined {
  try {
    return body.getReader({ mode: 'byob' });
  } catch {
    return undefined; // a runtime whose fetch bodies are not byte streams
  }
}

/**
 * Reads straight into one buffer of the declared size — each read hands that buffer over and back, no
 * chunk is copied — then checks the body ends there; a longer body goes on by chunks.
 */
async function readInto(reader: ReadableStreamBYOBReader, declared: number): Promise<Uint8Array> {
  let buffer = new ArrayBuffer(declared);
  let length = 0;
  while (length < declared) {
    const { done, value } = await reader.read(new Uint8Array(buffer, length, declared - length));
    if (!value) return new Uint8Array(0); // the stream was cancelled
    buffer = value.buffer as ArrayBuffer;
    if (done) return new Uint8Array(buffer, 0, length); // shorter than declared: the caller says so
    length += value.byteLength;
  }
  const { done, value } = await reader.read(new Uint8Array(1));
  if (done) return new Uint8Array(buffer, 0, length);
  // More than the header said: gather the rest as it comes.
  return readChunks(reader, [new Uint8Array(buffer, 0, length), value], length + value.byteLength);
}

async function readChunks(reader: ReadableStreamBYOBReader | ReadableStreamDefaultReader<Uint8Array>, chunks: Uint8Array[], length: number): Promise<Uint8Array> {
  for (;;) {
    const { done, value } = reader instanceof ReadableStreamDefaultReader ? await reader.read() : await reader.read(new Uint8Array(64 * 1024));
    if (done || !value) break;
    chunks.push(value);
    length += value.byteLength;
  }
  return joined(chunks, length);
}

async function bufferedBody(res: Response): Promise<Uint8Array> {
  // `bytes()` where the response has it (newer runtimes; the CLI's buffered answers, which hand over the
  // received bytes without the copy `arrayBuffer()` of a view makes).
  const withBytes = res as Response & { bytes?: () => Promise<Uint8Array> };
  if (typeof withBytes.bytes === 'function') return withBytes.bytes();
  return new Uint8Array(await res.arrayBuffer());
}

function joined(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.byteLength; }
  return out;
}

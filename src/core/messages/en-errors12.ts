/**
 * English text of the last engine errors to get a catalog message (issue 20, after en-errors11.ts): storage
 * adapters' argument checks and answers (byte ranges, keys, listings, S3's XML), and text another library or the
 * runtime wrote, which Lakescope cannot translate and says so. Each is the exact English message it had before it
 * carried a reference.
 */

export const enErrors12 = {
  // Text Lakescope did not write (a library's or the runtime's exception; core/errors.ts toLakeError's fallback,
  // message-error.ts withinError around an error without a message): kept whole as data, the reader's language
  // says it is the English original.
  'error.foreign': (p: { where: string; detail: string }) => `${p.where}: ${p.detail}`,
  'error.untranslated': (p: { text: string }) => p.text,
  // A message with the file it concerns after it (codecs/orc/errors.ts)
  'error.inFile': (p: { message: string; file: string }) => `${p.message} (${p.file})`,
  // Byte ranges (io/byte-range.ts): `what` is the adapter and call (`s3: read`), data
  'error.range.invalid': (p: { what: string; range: string }) => `${p.what}: invalid byte range ${p.range}`,
  'error.range.partial': (p: { what: string; why: string }) => `${p.what}: inconsistent partial response (${p.why})`,
  'error.range.why.header': (p: { header: string }) => `Content-Range ${p.header}`,
  'error.range.why.length': (p: { bytes: number; header: string }) => `got ${p.bytes} bytes for ${p.header}`,
  'error.range.why.suffixEnd': (p: { header: string }) => `suffix range answered with ${p.header}`,
  'error.range.why.suffixLonger': (p: { suffix: number; header: string }) => `asked for the last ${p.suffix} bytes, got ${p.header}`,
  'error.range.why.slice': (p: { offset: number; length: number; header: string }) => `asked for offset ${p.offset} length ${p.length}, got ${p.header}`,
  // Keys and listings (io/key.ts, io/list-page.ts, io/memory-storage.ts)
  'error.key.invalid': (p: { what: string; key: string }) => `${p.what}: invalid key ${p.key}`,
  'error.key.invalidPrefix': (p: { what: string; prefix: string }) => `${p.what}: invalid prefix ${p.prefix}`,
  'error.list.maxKeys': (p: { what: string }) => `${p.what}: maxKeys must be a positive integer`,
  'error.memory.noKey': (p: { op: string; key: string }) => `memory: ${p.op}: no such key '${p.key}'`,
  // HTTP and S3 adapters (io/http-storage.ts, io/s3-storage.ts, io/s3-listing.ts)
  'error.http.baseOrUrls': () => 'http: give exactly one of baseUrl, urls or listed',
  'error.http.headConcurrency': () => 'http: headConcurrency must be a positive integer',
  'error.s3.presignExpires': () => 's3: presign: expiresSeconds must be an integer in 1…604800',
  'error.s3.listSubject': () => 's3: list',
  'error.s3.list.invalid': (p: { where: string; why: string }) => `s3: list in ${p.where}: ${p.why}`,
  'error.s3.list.unexpected': (p: { element: string }) => `unexpected response <${p.element}>`,
  'error.s3.list.outside': (p: { key: string }) => `key '${p.key}' outside the requested prefix`,
  'error.s3.list.entry': () => 'entry without Key or Size',
  'error.s3.list.noToken': () => 'truncated listing without NextContinuationToken',
  // S3's XML answers (io/s3-xml.ts)
  'error.xml.charRef': (p: { ref: string }) => `s3 xml: bad character reference &${p.ref};`,
  'error.xml.entity': (p: { ref: string }) => `s3 xml: unknown entity &${p.ref};`,
  'error.xml.malformed': (p: { why: string; offset: number }) => `s3 xml: ${p.why} at offset ${p.offset}`,
  'error.xml.why.unterminated': (p: { what: string }) => `unterminated ${p.what}`,
  'error.xml.what.pi': () => 'processing instruction',
  'error.xml.what.comment': () => 'comment',
  'error.xml.what.cdata': () => 'CDATA',
  'error.xml.what.endTag': () => 'end tag',
  'error.xml.what.startTag': () => 'start tag',
  'error.xml.why.textOutside': () => 'text outside the root element',
  'error.xml.why.dtd': () => 'DTDs are not supported',
  'error.xml.why.unexpectedEnd': (p: { name: string }) => `unexpected </${p.name}>`,
  'error.xml.why.emptyName': () => 'empty tag name',
  'error.xml.why.secondRoot': () => 'a second root element',
  'error.xml.why.unclosed': (p: { name: string }) => `unclosed <${p.name}>`,
  'error.xml.why.noRoot': () => 'no root element',
};

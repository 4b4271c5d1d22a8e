/**
 * English text of the ORC reader's errors (issue 20; core/codecs/orc): bytes that do not follow the ORC
 * specification (https://orc.apache.org/specification/ORCv1/) and valid files this reader does not handle. Each
 * is the exact English its site wrote before it carried a reference; `error.orc` puts `orc: ` in front, and
 * `error.inFile` (en-errors12.ts) the file after. The names ORC gives things (stream kinds, type kinds, protobuf
 * wire types, codec names) are data, passed as parameters; each distinct finding is its own key.
 */

export const enOrcErrors = {
  'error.orc': (p: { message: string }) => `orc: ${p.message}`,
  // The file tail: postscript, footer, metadata (spec "File Tail")
  'error.orc.tail.postscript': (p: { length: number; size: number }) => `postscript length ${p.length} does not fit the file of ${p.size} bytes`,
  'error.orc.tail.magic': () => 'not an ORC file (no ORC magic in the postscript or header)',
  'error.orc.tail.footer': (p: { footer: number; metadata: number }) => `footer (${p.footer} bytes) and metadata (${p.metadata} bytes) do not fit the file`,
  'error.orc.encrypted': () => 'encrypted ORC files (column encryption) are not supported',
  'error.orc.timeZone': (p: { zone: string }) => `unknown writer time zone ${p.zone}`,
  // The protobuf messages of the tail and the stripe footers
  'error.orc.protobuf.truncated': (p: { wireType: string }) => `protobuf: truncated ${p.wireType}`,
  'error.orc.protobuf.field': () => 'protobuf: truncated field',
  'error.orc.protobuf.varint': () => 'protobuf: varint longer than 10 bytes',
  'error.orc.protobuf.length': () => 'protobuf: length-delimited field beyond its message',
  'error.orc.protobuf.wireType': (p: { wireType: number }) => `protobuf: unknown wire type ${p.wireType}`,
  // Compression chunks and the codecs (spec "Compression")
  'error.orc.compression.kind': (p: { kind: number }) => `unknown compression kind ${p.kind}`,
  'error.orc.compression.header': () => 'compression: truncated chunk header',
  'error.orc.compression.chunk': (p: { length: number }) => `compression: chunk of ${p.length} bytes runs past the stream`,
  'error.orc.codec.input': (p: { codec: string }) => `${p.codec}: input overrun`,
  'error.orc.codec.output': (p: { codec: string }) => `${p.codec}: output overrun`,
  'error.orc.codec.literal': (p: { codec: string }) => `${p.codec}: literal overrun`,
  'error.orc.codec.lookbehind': (p: { codec: string }) => `${p.codec}: lookbehind overrun`,
  'error.orc.codec.offset': (p: { codec: string; offset: number }) => `${p.codec}: offset ${p.offset} out of range`,
  'error.orc.codec.claims': (p: { codec: string; length: number }) => `${p.codec}: chunk claims ${p.length} bytes`,
  // Stripes and their footers (spec "Stripes")
  'error.orc.stripe.missing': (p: { stripe: number }) => `no stripe ${p.stripe}`,
  'error.orc.stripe.pastData': (p: { stripe: number }) => `stripe ${p.stripe} runs past the data section`,
  'error.orc.stripe.short': () => 'stripe shorter than its footer',
  'error.orc.stripe.encodings': (p: { encodings: number; columns: number }) => `stripe footer has ${p.encodings} column encodings for ${p.columns} columns`,
  'error.orc.stripe.streamPast': (p: { kind: string; column: number }) => `stream ${p.kind} of column ${p.column} runs past its stripe`,
  'error.orc.stripe.streamNotRead': (p: { kind: string; column: number }) => `stream ${p.kind} of column ${p.column} was not read`,
  'error.orc.stripe.encoding': (p: { column: number; type: string; encoding: number }) => `column ${p.column} (${p.type}) has encoding kind ${p.encoding}, not valid for its type`,
  // Streams and their run-length encodings (spec "Run Length Encoding"): `stream` is one of the two names below
  'error.orc.stream.name': (p: { column: number; kind: string }) => `column ${p.column} ${p.kind} stream`,
  'error.orc.stream.absent': (p: { column: number; kind: string }) => `column ${p.column} ${p.kind} stream (missing)`,
  'error.orc.stream.varint': (p: { stream: string }) => `${p.stream}: varint too long`,
  'error.orc.stream.end': (p: { stream: string; byte: number }) => `${p.stream}: unexpected end of stream at byte ${p.byte}`,
  'error.orc.stream.patch': (p: { stream: string }) => `${p.stream}: patch beyond its run`,
  'error.orc.stream.delta': (p: { stream: string }) => `${p.stream}: delta run shorter than 2 values`,
  // The type tree (spec "Type Information")
  'error.orc.schema.deep': () => 'type tree nested too deep',
  'error.orc.schema.kind': (p: { kind: number }) => `unknown type kind ${p.kind}`,
  'error.orc.schema.kindOf': (p: { kind: number; column: number }) => `unknown type kind ${p.kind} for column ${p.column}`,
  'error.orc.schema.order': (p: { column: number; subtype: number }) => `column ${p.column} has subtype ${p.subtype} out of order`,
  'error.orc.schema.count': (p: { type: string; column: number; count: number }) => `${p.type} column ${p.column} has ${p.count} subtypes`,
  'error.orc.schema.primitive': (p: { column: number }) => `primitive column ${p.column} has subtypes`,
  // A column's values (spec "Column Encodings"): `error.orc.column` names the column, the rest say what is wrong
  'error.orc.column': (p: { column: number; message: string }) => `column ${p.column}: ${p.message}`,
  'error.orc.value.negativeLength': (p: { length: number }) => `negative length ${p.length}`,
  'error.orc.value.over2GiB': () => 'string data over 2 GiB in one stripe',
  'error.orc.value.dictionaryLength': (p: { length: number }) => `dictionary entry length ${p.length} out of range`,
  'error.orc.value.dictionaryId': (p: { id: number; size: number }) => `dictionary id ${p.id} outside a dictionary of ${p.size}`,
  'error.orc.value.nanos': (p: { nanos: number }) => `nanoseconds ${p.nanos} out of range`,
  'error.orc.value.scale': (p: { scale: number }) => `decimal scale ${p.scale} out of range`,
  'error.orc.value.decimal128': () => 'decimal beyond 128 bits',
  'error.orc.value.listLength': (p: { length: number }) => `list length ${p.length} out of range`,
  'error.orc.value.unionTag': (p: { tag: number; variants: number }) => `union tag ${p.tag} beyond its ${p.variants} variants`,
};

/**
 * English text of the engine errors a person meets opening a bucket, a folder or a URL, in the sandbox, in
 * the filter box and the rows form (issue 20, after en-errors3.ts). Each is the exact English message it had
 * before it carried a reference (the CLI, logs and tests print these unchanged). String parameters are data
 * (keys, names, URLs) shown apart by the UI; `op` is a word (read, write …) each language says its own way.
 */

export const enErrors4 = {
  // Connecting (core/io/s3-storage.ts, s3-url.ts, worker/key-list.ts, core/io/http-storage.ts)
  'error.s3.noBucket': () => 's3: a bucket name is required',
  'error.s3.keysPair': () => 's3: give both the access key id and the secret access key, or neither for anonymous access to a public bucket',
  'error.s3.tokenWithoutKeys': () => 's3: a session token needs the access key id and secret access key it was issued with',
  'error.s3.headNoLength': (p: { key: string }) => `s3: head '${p.key}': response without a valid Content-Length`,
  'error.s3.r2Account': () => 's3: an R2 endpoint needs the account id',
  'error.s3.endpointRequired': (p: { provider: string }) => `s3: a ${p.provider} endpoint URL is required`,
  'error.http.notKeyManifest': () => 'http: index.json is not a key manifest ({"version":1,"files":[{"key","size"}]})',
  'error.http.sizeMismatch': (p: { key: string; got: number; known: number; contentType: string }) =>
    `http: read '${p.key}': the server answered with ${p.got} bytes where the key list says ${p.known} (content-type ${p.contentType}) — most likely the file is missing and a fallback page was served`,
  'error.http.headNoSize': (p: { key: string }) => `http: head '${p.key}': the server gave no usable size (Content-Length / Content-Range)`,
  'error.presigned.none': () => 'presigned: no URLs given',
  'error.presigned.notUrl': () => 'presigned: not a URL',
  'error.presigned.notHttp': () => 'presigned: only http(s) URLs',
  // Files chosen or dropped (platform/browser/dropped-files-storage.ts) and local folders (fsa-storage.ts)
  'error.dropped.unreadable': (p: { key: string }) => `dropped files: read '${p.key}': the file can no longer be read (changed on disk?)`,
  'error.dropped.readOnly': (p: { op: string; key: string }) => `dropped files: ${p.op} '${p.key}': dropped files are read-only`,
  'error.dropped.noSuchKey': (p: { op: string; key: string }) => `dropped files: ${p.op}: no such key '${p.key}'`,
  'error.folder.badKey': (p: { op: string; key: string }) => `folder: ${p.op}: key ${p.key} cannot be stored in a folder`,
  'error.folder.failed': (p: { op: string; key?: string; why: string }) => `folder: ${p.op}${p.key ? ` '${p.key}'` : ''}: ${p.why}`,
  'error.folder.why.noSuchKey': () => 'no such key',
  'error.folder.why.permission': () => 'permission to the folder was not granted',
  // The worker's handles (worker/engine.ts, engine-tables.ts, engine-diff.ts)
  'error.worker.warehouseGone': () => 'worker: this warehouse is no longer open (the worker restarted?)',
  'error.worker.tableGone': () => 'worker: this table is no longer open (the worker restarted?)',
  'error.worker.cursorClosed': () => 'worker: this row cursor is closed',
  'error.worker.diffClosed': () => 'worker: this row diff is closed',
  'error.worker.noVersion': (p: { version: string }) => `worker: version ${p.version} is not in this table's history`,
  // The sandbox (platform/browser/opfs-sandbox.ts, worker/engine-sandbox.ts, core/api/sandbox/copy-keys.ts)
  'error.sandbox.noOpfs': () => 'sandbox: this browser has no private file system (OPFS)',
  'error.sandbox.noOpfsToHold': () => 'sandbox: this browser has no private file system (OPFS) to hold a sandbox',
  'error.sandbox.openFailed': (p: { name: string; detail: string }) => `sandbox: could not open sandbox "${p.name}": ${p.detail}`,
  'error.sandbox.deleteFailed': (p: { name: string; detail: string }) => `sandbox: could not delete sandbox "${p.name}": ${p.detail}`,
  'error.sandbox.badName': () => 'sandbox: a sandbox name is 1-64 of a-z, 0-9, . _ - (starting with a letter or digit)',
  'error.sandbox.tooBig': (p: { what: string; mb: string; limit: string }) =>
    `sandbox: ${p.what} holds ${p.mb} MB, over the sandbox limit of ${p.limit} MB (the browser's private storage is a shared quota)`,
  // The filter box (core/expr/bind.ts, core/api/explain-scan.ts)
  'error.expr.unknownColumn': (p: { column: string }) => `unknown column '${p.column}'`,
  'error.expr.onlyNullTests': (p: { column: string }) => `column '${p.column}' cannot be filtered except with is null / is not null`,
  'error.expr.startsWithString': (p: { column: string; type: string }) => `starts with needs a string column; '${p.column}' is ${p.type}`,
  'error.expr.nan': (p: { column: string }) => `comparing '${p.column}' with NaN never matches; use 'is nan' instead`,
  'error.expr': (p: { message: string }) => `expr: ${p.message}`,
  'error.expr.syntax': (p: { what: string; position: number; text: string }) => `${p.what} at position ${p.position} of '${p.text}'`,
  'error.expr.what.unterminatedQuote': () => 'unterminated quote',
  'error.expr.what.unexpectedChar': (p: { char: string }) => `unexpected character '${p.char}'`,
  'error.expr.what.expected': (p: { token: string }) => `expected '${p.token}'`,
  'error.expr.what.unexpectedText': () => 'unexpected text',
  'error.expr.what.expectedColumn': () => 'expected a column name',
  'error.expr.what.expectedNullOrNan': () => "expected 'null' or 'nan'",
  'error.expr.what.prefixOnly': () => "only prefix patterns like 'abc%' are supported",
  'error.expr.what.expectedComparison': () => 'expected a comparison, is [not] null, in (…) or starts with',
  'error.expr.what.expectedString': () => 'expected a quoted string',
  'error.expr.what.nullCompare': () => "compare with null using 'is null'",
  'error.expr.what.expectedLiteral': () => 'expected a literal',
  'error.filter': (p: { message: string }) => `filter: ${p.message}`,
  // A path a table names outside its root (core/io/table-root.ts), deleted rows (core/api/deleted-rows.ts), a CAST in SQL
  'error.tableRoot.outside': (p: { subsystem: string; path: string; root: string; why: string }) => `${p.subsystem}: ${p.path} lies outside the table root ${p.root}; ${p.why}`,
  'error.tableRoot.why.consent': () => 'Lakescope does not send your credentials outside the table without your consent',
  'error.tableRoot.why.never': (p: { op: string }) => `Lakescope never ${p.op}s outside the table it opened`,
  'error.deletes.noPositions': (p: { format: string }) => `deletes: ${p.format} tables do not list deleted positions here`,
  'error.deletes.notShown': (p: { file: string }) => `deletes: rows of ${p.file} are not shown (only Parquet and ORC data files)`,
  'error.sql.castObject': (p: { to: string }) => `Cannot CAST object to ${p.to}`,
  // Writing (core/util/csv-rows.ts, core/commit/write-action.ts, core/api/table-writes.ts)
  'error.csv.badHeader': (p: { name: string }) => `csv: line 1: column name '${p.name}' is empty or repeated`,
  'error.csv.fieldCount': (p: { line: number; count: number; header: number }) => `csv: line ${p.line} has ${p.count} field(s), the header ${p.header}`,
  'error.csv.unclosedQuote': (p: { line: number }) => `csv: line ${p.line}: a quoted field is not closed`,
  'error.write.notPositive': (p: { what: string; value: string }) => `write: ${p.what} must be a positive number, got ${p.value}`,
  'error.write.notSnapshotId': (p: { value: string }) => `write: "${p.value}" is not a snapshot id`,
  'error.write.noFormat': (p: { format: string; formats: string }) => `write: no table format named "${p.format}" (formats: ${p.formats})`,
  'error.write.cannotCreate': (p: { title: string; creatable: string }) => `write: Lakescope cannot create ${p.title} tables yet (it creates: ${p.creatable})`,
};

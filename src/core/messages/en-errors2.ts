/**
 * English text of the engine errors a person meets in the app (issue 20): opening a table, reading its files,
 * writing, and SQL. Each is the exact English message the error had before it carried a reference (the CLI and
 * logs print these unchanged). Every string parameter is data — a file, a name, a host, a query's words — and
 * is shown apart by the UI (message-parts.ts); `op` is the one word parameter. A `subject`, `message` or
 * `reason` parameter usually holds another message's reference, rendered first.
 */
import { plural } from './catalog.ts';

/** The end of every refusal of sql-typed-guard.ts. */
const typedTail = (why: string) => `outside the columnar executor: ${why}; squirreling would answer from its text or a double, not its value`;

export const enErrors2 = {
  // Two messages joined: what was being done, and why it failed.
  'error.because': (p: { subject: string; reason: string }) => `${p.subject}: ${p.reason}`,

  // Storage: S3, plain HTTP, fetch
  'error.s3.subject': (p: { op: string; key?: string; where: string }) => `s3: ${p.op}${p.key === undefined ? '' : ` '${p.key}'`} in ${p.where}`,
  'error.s3.anonymousRefused': (p: { status: string }) => `anonymous access refused: the bucket does not let everyone do this; connect with keys (${p.status})`,
  'error.s3.keysRefused': () => 's3: the keys were refused — the bucket allows this page (CORS is fine), but the signed request was rejected without a readable answer '
    + '(wrong access key or secret, an expired session token, or a clock/region mismatch)',
  'error.s3.noSuchKey': () => 'no such key (NoSuchKey)',
  'error.s3.noSuchBucket': (p: { bucket: string }) => `no such bucket '${p.bucket}' (NoSuchBucket)`,
  'error.s3.signature': () => 'the signature does not match: wrong secret key, or a tampered URL (SignatureDoesNotMatch)',
  'error.s3.unknownAccessKey': () => 'the access key id is not known to the server (InvalidAccessKeyId)',
  'error.s3.expiredToken': () => 'the session token has expired (ExpiredToken)',
  'error.s3.preconditionFailed': () => 'precondition failed (412 PreconditionFailed)',
  'error.s3.concurrentWrite': () => 'a concurrent conditional write won; retry (409 ConditionalRequestConflict)',
  'error.s3.accessDenied': () => 'access denied: these credentials may not do this (AccessDenied)',
  'error.s3.forbidden': () => 'refused (HTTP 403): wrong credentials, or no permission',
  'error.s3.status': (p: { status: number; s3Code?: string; detail?: string }) => `HTTP ${p.status}${p.s3Code ? ` ${p.s3Code}` : ''}${p.detail ? `: ${p.detail}` : ''}`,
  'error.io.changed': (p: { subject: string; etag: string }) => `${p.subject}: the file changed under you (its ETag is no longer ${p.etag}); reopen the table`,
  'error.io.cutShort': (p: { subject: string; got: number; declared: number }) => `${p.subject}: body cut short (${p.got} of ${p.declared} bytes)`,
  'error.http.subject': (p: { op: string; key: string }) => `http: ${p.op} '${p.key}'`,
  'error.http.notFound': (p: { subject: string; status: number; s3Code?: string; url: string }) => `${p.subject}: not found (HTTP ${p.status}${p.s3Code ? ` ${p.s3Code}` : ''}) at ${p.url}`,
  'error.http.refused': (p: { subject: string; status: number; s3Code?: string; url: string }) =>
    `${p.subject}: refused — the URL may have expired or been altered, or the credentials lack permission (HTTP ${p.status}${p.s3Code ? ` ${p.s3Code}` : ''}) at ${p.url}`,
  'error.http.precondition': (p: { subject: string; status: number; s3Code?: string; url: string }) =>
    `${p.subject}: precondition failed (the object exists or changed) (HTTP ${p.status}${p.s3Code ? ` ${p.s3Code}` : ''}) at ${p.url}`,
  'error.http.failed': (p: { subject: string; status: number; s3Code?: string; url: string }) => `${p.subject}: request failed (HTTP ${p.status}${p.s3Code ? ` ${p.s3Code}` : ''}) at ${p.url}`,
  'error.http.readOnlyWrite': (p: { key: string; where: string }) => `http: write '${p.key}': ${p.where} is read-only (no PUT URL for this key)`,
  'error.http.readOnlyDelete': (p: { key: string; where: string }) => `http: delete '${p.key}': ${p.where} is read-only`,
  'error.http.cannotList': (p: { where: string }) => `http: list: ${p.where} is a plain HTTP location, which cannot be listed; open a table by its exact path, or give the keys`,
  'error.http.noUrl': (p: { op: string; key: string; where: string }) => `http: ${p.op} '${p.key}': no URL for this key in ${p.where}`,
  'error.http.noIndex': () => 'http: no index.json key list at this URL (plain HTTP cannot be listed; publish one, or open the bucket with S3 keys)',
  'error.http.indexNotJson': () => 'http: index.json is not JSON',
  'error.fetch.cors': (p: { subject: string }) => `${p.subject}: the browser refused the request — most likely CORS is not set up on the server for this page's origin (or the server is unreachable)`,
  'error.fetch.failed': (p: { subject: string; detail: string }) => `${p.subject}: request failed: ${p.detail}`,

  // Opening a table
  'error.open.otherFormat': (p: { location: string; format: string; evidence?: string }) =>
    `table: ${p.location} is a ${p.format} table (found ${p.evidence}); this build cannot read ${p.format} tables yet`,
  'error.open.notListable': (p: { location: string; formats: string }) =>
    `table: no table found at ${p.location}, which cannot be listed (plain HTTP): none of metadata/version-hint.text, `
    + 'metadata/v1.metadata.json (Iceberg), schema/schema-0 (Paimon), _delta_log/ (Delta Lake), .hoodie/hoodie.properties (Apache Hudi) exists there; '
    + `for an Iceberg table give the URL of one of its metadata files (…/metadata/<name>.metadata.json) (looked for ${p.formats})`,
  'error.open.nothing': (p: { location: string }) => `table: nothing at ${p.location} (no such folder, or it is empty)`,
  'error.open.noMetadata': (p: { location: string; formats: string }) =>
    `table: no table found at ${p.location}: it holds files, but no table metadata at its top level (looked for ${p.formats}, Delta Lake, Apache Hudi); give the table's own folder`,
  'error.open.cannotRead': (p: { format: string }) => `table: this build cannot read ${p.format} tables`,
  'error.warehouse.noTable': () => 'warehouse: no table at this location',
  'error.iceberg.formatVersion': (p: { version: number }) => `iceberg metadata: format-version ${p.version} is not supported (v4 is still under development; this reader handles v1–v3)`,

  'error.delta.readerVersion': (p: { version: number }) => `delta protocol: the table needs reader version ${p.version}; this reader implements versions 1 to 3`,
  'error.json.invalid': (p: { detail: string }) => `json: ${p.detail}`,

  // Reading a file that is not what it should be (the panel names the file from the error's context)
  'error.parquet.tooShort': (p: { size: number }) => `parquet: file of ${p.size} bytes is too short for a footer`,
  'error.parquet.noMagic': () => 'parquet: no PAR1 magic at the end of the file',
  'error.parquet.footerLength': (p: { length: number; size: number }) => `parquet: footer length ${p.length} does not fit in the ${p.size}-byte file`,
  'error.avro.badMagic': () => 'avro: not an Avro container file (bad magic)',
  'error.avro.truncated': (p: { value: string; at: number; end: number }) => `avro: truncated data: ${p.value} runs past the end (at byte ${p.at} of ${p.end})`,

  // Writes
  'error.iceberg.committedSince': (p: { newest: string; base: string }) => `iceberg commit: ${p.newest} was committed since ${p.base} was read`,
  'error.paimon.changedSincePreview': (p: { before: string; now: string }) => `paimon commit: the table changed since the preview (latest snapshot ${p.before} → ${p.now}); preview again`,

  // SQL: the query's place, then what is wrong there
  'error.sql': (p: { message: string }) => `sql: ${p.message}`,
  'error.sql.at': (p: { message: string; line: number; column: number }) => `sql: ${p.message} at line ${p.line}, column ${p.column}`,
  'error.sql.tableFailed': (p: { table: string; message: string }) => `${p.table}: ${p.message}`,
  'error.sql.noTable': (p: { table: string; known?: string }) => `no table at "${p.table}" in this warehouse${p.known ? ` (tables: ${p.known})` : ''}`,
  'error.sql.expectedFrom': () => 'expected a query with FROM <table>',
  'error.sql.badDateLiteral': (p: { value: string }) => `${p.value} is no DATE: Spark reads a year, then an optional month and day of one or two digits (2024-1-2), and a day the month has`,
  'error.sql.badTimestampLiteral': (p: { value: string }) => `${p.value} is no TIMESTAMP: Spark reads a date (2024-1-2), then an optional time after a blank or T (3:04:05.123456) and a zone (Z, +08:00; none is UTC)`,
  'error.sql.unclosedString': () => 'unclosed string',
  'error.sql.unclosedName': () => 'unclosed quoted name',
  'error.sql.unclosedComment': () => 'unclosed comment',
  'error.sql.columnNotFound': (p: { column: string; known?: string }) => `Column "${p.column}" not found${p.known ? `. Available columns: ${p.known}` : ''}`,
  'error.sql.tableNotFound': (p: { table: string; qualified?: string; known?: string }) =>
    `Table "${p.table}" not found${p.qualified ? ` in "${p.qualified}"` : ''}${p.known ? `. Available tables: ${p.known}` : ''}`,
  'error.sql.expected': (p: { expected: string; after?: string; found?: string }) =>
    `Expected ${p.expected}${p.after ? ` after "${p.after}"` : ''} but found ${p.found === undefined ? 'end of query' : `"${p.found}"`}`,
  'error.sql.unknownFunction': (p: { name: string; suggestions?: string }) => `Unknown function "${p.name}".${p.suggestions ? ` Did you mean ${p.suggestions}?` : ''}`,
  'error.sql.unexpectedChar': (p: { char: string }) => `Unexpected character "${p.char}"`,
  'error.sql.typed.setSides': (p: { operator: string; index: number; type: string; left: string; right: string }) =>
    `${p.operator} column ${p.index} of ${p.type} ${typedTail(`its sides are ${p.left} and ${p.right}`)}`,
  'error.sql.typed.setWidened': (p: { operator: string; index: number; type: string }) =>
    `${p.operator} column ${p.index} of ${p.type} inside the query: the query around it finds a column's type by its name, and that name is a table's column or another select's alias of another type here; give the first select's column an alias of its own`,
  'error.sql.typed.inSubquery': (p: { type: string }) => `IN (subquery) of ${p.type} ${typedTail('the subquery compares its values as text')}`,
  'error.sql.typed.subqueryValue': (p: { expr: string; type: string }) => `comparison with ${p.expr} of ${p.type} ${typedTail('a subquery\'s value is not typed here')}`,
  'error.sql.typed.mixed': (p: { type: string; other: string }) => `comparison of ${p.type} ${typedTail(`the other side is ${p.other}`)}`,
  'error.sql.typed.underFunction': (p: { expr: string; fn: string; type: string }) =>
    `${p.expr} under ${p.fn}() of ${p.type} ${typedTail('the rewrite makes exact only a typed value compared, ordered, grouped or aggregated directly')}`,
  'error.sql.typed.underOperator': (p: { expr: string; operator: string; type: string }) =>
    `${p.expr} under operator ${p.operator} of ${p.type} ${typedTail('the rewrite makes exact only a typed value compared, ordered, grouped or aggregated directly')}`,
  'error.sql.typed.under': (p: { expr: string; node: string; type: string }) =>
    `${p.expr} under ${p.node} of ${p.type} ${typedTail('the rewrite makes exact only a typed value compared, ordered, grouped or aggregated directly')}`,
  'error.sql.typed.sumOfTimes': (p: { fn: string; type: string }) => `${p.fn}() of ${p.type} ${typedTail('a sum of times has no value')}`,
  'error.sql.exact.castRange': (p: { expr: string; value: string; type: string }) => `${p.expr}: ${p.value} is out of range for ${p.type}`,
  'error.sql.exact.overflow': (p: { expr: string; type: string }) => `${p.expr}: the result is out of range for ${p.type}`,
  'error.sql.exact.divideByZero': (p: { expr: string }) => `${p.expr}: division by zero`,
  'error.sql.exact.divOperand': (p: { expr: string; type: string }) => `${p.expr}: DIV of a ${p.type} operand is not supported here (Spark's DIV takes integers and decimals)`,
  'error.sql.exact.castInvalidTime': (p: { expr: string; value: string; type: string; date: boolean }) => `${p.expr}: ${p.value} cannot be cast to ${p.type}, it is not a valid ${p.date ? 'date' : 'date and time'} (Spark in ANSI mode fails this cast too)`,
  'error.sql.exact.castInvalid': (p: { expr: string; value: string; type: string }) => `${p.expr}: ${p.value} cannot be cast to ${p.type}, it is a malformed number for that type (Spark in ANSI mode fails this cast too)`,
  'error.sql.exact.ambiguous': (p: { expr: string }) =>
    `${p.expr}: integer arithmetic past 2^53 on a value whose type is not known here (a double would round, an integer would not), so there is no one exact answer`,
  'error.sql.exact.decimalWith': (p: { expr: string; other: string }) => `${p.expr}: decimal arithmetic with a value of type ${p.other}, which is no exact number here`,
  'error.sql.exact.decimalOverflow': (p: { expr: string; digits: number }) => `${p.expr}: the exact result has ${p.digits} digits, more than a decimal's 38`,
  'error.sql.exact.decimalTypeOverflow': (p: { expr: string; digits: number; type: string }) => `${p.expr}: the result has ${p.digits} digits, more than its type ${p.type} holds (Spark in ANSI mode fails it too)`,
  'error.sql.scalarSubqueryRows': () => 'a subquery used as a value returned more than one row',
  'error.sql.fn.stringArg': (p: { fn: string }) => `${p.fn}: expected a string, got an array or a struct (CAST it to a string first)`,
  'error.sql.fn.integerArg': (p: { fn: string; value: string }) => `${p.fn}: expected an integer, got ${p.value}`,
  'error.sql.fn.numberArg': (p: { fn: string; value: string }) => `${p.fn}: expected a number, got ${p.value}`,
  'error.sql.likeEscape': (p: { pattern: string }) => `LIKE pattern ${p.pattern}: the escape character \\ must come before %, _ or \\ (write \\\\ for a backslash)`,
  'error.sql.missingAggregation': (p: { column: string }) => `${p.column} is neither in GROUP BY nor inside an aggregate: group by it or aggregate it, e.g. max(${p.column}) (Spark: MISSING_AGGREGATION)`,
  'error.sql.distinctOrder': (p: { column: string }) => `ORDER BY ${p.column} with SELECT DISTINCT: order by a column the select list outputs (Spark cannot resolve it either)`,
  'error.sql.distinct': (p: { fn: string }) => `${p.fn}(DISTINCT …) outside the columnar executor: squirreling ignores DISTINCT there, the answer would be wrong`,
  'error.sql.repeatedColumn': (p: { name: string }) => `this subquery, CTE or set operation has two columns named '${p.name}': give each its own alias (AS) so the query around it can tell them apart`,
  'error.sql.ambiguousColumn': (p: { name: string; candidates: string }) => `column '${p.name}' is ambiguous, it could be ${p.candidates}: qualify it (Spark: AMBIGUOUS_REFERENCE)`,

  // The error panel
  'ui.error.original': () => 'Original message (English)',
  'ui.error.untranslated': () => 'This message is not translated yet; it is shown as the engine wrote it.',
  // A scan's unknown column (api/plan-scan.ts) and a host nothing answers at (worker/cors-probe.ts): engine errors en-errors.ts had.
  'error.scan.unknownColumn': (p: { column: string; known: string; count: number }) =>
    `scan: this table has no column '${p.column}'; ${p.count === 0 ? 'it has no columns' : `its ${plural('en', p.count, { one: 'column is', other: 'columns are' })}: ${p.known}`}`,
  'error.s3.unreachable': (p: { host: string }) =>
    `s3: could not reach ${p.host} — the name does not resolve or nothing answers there (check the endpoint; your keys were not checked)`,
};

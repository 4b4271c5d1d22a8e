/**
 * English text of the last errors of diffs, filters' literals and writes to get a catalog message (issue 20, after
 * en-errors13.ts). Each is the exact English message it had before it carried a reference.
 *
 * `error.expr.why.*` (no parameters) are also looked up by their English: expr/literal.ts maps the reasons
 * expr/exact-literal.ts returns as text to these keys, so their English must stay that text exactly.
 */

export const enErrors14 = {
  // Diffs and change logs between two versions (api/diff/)
  'error.changes.notAncestor': (p: { from: string; to: string }) =>
    `changes: version ${p.from} is not an ancestor of ${p.to} (give the earlier version first; for versions on different branches use diff)`,
  'error.diff.noVersion': (p: { version: string }) => `diff: version ${p.version} is not among the table's versions`,
  'error.diff.keyMissing': (p: { count: number; missing: string; columns: string }) =>
    `diff: key column${p.count > 1 ? 's' : ''} ${p.missing} not in the later version's columns (${p.columns})`,
  // A filter's literal that is no value of its column's type (expr/literal.ts, expr/exact-literal.ts)
  'error.expr.literal': (p: { literal: string; column: string; type: string; why: string }) =>
    `expr: cannot use ${p.literal} with column ${p.column} of type ${p.type}: ${p.why}`,
  'error.expr.why.boolean': () => 'expected true or false',
  'error.expr.why.number': () => 'expected a number',
  'error.expr.why.string': () => 'expected a quoted string',
  'error.expr.why.uuid': () => 'expected a UUID like 0db3e2a8-9d1d-42b9-aa7b-74ebe558dceb',
  'error.expr.why.binary': () => 'expected bytes or a 0x… hex string',
  'error.expr.why.notComparable': () => 'values of this type cannot be compared',
  'error.expr.why.integer': () => 'expected an integer',
  'error.expr.why.decimal': () => 'expected a decimal number',
  'error.expr.why.dateOrDays': () => 'expected YYYY-MM-DD or days since 1970-01-01',
  'error.expr.why.date': () => 'expected YYYY-MM-DD',
  'error.expr.why.timeOrMicros': () => 'expected HH:MM:SS[.ffffff] or microseconds since midnight',
  'error.expr.why.timestampString': () => 'expected an ISO timestamp string',
  'error.expr.why.timestampFormat': () => 'expected YYYY-MM-DD[THH:MM:SS[.ffffff]][Z|±HH:MM]',
  'error.expr.why.dateTime': () => 'not a valid date and time',
  'error.expr.why.zoneOffset': () => 'a value without time zone cannot take a zone offset',
  'error.expr.why.timeFormat': () => 'expected HH:MM:SS[.ffffff]',
  'error.expr.why.time': () => 'not a valid time',
  'error.expr.why.range': () => 'out of the range of the type',
  'error.expr.why.finer': () => 'finer than the type can hold',
  'error.expr.whyN.fractionDigits': (p: { digits: number }) => `more than ${p.digits} fraction digits`,
  'error.expr.whyN.bytes': (p: { bytes: number }) => `expected exactly ${p.bytes} bytes`,
  // Writes a format does not offer, or that are too large for the browser (commit/write-action.ts, commit/engine-sql.ts)
  'error.action.unsupported': (p: { subsystem: string; why: string }) => `${p.subsystem}: ${p.why}`,
  'error.paimon.why.branchRemove': () => 'removing a branch is not available for Paimon tables yet (tags, rollback, row writes, compaction and expiration are)',
  'error.paimon.why.notYet': (p: { action: string }) => `${p.action} is not available for Paimon tables yet (tags, rollback, row writes, compaction and expiration are)`,
  'error.paimon.why.deleteByKey': () => 'Paimon deletes rows by primary key here: give the key values as rows (CLI: --data KEYS.json|KEYS.csv), not a --where predicate',
  'error.paimon.why.expireIds': () => 'expiring chosen snapshot ids is not a Paimon operation (it expires the oldest snapshots by count and age)',
  'error.delta.why.notOperation': (p: { action: string }) =>
    `${p.action} is not a Delta operation (Delta offers RESTORE as rollback, OPTIMIZE as compact, VACUUM, and append, delete and update of rows)`,
  // Iceberg's manifest writers and a version looked up in the metadata file (formats/iceberg/spec/write-manifest*.ts, table.ts)
  'error.iceberg.listWrite.firstRowId': () => 'iceberg manifest-list write: v3 needs the snapshot first-row-id',
  'error.iceberg.listWrite.missing': (p: { entry: number; file: string; field: string }) => `iceberg manifest-list write: entry ${p.entry} (${p.file}) has no ${p.field}`,
  'error.iceberg.manifestWrite.v1Deletes': () => 'iceberg manifest write: v1 tables have no delete files',
  'error.iceberg.manifestWrite.entry': (p: { entry: number; file: string; what: string }) => `iceberg manifest write: entry ${p.entry} (${p.file}) ${p.what}`,
  'error.iceberg.manifestWrite.spec': (p: { spec: number; manifestSpec: number }) => `has spec ${p.spec}, manifest is for spec ${p.manifestSpec}`,
  'error.iceberg.manifestWrite.content': (p: { content: string; holds: string }) => `is ${p.content} but the manifest holds ${p.holds}`,
  'error.iceberg.manifestWrite.partition': (p: { values: number; fields: number }) => `has ${p.values} partition values, spec has ${p.fields} fields`,
  'error.iceberg.manifestWrite.sequence': (p: { status: string }) => `is ${p.status} without explicit sequence numbers (spec "Sequence Number Inheritance")`,
  'error.iceberg.readFrom': (p: { message: string; file: string }) => `${p.message} (read from ${p.file})`,
  'error.iceberg.readFromSkipping': (p: { message: string; file: string; skipped: string }) => `${p.message} (read from ${p.file}; ${p.skipped})`,
  'error.semicolon': (p: { first: string; rest: string }) => `${p.first}; ${p.rest}`,
  // The Query tab: FROM … FOR VERSION/TIMESTAMP AS OF and CHANGES BETWEEN (api/sql/table-refs.ts), date units (api/sql/typed-dates.ts)
  'error.sql.expectedWord': (p: { word: string; found?: string }) => `expected ${p.word}${p.found !== undefined ? ` but found "${p.found}"` : ''}`,
  'error.sql.expectedPoint': (p: { what: string }) => `expected ${p.what} (a version number or a quoted tag, branch or time)`,
  'error.sql.point.begin': () => 'the begin version',
  'error.sql.point.end': () => 'the end version',
  'error.sql.expectedVersionAsOf': () => 'expected a version number or a quoted tag or branch name after FOR VERSION AS OF',
  'error.sql.expectedTimeAsOf': () => "expected a quoted ISO-8601 time after FOR TIMESTAMP AS OF, e.g. '2024-05-01T12:00:00Z'",
  'error.sql.expectedForWhat': () => 'expected VERSION or TIMESTAMP after FOR',
  'error.sql.dateUnit': (p: { fn: string; unit?: string; allowed: string }) =>
    `${p.fn}: ${p.unit === undefined ? 'a unit that is not a constant' : `unit ${p.unit}`} over a date or timestamp; exact units are ${p.allowed}`,
  'error.sql.fractionalInterval': (p: { amount: number; unit: string }) => `INTERVAL ${p.amount} ${p.unit}: a fractional interval over a date or timestamp is not exact here`,
  'error.sql.intervalUnit': (p: { unit: string }) => `INTERVAL unit ${p.unit}`,
  'error.write.overBudget': (p: { operation: string; input: string; budget: string }) =>
    `write: ${p.operation} is not run in the browser: it would read ${p.input}, more than this browser's budget of ${p.budget}`,
};

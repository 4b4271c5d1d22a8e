/**
 * The messages of en-errors14.ts (diffs, filters' literals, writes a format does not offer or the browser does not
 * run) render exactly the English their throw sites wrote before they carried a reference, and zh-CN renders each
 * in Chinese with the same data. Every key has a sample here, so a new key cannot go untested. Below, real
 * failures of the code that raises them.
 */
import { describe, expect, it } from 'vitest';
import type { LakeError } from '../errors.ts';
import { parseFilter } from '../api/explain-scan.ts';
import { findTableRefs } from '../api/sql/table-refs.ts';
import { convertLiteral } from '../expr/literal.ts';
import { unsupportedAction } from '../commit/write-action.ts';
import type { Literal } from '../expr/expr.ts';
import type { ValueType } from '../expr/types.ts';
import { enErrors14 } from './en-errors14.ts';
import { errorRef, errorText, type ErrorRef } from './message-parts.ts';
import type { MessageKey } from './en.ts';
import { zh } from './zh.ts';
import { catalogSampleChecks } from './catalog-samples.test-support.ts';

const r = (key: string, params?: Record<string, unknown>): ErrorRef => errorRef(key as MessageKey, params as never);
const lit = (why: ErrorRef, literal = '"abc"', type = 'int') => r('error.expr.literal', { literal, column: 'id', type, why });
const action = (subsystem: string, why: ErrorRef) => r('error.action.unsupported', { subsystem, why });
const mw = (what: ErrorRef) => r('error.iceberg.manifestWrite.entry', { entry: 0, file: 'd.parquet', what });
const sqlAt = (message: ErrorRef) => r('error.sql.at', { message, line: 1, column: 9 });
const PAIMON_NOT_YET = 'not available for Paimon tables yet (tags, rollback, row writes, compaction and expiration are)';

/** [reference, the English the site wrote before (its old template, with these values)]. */
const SAMPLES: readonly [ErrorRef, string][] = [
  [r('error.changes.notAncestor', { from: '5', to: '3' }), 'changes: version 5 is not an ancestor of 3 (give the earlier version first; for versions on different branches use diff)'],
  [r('error.diff.noVersion', { version: '42' }), "diff: version 42 is not among the table's versions"],
  [r('error.diff.keyMissing', { count: 1, missing: 'id', columns: 'a, b' }), "diff: key column id not in the later version's columns (a, b)"],
  [r('error.diff.keyMissing', { count: 2, missing: 'id, k', columns: 'a' }), "diff: key columns id, k not in the later version's columns (a)"],
  [lit(r('error.expr.why.boolean'), '5', 'boolean'), 'expr: cannot use 5 with column id of type boolean: expected true or false'],
  [lit(r('error.expr.why.number'), '"x"', 'double'), 'expr: cannot use "x" with column id of type double: expected a number'],
  [lit(r('error.expr.why.string'), '5', 'string'), 'expr: cannot use 5 with column id of type string: expected a quoted string'],
  [lit(r('error.expr.why.uuid'), '"x"', 'uuid'), 'expr: cannot use "x" with column id of type uuid: expected a UUID like 0db3e2a8-9d1d-42b9-aa7b-74ebe558dceb'],
  [lit(r('error.expr.why.binary'), '5', 'binary'), 'expr: cannot use 5 with column id of type binary: expected bytes or a 0x… hex string'],
  [lit(r('error.expr.why.notComparable'), '5', 'other'), 'expr: cannot use 5 with column id of type other: values of this type cannot be compared'],
  [lit(r('error.expr.why.integer')), 'expr: cannot use "abc" with column id of type int: expected an integer'],
  [lit(r('error.expr.why.decimal')), 'expr: cannot use "abc" with column id of type int: expected a decimal number'],
  [lit(r('error.expr.why.dateOrDays')), 'expr: cannot use "abc" with column id of type int: expected YYYY-MM-DD or days since 1970-01-01'],
  [lit(r('error.expr.why.date')), 'expr: cannot use "abc" with column id of type int: expected YYYY-MM-DD'],
  [lit(r('error.expr.why.timeOrMicros')), 'expr: cannot use "abc" with column id of type int: expected HH:MM:SS[.ffffff] or microseconds since midnight'],
  [lit(r('error.expr.why.timestampString')), 'expr: cannot use "abc" with column id of type int: expected an ISO timestamp string'],
  [lit(r('error.expr.why.timestampFormat')), 'expr: cannot use "abc" with column id of type int: expected YYYY-MM-DD[THH:MM:SS[.ffffff]][Z|±HH:MM]'],
  [lit(r('error.expr.why.dateTime')), 'expr: cannot use "abc" with column id of type int: not a valid date and time'],
  [lit(r('error.expr.why.zoneOffset')), 'expr: cannot use "abc" with column id of type int: a value without time zone cannot take a zone offset'],
  [lit(r('error.expr.why.timeFormat')), 'expr: cannot use "abc" with column id of type int: expected HH:MM:SS[.ffffff]'],
  [lit(r('error.expr.why.time')), 'expr: cannot use "abc" with column id of type int: not a valid time'],
  [lit(r('error.expr.why.range')), 'expr: cannot use "abc" with column id of type int: out of the range of the type'],
  [lit(r('error.expr.why.finer')), 'expr: cannot use "abc" with column id of type int: finer than the type can hold'],
  [lit(r('error.expr.whyN.fractionDigits', { digits: 2 })), 'expr: cannot use "abc" with column id of type int: more than 2 fraction digits'],
  [lit(r('error.expr.whyN.bytes', { bytes: 16 })), 'expr: cannot use "abc" with column id of type int: expected exactly 16 bytes'],
  [action('paimon remove-ref', r('error.paimon.why.branchRemove')), `paimon remove-ref: removing a branch is ${PAIMON_NOT_YET}`],
  [action('paimon cherry-pick', r('error.paimon.why.notYet', { action: 'cherry-pick' })), `paimon cherry-pick: cherry-pick is ${PAIMON_NOT_YET}`],
  [action('paimon delete', r('error.paimon.why.deleteByKey')),
    'paimon delete: Paimon deletes rows by primary key here: give the key values as rows (CLI: --data KEYS.json|KEYS.csv), not a --where predicate'],
  [action('paimon expire', r('error.paimon.why.expireIds')),
    'paimon expire: expiring chosen snapshot ids is not a Paimon operation (it expires the oldest snapshots by count and age)'],
  [action('delta tag', r('error.delta.noRefs')), 'delta tag: Delta tables have no tags or branches: versions are named by their number or time.'],
  [action('delta cherry-pick', r('error.delta.why.notOperation', { action: 'cherry-pick' })),
    'delta cherry-pick: cherry-pick is not a Delta operation (Delta offers RESTORE as rollback, OPTIMIZE as compact, VACUUM, and append, delete and update of rows)'],
  [r('error.iceberg.listWrite.firstRowId'), 'iceberg manifest-list write: v3 needs the snapshot first-row-id'],
  [r('error.iceberg.listWrite.missing', { entry: 2, file: 'm2.avro', field: 'added_rows_count' }), 'iceberg manifest-list write: entry 2 (m2.avro) has no added_rows_count'],
  [r('error.iceberg.manifestWrite.v1Deletes'), 'iceberg manifest write: v1 tables have no delete files'],
  [mw(r('error.iceberg.manifestWrite.spec', { spec: 1, manifestSpec: 0 })), 'iceberg manifest write: entry 0 (d.parquet) has spec 1, manifest is for spec 0'],
  [mw(r('error.iceberg.manifestWrite.content', { content: 'position-deletes', holds: 'data' })), 'iceberg manifest write: entry 0 (d.parquet) is position-deletes but the manifest holds data'],
  [mw(r('error.iceberg.manifestWrite.partition', { values: 1, fields: 2 })), 'iceberg manifest write: entry 0 (d.parquet) has 1 partition values, spec has 2 fields'],
  [mw(r('error.iceberg.manifestWrite.sequence', { status: 'existing' })),
    'iceberg manifest write: entry 0 (d.parquet) is existing without explicit sequence numbers (spec "Sequence Number Inheritance")'],
  [r('error.iceberg.readFrom', { message: r('error.untranslated', { text: 'no snapshot 7' }), file: 'metadata/v2.metadata.json' }), 'no snapshot 7 (read from metadata/v2.metadata.json)'],
  [r('error.iceberg.readFromSkipping', { message: r('error.untranslated', { text: 'no snapshot 7' }), file: 'metadata/v2.metadata.json',
    skipped: r('error.semicolon', { first: r('error.untranslated', { text: 'a' }), rest: r('error.untranslated', { text: 'b' }) }) }),
  'no snapshot 7 (read from metadata/v2.metadata.json; a; b)'],
  [sqlAt(r('error.sql.expectedWord', { word: 'OF', found: 'x' })), 'sql: expected OF but found "x" at line 1, column 9'],
  [sqlAt(r('error.sql.expectedWord', { word: 'AND' })), 'sql: expected AND at line 1, column 9'],
  [sqlAt(r('error.sql.expectedPoint', { what: r('error.sql.point.begin') })), 'sql: expected the begin version (a version number or a quoted tag, branch or time) at line 1, column 9'],
  [sqlAt(r('error.sql.expectedPoint', { what: r('error.sql.point.end') })), 'sql: expected the end version (a version number or a quoted tag, branch or time) at line 1, column 9'],
  [sqlAt(r('error.sql.expectedVersionAsOf')), 'sql: expected a version number or a quoted tag or branch name after FOR VERSION AS OF at line 1, column 9'],
  [sqlAt(r('error.sql.expectedTimeAsOf')), "sql: expected a quoted ISO-8601 time after FOR TIMESTAMP AS OF, e.g. '2024-05-01T12:00:00Z' at line 1, column 9"],
  [sqlAt(r('error.sql.expectedForWhat')), 'sql: expected VERSION or TIMESTAMP after FOR at line 1, column 9'],
  [r('error.sql', { message: r('error.sql.dateUnit', { fn: 'DATE_TRUNC', unit: 'WEEK', allowed: 'DAY, HOUR' }) }), 'sql: DATE_TRUNC: unit WEEK over a date or timestamp; exact units are DAY, HOUR'],
  [r('error.sql', { message: r('error.sql.dateUnit', { fn: 'DATE_TRUNC', allowed: 'DAY, HOUR' }) }), 'sql: DATE_TRUNC: a unit that is not a constant over a date or timestamp; exact units are DAY, HOUR'],
  [r('error.sql', { message: r('error.sql.fractionalInterval', { amount: 1.5, unit: 'DAY' }) }), 'sql: INTERVAL 1.5 DAY: a fractional interval over a date or timestamp is not exact here'],
  [r('error.sql', { message: r('error.sql.intervalUnit', { unit: 'WEEK' }) }), 'sql: INTERVAL unit WEEK'],
  [r('error.write.overBudget', { operation: 'compact', input: '3.0 GiB', budget: '2.0 GiB' }),
    "write: compact is not run in the browser: it would read 3.0 GiB, more than this browser's budget of 2.0 GiB"],
];

/** Terms a Chinese data engineer keeps in English (formats, operations, CLI options, literal syntax). */
const KEPT = /^(sql|of|and|for|version|timestamp|as|interval|date|trunc|day|hour|week|iceberg|manifest|list|first|row|id|added|rows|count|avro|parquet|deletes|position|existing|sequence|number|inheritance|metadata|paimon|delta|restore|optimize|vacuum|cli|data|keys|json|csv|where|snapshot|id|diff|true|false|uuid|iso|yyyy|mm|dd|thh|ss|ffffff|hh|z)$/i;

function caught(f: () => unknown): LakeError {
  try { f(); } catch (e) { return e as LakeError; }
  throw new Error('no error');
}

describe('en-errors14 / zh-errors14', () => {
  catalogSampleChecks(enErrors14, SAMPLES, { split: /[\s,:;()!?"'.\-/[\]{}<>*=+_|±…]+/, allowed: (w, next) => KEPT.test(w) || KEPT.test(next) });

  it('every reason a literal is refused, as the code gives it, has its own message (none quoted as English)', () => {
    const t = (kind: ValueType['kind'], extra: Partial<ValueType> = {}): ValueType => ({ kind, ...extra });
    const cases: [Literal, ValueType, string][] = [
      [5, t('boolean'), 'error.expr.why.boolean'], ['abc', t('double'), 'error.expr.why.number'], [5, t('string'), 'error.expr.why.string'],
      ['x', t('uuid'), 'error.expr.why.uuid'], [5, t('binary'), 'error.expr.why.binary'], [5, t('other'), 'error.expr.why.notComparable'],
      ['abc', t('int'), 'error.expr.why.integer'], ['abc', t('decimal', { precision: 10, scale: 2 }), 'error.expr.why.decimal'],
      [1.5, t('date'), 'error.expr.why.dateOrDays'], [true, t('date'), 'error.expr.why.date'],
      [true, t('time'), 'error.expr.why.timeOrMicros'], ['x', t('time'), 'error.expr.why.timeFormat'], ['25:00:00', t('time'), 'error.expr.why.time'],
      [true, t('timestamp'), 'error.expr.why.timestampString'], ['x', t('timestamp'), 'error.expr.why.timestampFormat'],
      ['2024-02-30T00:00:00', t('timestamp'), 'error.expr.why.dateTime'], ['2024-01-01T00:00:00+01:00', t('timestamp'), 'error.expr.why.zoneOffset'],
      [10_000_000_000, t('int'), 'error.expr.why.range'], [1.5, t('int'), 'error.expr.why.finer'],
      ['1.234', t('decimal', { precision: 10, scale: 2 }), 'error.expr.whyN.fractionDigits'], ['0x01', t('fixed', { length: 4 }), 'error.expr.whyN.bytes'],
    ];
    for (const [value, type, key] of cases) {
      const e = caught(() => convertLiteral(value, type, 'c'));
      const why = e.ref?.params?.why as ErrorRef | undefined;
      expect(why?.key, `${String(value)} as ${type.kind}: ${e.message}`).toBe(key);
      expect(errorText(e.ref!)).toBe(e.message);
      expect(errorText(e.ref!, zh)).toMatch(/^表达式：值 .* 不能用于列 c（类型 .*）：/);
    }
  });

  it('a filter whose literal does not fit its column, and a write a format does not offer, are Chinese', () => {
    const e = caught(() => convertLiteral('abc', { kind: 'int' }, 'id'));
    expect(errorText(e.ref!, zh)).toBe('表达式：值 "abc" 不能用于列 id（类型 int）：应为整数');
    const w = unsupportedAction('delta tag', errorRef('error.delta.noRefs', undefined));
    expect(w.code).toBe('Unsupported');
    expect(errorText(w.ref!)).toBe(w.message);
    expect(errorText(w.ref!, zh)).toBe('delta tag：Delta 表没有标签和分支：版本按编号或时间来指定。');
  });

  it('a malformed FOR VERSION / TIMESTAMP AS OF or CHANGES BETWEEN in the Query tab, raised by the parser, is Chinese', () => {
    const cases: [string, string][] = [
      ['SELECT * FROM t FOR VERSION AS OF x', 'FOR VERSION AS OF 之后应为版本号，或带引号的标签或分支名'],
      ["SELECT * FROM t FOR TIMESTAMP AS OF 'soon'", "FOR TIMESTAMP AS OF 之后应为带引号的 ISO-8601 时间，例如 '2024-05-01T12:00:00Z'"],
      ['SELECT * FROM t FOR SOMETHING', 'FOR 之后应为 VERSION 或 TIMESTAMP'],
      ['SELECT * FROM t FOR VERSION OF 3', '此处应为 AS，却是 "OF"'],
      ['SELECT * FROM t CHANGES BETWEEN x AND 3', '此处应为起始版本（版本号，或带引号的标签、分支或时间）'],
    ];
    for (const [query, want] of cases) {
      const e = caught(() => findTableRefs(query));
      expect(errorText(e.ref!)).toBe(e.message.split('\n')[0]);
      expect(errorText(e.ref!, zh)).toMatch(new RegExp(`^SQL 错误（第 1 行，第 \\d+ 列）：${want.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    }
  });

  it('a filter that fails for a reason other than its syntax quotes that reason, marked as English', () => {
    // A column compared with a literal of the wrong type fails while binding, not parsing: parseFilter passes it.
    expect(parseFilter('id = 1')).toBeDefined();
    const e = caught(() => parseFilter('id = \'unterminated'));
    expect(e.ref?.key).toBe('error.filter');
    expect(errorText(e.ref!)).toBe(e.message);
  });
});

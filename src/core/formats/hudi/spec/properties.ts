/**
 * `.hoodie/hoodie.properties`: the table's configuration (Hudi tech spec "Table properties"), a Java
 * properties file. Read here: table type and version, record key / partition / ordering fields, key
 * generator, partition path style, timeline layout and paths, meta fields, merge mode and payload class.
 * Table versions 6, 8 and 9 are read (as hudi-rs does); anything else is a clear Unsupported.
 */
import { crc32 } from '../../../util/bytes.ts';
import { messageError } from '../../../message-error.ts';

export const PROPERTIES_FILE = '.hoodie/hoodie.properties';

export type HudiTableType = 'COPY_ON_WRITE' | 'MERGE_ON_READ';
export type MergeMode = 'EVENT_TIME_ORDERING' | 'COMMIT_TIME_ORDERING';

/** The table versions this reader accepts. */
const SUPPORTED_TABLE_VERSIONS: readonly number[] = [6, 8, 9];

/** Payload classes whose merge is "latest by ordering field" or "latest by commit": anything else is custom. */
const KNOWN_PAYLOADS = new Set([
  'org.apache.hudi.common.model.OverwriteWithLatestAvroPayload',
  'org.apache.hudi.common.model.DefaultHoodieRecordPayload',
  'org.apache.hudi.common.model.EventTimeAvroPayload',
]);

export interface HudiTableConfig {
  readonly name: string;
  readonly tableType: HudiTableType;
  readonly version: number;
  readonly recordKeyFields: readonly string[];
  /** Partition fields without a key generator's `:type` suffix; empty for non-partitioned tables. */
  readonly partitionFields: readonly string[];
  /** `hoodie.table.ordering.fields` (v9) or `hoodie.table.precombine.field` (v6/v8). */
  readonly orderingFields: readonly string[];
  readonly keyGenerator?: string;
  readonly hiveStylePartitioning: boolean;
  readonly urlEncodePartitioning: boolean;
  /** 1: `.hoodie/<instant>.<action>[.<state>]` with JSON metadata; 2: `.hoodie/timeline/…` with Avro metadata. */
  readonly timelineLayoutVersion: number;
  /** Folder of the active timeline relative to the table root. */
  readonly timelineFolder: string;
  readonly populateMetaFields: boolean;
  readonly baseFileFormat: string;
  readonly mergeMode: MergeMode;
  readonly payloadClass?: string;
  readonly metadataPartitions: readonly string[];
  /** Offset of the writer's zone from UTC in minutes, inferred from the two comment lines (0 when unknown). */
  readonly writerZoneOffsetMinutes: number;
  readonly timelineTimezone: 'UTC' | 'LOCAL';
  /** Every property as written. */
  readonly raw: ReadonlyMap<string, string>;
}

/** Parses a Java properties file (comments, `\:` escapes, `\uXXXX`, continued lines). */
export function parseJavaProperties(text: string): { props: Map<string, string>; comments: string[] } {
  const props = new Map<string, string>();
  const comments: string[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!.replace(/^[ \t\f]+/, '');
    if (line === '') continue;
    if (line.startsWith('#') || line.startsWith('!')) { comments.push(line.slice(1)); continue; }
    while (/(^|[^\\])(\\\\)*\\$/.test(line) && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i]!.replace(/^[ \t\f]+/, '');
    const m = /^((?:\\.|[^=:\s\\])*)\s*[=:]?\s*(.*)$/s.exec(line)!;
    props.set(unescape(m[1]!), unescape(m[2]!));
  }
  return { props, comments };
}

function unescape(s: string): string {
  return s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, c: string) => {
    if (c.length === 5) return String.fromCharCode(parseInt(c.slice(1), 16));
    return c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : c === 'f' ? '\f' : c;
  });
}

function list(v: string | undefined): string[] {
  return v ? v.split(',').map((s) => s.trim()).filter((s) => s !== '') : [];
}

/**
 * The table configuration from the text of `hoodie.properties`. Must hold: a missing or unknown table
 * version → Unsupported naming it; a bootstrap table → Unsupported; a custom payload class → Unsupported
 * naming it; a missing table type → DataInvalid.
 */
export function parseTableConfig(text: string, file = PROPERTIES_FILE): HudiTableConfig {
  const { props, comments } = parseJavaProperties(text);
  const get = (k: string) => props.get(k);
  const versionText = get('hoodie.table.version');
  const version = versionText === undefined ? NaN : Number(versionText);
  if (!SUPPORTED_TABLE_VERSIONS.includes(version)) {
    throw versionText === undefined
      ? messageError('Unsupported', 'error.hudi.tableVersionMissing', { supported: SUPPORTED_TABLE_VERSIONS.join(', ') }, { file })
      : messageError('Unsupported', 'error.hudi.tableVersion', { version: versionText, supported: SUPPORTED_TABLE_VERSIONS.join(', ') }, { file });
  }
  const tableType = (get('hoodie.table.type') ?? '').toUpperCase();
  if (tableType !== 'COPY_ON_WRITE' && tableType !== 'MERGE_ON_READ') {
    throw messageError('DataInvalid', 'error.hudi.tableType', { type: tableType }, { file });
  }
  if (get('hoodie.bootstrap.base.path')) {
    throw messageError('Unsupported', 'error.hudi.bootstrap', { path: String(get('hoodie.bootstrap.base.path')) }, { file });
  }
  const payloadClass = get('hoodie.compaction.payload.class') ?? get('hoodie.table.payload.class');
  if (payloadClass && !KNOWN_PAYLOADS.has(payloadClass)) {
    throw messageError('Unsupported', 'error.hudi.payload', { payload: payloadClass }, { file });
  }
  const mergeModeText = (get('hoodie.record.merge.mode') ?? '').toUpperCase();
  if (mergeModeText === 'CUSTOM') {
    throw messageError('Unsupported', 'error.hudi.customMerge', undefined, { file });
  }
  const orderingFields = list(get('hoodie.table.ordering.fields') ?? get('hoodie.table.precombine.field'));
  const mergeMode: MergeMode = mergeModeText === 'COMMIT_TIME_ORDERING' || (mergeModeText === '' && orderingFields.length === 0)
    ? 'COMMIT_TIME_ORDERING' : 'EVENT_TIME_ORDERING';
  const layout = timelineLayoutOf(get('hoodie.timeline.layout.version'), version, file);
  checkChecksum(props, file);
  return {
    name: get('hoodie.table.name') ?? '',
    tableType,
    version,
    recordKeyFields: list(get('hoodie.table.recordkey.fields')),
    partitionFields: list(get('hoodie.table.partition.fields')).map((f) => f.split(':')[0]!),
    orderingFields,
    keyGenerator: get('hoodie.table.keygenerator.class') ?? get('hoodie.table.keygenerator.type'),
    hiveStylePartitioning: get('hoodie.datasource.write.hive_style_partitioning') === 'true',
    urlEncodePartitioning: get('hoodie.datasource.write.partitionpath.urlencode') === 'true',
    timelineLayoutVersion: layout,
    timelineFolder: layout >= 2 ? `.hoodie/${get('hoodie.timeline.path') ?? 'timeline'}` : '.hoodie',
    populateMetaFields: get('hoodie.populate.meta.fields') !== 'false',
    baseFileFormat: (get('hoodie.table.base.file.format') ?? 'PARQUET').toUpperCase(),
    mergeMode,
    payloadClass,
    metadataPartitions: list(get('hoodie.table.metadata.partitions')),
    writerZoneOffsetMinutes: zoneOffsetFromComments(comments),
    timelineTimezone: (get('hoodie.table.timeline.timezone') ?? 'LOCAL').toUpperCase() === 'UTC' ? 'UTC' : 'LOCAL',
    raw: props,
  };
}

/**
 * The timeline layout, checked against the table version: Hudi's table version 6 keeps its timeline in
 * layout 1 (layout 0 only on tables upgraded from 0.5), versions 8 and 9 in layout 2
 * (`HoodieTableVersion.getTimelineLayoutVersion`). A layout that disagrees would send the reader to the
 * wrong folder and read an empty timeline as if the table had no history: DataInvalid naming the file.
 */
function timelineLayoutOf(text: string | undefined, version: number, file: string): number {
  const expected = version >= 8 ? [2] : [0, 1];
  if (text === undefined) return expected[expected.length - 1]!;
  const layout = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!expected.includes(layout)) {
    throw messageError('DataInvalid', 'error.hudi.props.layout', { file, text, version: String(version), expected: expected.join(' or ') }, { file });
  }
  return layout;
}

/**
 * `hoodie.table.checksum` guards hoodie.properties against partial writes: CRC32 of
 * `<database>.<table name>` (HoodieTableConfig.generateChecksum, TABLE_CHECKSUM_FORMAT "%s.%s"). Hudi
 * refuses a file whose checksum does not match (and falls back to hoodie.properties.backup, which a
 * reader does not write). Must hold: a present checksum that does not match → DataInvalid naming the file.
 */
function checkChecksum(props: ReadonlyMap<string, string>, file: string): void {
  const text = props.get('hoodie.table.checksum');
  if (text === undefined) return;
  const want = `${props.get('hoodie.database.name') ?? ''}.${props.get('hoodie.table.name') ?? ''}`;
  const crc = crc32(new TextEncoder().encode(want));
  if (!/^\d+$/.test(text.trim()) || Number(text.trim()) !== crc) {
    throw messageError('DataInvalid', 'error.hudi.props.checksum', { file, text, name: want, crc: String(crc) }, { file });
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Hudi writes instant times in the writer's local zone (unless `hoodie.table.timeline.timezone=UTC`).
 * Writers of recent versions save two comments: `Properties saved on <UTC ISO time>` and Java's
 * `Date.toString()` in the local zone; their difference, rounded to 15 minutes, is the zone offset.
 */
export function zoneOffsetFromComments(comments: readonly string[]): number {
  let utc: number | undefined;
  let local: number | undefined;
  for (const c of comments) {
    const iso = /Properties saved on (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)/.exec(c);
    if (iso) utc = Date.parse(`${iso[1]}Z`);
    const j = /^\s*\w{3} (\w{3}) (\d\d) (\d\d):(\d\d):(\d\d) \S+ (\d{4})\s*$/.exec(c);
    if (j && MONTHS.includes(j[1]!)) local = Date.UTC(Number(j[6]), MONTHS.indexOf(j[1]!), Number(j[2]), Number(j[3]), Number(j[4]), Number(j[5]));
  }
  if (utc === undefined || local === undefined || Number.isNaN(utc)) return 0;
  const minutes = Math.round((local - utc) / 60_000 / 15) * 15;
  return Math.abs(minutes) <= 14 * 60 ? minutes : 0;
}

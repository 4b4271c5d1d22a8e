/**
 * English text of the explorer's screens (src/ui), by screen. Writes and the timeline keep their own strings
 * for now (see the report of issue 11); they move here next.
 */
import { groupedCount, plural } from './catalog.ts';

export const enUi = {
  // Connect screen
  'ui.connect.tagline': () => 'A lakehouse explorer that runs in your browser: Iceberg, Delta Lake, Paimon and Hudi tables, read where they are. No server.',
  'ui.connect.waysLabel': () => 'Ways in',
  'ui.connect.way.demo': () => 'Demo warehouse',
  'ui.connect.way.demo.sub': () => 'Built in, nothing to set up',
  'ui.connect.way.folder': () => 'Local folder',
  'ui.connect.way.folder.sub': () => 'Files on this computer',
  'ui.connect.way.s3': () => 'S3-compatible bucket',
  'ui.connect.way.s3.sub': () => 'AWS, Aliyun OSS, R2, MinIO, Ceph',
  'ui.connect.way.url': () => 'Public URL',
  'ui.connect.way.url.sub': () => 'A static folder over https',
  'ui.connect.demo.text': () =>
    'A small warehouse that ships with Lakescope, served by this page’s own web server: four Apache Iceberg tables, one Delta Lake table and one Apache Paimon table written by Lakescope’s own writers — '
    + 'sales/orders (deletes, an overwrite, a compaction, a tag and an audit branch), sales/customers (erasures), events/clicks (format v3 with deletion vectors), '
    + 'events/sessions, logistics/shipments (Delta: deletion vectors, OPTIMIZE, RESTORE, checkpoints) and inventory/stock (Paimon: upserts, deletes, an LSM compaction); '
    + 'and one story told by three formats — story/iceberg, story/delta and story/paimon hold the same accounts with the same history (“Compare formats” shows them side by side). '
    + 'Read-only here — “Try it here” copies it into a sandbox in this browser where every write shows what it did to the files. Its README.txt tells each table’s story.',
  'ui.connect.demo.open': () => 'Open demo warehouse',
  'ui.common.opening': () => 'Opening…',

  // Write preview: a rewrite over the browser's budget
  'ui.writes.overBudget.title': (p: { read: string; budget: string }) => `Not run in this browser: it would read ${p.read}, more than the budget of ${p.budget} for one rewrite.`,
  'ui.writes.overBudget.run': (p: { engine: string }) => `Run the same maintenance on a cluster (${p.engine}):`,
  'ui.writes.overBudget.none': () => 'There is no engine statement for this action here: run it with an engine on a cluster.',
  'ui.writes.overBudget.copy': () => 'Copy SQL',
  'ui.writes.overBudget.label': () => 'Engine SQL',
  'ui.writes.overBudget.budget': () => 'Budget for one rewrite in this browser, GiB',
  'ui.writes.overBudget.save': () => 'Save',
  'ui.writes.overBudget.saved': () => 'Saved on this browser: preview again to use it.',
  'ui.writes.overBudget.footer': () => 'Nothing was written: copy the SQL above and run it on a cluster.',

  // Tab notes (the page of a table its reader refused)
  'ui.tabNote.tree': (p: { format: 'iceberg' | 'delta' | 'paimon' | 'hudi' }) =>
    `The metadata tree of the selected version — ${{
      iceberg: 'metadata.json → manifest list → manifests → data files, delete files and deletion vectors',
      delta: 'commits and checkpoints in _delta_log → add/remove actions → data files and deletion vectors',
      paimon: 'snapshot → base and delta manifest lists → manifests → data files per LSM level and bucket',
      hudi: 'timeline instants → file groups → file slices (base file + log files)',
    }[p.format]} — lazily expandable, each node with its raw bytes and a short explanation.`,
  'ui.tabNote.partitions': () => 'Partition specs and their evolution, with files, rows and bytes per partition for the selected version.',
  'ui.tabNote.schema': () => 'The current schema and its history: fields added, renamed, retyped and dropped, by version.',
  'ui.tabNote.data': () => 'Rows of the selected version, streamed from the worker as Arrow (the first rows early), with a filter and time travel.',
  'ui.tabNote.refused': () => 'The reader could not open this table (the Overview tab says why), so this tab has nothing to show for it; the Files and Raw tabs still show its bytes.',

  // Inspector
  'ui.inspector.label': () => 'Inspector',
  'ui.inspector.show': () => 'Show the inspector',
  'ui.inspector.hide': () => 'Hide the inspector (teaching panel)',
  'ui.inspector.hideButton': () => 'Hide ▸',
  'ui.inspector.collapsedButton': () => '◂ Inspector',
  'ui.inspector.empty': () => 'Select a version on the timeline, a node in the tree, a field, a partition or a file to see what it is.',
  'ui.inspector.openRaw': () => 'Open raw file',
  'ui.inspector.rawRecord': () => 'Raw record',
  'ui.inspector.yes': () => 'yes',
  'ui.inspector.no': () => 'no',
  'ui.inspector.all': () => 'all',
  'ui.inspector.version.title': (p: { id: string }) => `Version ${p.id}`,
  'ui.inspector.version.operation': () => 'Operation',
  'ui.inspector.version.committed': () => 'Committed',
  'ui.inspector.version.parent': () => 'Parent',
  'ui.inspector.version.schemaId': () => 'Schema id',
  'ui.inspector.version.sequenceNumber': () => 'Sequence number',
  'ui.inspector.version.refs': () => 'Refs',
  'ui.inspector.version.current': () => 'Current',
  'ui.inspector.version.rows': () => 'Rows',
  'ui.inspector.version.explainSnapshot': () =>
    'A snapshot: the complete set of data and delete files of the table after one commit, reached through its manifest list. Reading an older snapshot is time travel; its summary counters were written at commit time.',
  'ui.inspector.version.explain': () => 'A version of the table: the state after one commit. Selecting it makes every view answer for that version.',
  'ui.inspector.node.location': () => 'Location',
  'ui.inspector.node.size': () => 'Size',
  'ui.inspector.node.byteRange': () => 'Byte range',
  'ui.inspector.field.subtitle': (p: { id: string; type: string }) => `field id ${p.id} · ${p.type}`,
  'ui.inspector.field.id': () => 'Field id',
  'ui.inspector.field.noId': () => 'none (this format tracks columns by name)',
  'ui.inspector.field.type': () => 'Type',
  'ui.inspector.field.required': () => 'Required',
  'ui.inspector.field.schema': () => 'Schema',
  'ui.inspector.field.doc': () => 'Doc',
  'ui.inspector.field.explain': () =>
    'Columns are tracked by field id, not by name: a rename keeps the id (and the data), a dropped column’s id is never reused, and data files written before a column existed read it as null (or its initial default).',
  'ui.inspector.field.explainByName': () =>
    'This table’s schema has no field ids: readers match columns by name, so a rename reads as a new column (older files have no values for it) and a column dropped and added again under the same name gets its old values back.',
  'ui.inspector.field.specLink': () => 'Iceberg spec › schema evolution',
  'ui.inspector.partition.subtitle': (p: { specId: number | string }) => `partition spec ${p.specId}`,
  'ui.inspector.partition.dataFiles': () => 'Data files',
  'ui.inspector.partition.records': () => 'Records (before deletes)',
  'ui.inspector.partition.bytes': () => 'Bytes',
  'ui.inspector.partition.deleteFiles': () => 'Delete files',
  'ui.inspector.partition.explain': () =>
    'A partition: the files whose partition tuple has these values. Planning compares a filter with partition values (through the transform) and skips whole partitions without opening their files.',
  'ui.inspector.partition.specLink': () => 'Iceberg spec › partitioning',
  'ui.inspector.file.subtitle': () => 'planned data file',
  'ui.inspector.file.records': () => 'Records',
  'ui.inspector.file.size': () => 'Size',
  'ui.inspector.file.deletes': () => 'Delete files applied',
  'ui.inspector.file.rowGroups': () => 'Row groups',
  'ui.inspector.file.specId': () => 'Partition spec',
  'ui.inspector.file.explain': () =>
    'A data file this version reads: its rows, minus those its delete files (or deletion vector) remove. With a filter, only row groups whose statistics might match are read.',

  // Error panels (a LakeError's code picks the headline and the advice)
  'ui.error.headline.Cors': () => 'The browser refused the request (CORS)',
  'ui.error.headline.Auth': () => 'The keys were refused',
  'ui.error.headline.NotFound': () => 'Not found',
  'ui.error.headline.Io': () => 'The storage could not be reached',
  'ui.error.headline.DataInvalid': () => 'The file is not valid',
  'ui.error.headline.Unsupported': () => 'Not supported',
  'ui.error.headline.Conflict': () => 'Someone else changed it first',
  'ui.error.headline.Aborted': () => 'Cancelled',
  'ui.error.headline.Internal': () => 'Something went wrong inside Lakescope',
  'ui.error.headline.unknown': () => 'Something went wrong',
  'ui.error.code.unknown': () => 'Error',
  'ui.error.advice.Auth': () => 'The server answered 401/403 to a signed request. Check the access key id and secret, that a session token has not expired, '
    + 'that the region matches the bucket, and that these keys may list and read this bucket.',
  'ui.error.advice.NotFound': (p: { where?: string }) => `Nothing exists at ${p.where ?? 'the requested location'}. Check the bucket, prefix or URL.`,
  'ui.error.advice.Io': () => 'The request failed on the network or the server answered with an error. Retrying may help.',
  'ui.error.advice.DataInvalid': () => 'The bytes do not follow the format’s specification, so Lakescope will not guess an answer.',
  'ui.error.advice.Unsupported': () => 'Lakescope does not read or do this; the message says what is missing.',
  'ui.error.advice.Conflict': () => 'The object changed between reading and writing. Reload and try again.',
  'ui.error.advice.Aborted': () => 'The operation was cancelled before it finished.',
  'ui.error.advice.Internal': () => 'This is a bug. The details below help to report it.',
  'ui.error.headline.throttled': () => 'The bucket is throttling requests',
  'ui.error.advice.throttled': (p: { status: string; retries: number }) => `The bucket is throttling requests (${p.status}) — retried ${p.retries} time${p.retries === 1 ? '' : 's'} with growing pauses. Wait a minute and retry, or open fewer tables at once.`,
  'ui.error.headline.timeout': () => 'The storage did not answer in time',
  'ui.error.advice.timeout': (p: { seconds: number }) => `No answer within ${p.seconds} s (each request's time limit), after retries. The server or the network is stalled; retry later.`,
  'ui.error.headline.changed': () => 'The file changed while it was being read',
  'ui.error.advice.changed': () => 'Someone replaced this file between two reads of it, so its parts may not belong together. Reopen the table to read the new version.',
  'ui.error.details': () => 'Details',
  'ui.error.retry': () => 'Try again',

  // Tree
  'ui.tree.empty': () => 'This table has no metadata tree.',
  'ui.tree.reading': () => 'Reading the table metadata…',
  'ui.tree.rowsShown': (p: { count: number }) => `${groupedCount('en-US', p.count)} ${plural('en', p.count, { one: 'row', other: 'rows' })} shown`,
  'ui.tree.loadingNodes': (p: { count: number }) => `· loading ${groupedCount('en-US', p.count)} ${plural('en', p.count, { one: 'node', other: 'nodes' })}…`,
  'ui.tree.key.move': () => 'move',
  'ui.tree.key.expand': () => 'expand',
  'ui.tree.key.collapse': () => 'collapse',
  'ui.tree.key.expandSiblings': () => 'expand siblings',
  'ui.tree.key.inspect': () => 'inspect',
  'ui.tree.label': () => 'Metadata tree',
  'ui.tree.loading': () => 'Loading…',
  'ui.tree.emptyNode': () => '(empty)',
  'ui.tree.failed': () => 'failed',
  'ui.bytes.exact': (p: { count: number }) => `${groupedCount('en-US', p.count)} ${plural('en', p.count, { one: 'byte', other: 'bytes' })}`,

  // Left rail
  'ui.rail.label': () => 'Warehouse',
  'ui.rail.filter': () => 'Filter tables',
  'ui.rail.filterLabel': () => 'Filter tables (press / to focus)',
  'ui.rail.count': (p: { count: number }) => `${p.count} ${plural('en', p.count, { one: 'table', other: 'tables' })}`,
  'ui.rail.countFiltered': (p: { shown: number; count: number }) => `${p.shown} of ${p.count} ${plural('en', p.count, { one: 'table', other: 'tables' })}`,
  'ui.rail.treeLabel': () => 'Folders and tables',
  'ui.rail.noMatch': () => 'No table matches the filter.',
  'ui.rail.none': () => 'No tables found.',

  // Data tab
  'ui.data.read': () => 'Read',
  'ui.data.changesSince': () => 'Changes since',
  'ui.data.changesSinceLabel': () => 'Only the records written after this version (the format\'s incremental query)',
  'ui.data.wholeVersion': () => '— whole version —',
  'ui.data.readingChanges': (p: { since: string; id: string }) => `Records inserted or updated after ${p.since} up to ${p.id} (latest values; deletes excluded)`,
  'ui.data.refLabel': () => 'Version, branch or tag to read',
  'ui.data.selectedVersion': (p: { id: string }) => `selected version ${p.id}`,
  'ui.data.currentVersion': () => 'current version',
  'ui.data.columns': (p: { picked: number; count: number }) => (p.picked ? `Columns: ${p.picked} of ${p.count}` : `Columns: all ${p.count}`),
  'ui.data.columnsLabel': () => 'Columns to read',
  'ui.data.all': () => 'All',
  'ui.data.onlyFirst': () => 'Only first',
  'ui.data.done': () => 'Done',
  'ui.data.filterPlaceholder': () => 'Filter, e.g. id > 10 and region = \'eu\'',
  'ui.data.filterLabel': () => 'Row filter (where)',
  'ui.data.apply': () => 'Apply',
  'ui.data.clear': () => 'Clear',
  'ui.data.reading': (p: { id: string; filter: string }) =>
    `Reading version ${p.id}${p.filter ? ` where ${p.filter}` : ''}`,
};

/**
 * English text of errors that name their cause in the reader's terms (the engine's LakeError messages for
 * things a person typed or chose, and the page's empty states). Messages start with the subsystem, like
 * every LakeError message.
 */
import { plural } from './catalog.ts';

export const enErrors = {
  'ui.empty.noVersions.data': () => 'No rows: no version has been written yet, so there is nothing to read.',
  'ui.empty.noVersions.files': () => 'No data files: no version has been written yet.',
  'ui.empty.noVersions.partitions': () => 'No partitions with data: no version has been written yet. The partitioning below applies to the first write.',
  'ui.error.headline.unknownColumn': () => 'No such column',
  'ui.error.advice.unknownColumn': (p: { known: string }) => `Check the spelling (names are case-sensitive). The table’s columns: ${p.known}.`,
  // Partitions in each format's words (only Iceberg has numbered partition specs that evolve)
  'ui.partitions.title': (p: { format: 'iceberg' | 'delta' | 'paimon' | 'hudi' }) =>
    ({ iceberg: 'Partition specs', paimon: 'Partition keys', delta: 'Partition columns', hudi: 'Partition fields' })[p.format],
  'ui.partitions.keys': (p: { format: 'iceberg' | 'delta' | 'paimon' | 'hudi'; count: number }) =>
    `${p.count} ${({ iceberg: plural('en', p.count, { one: 'partition field', other: 'partition fields' }), paimon: plural('en', p.count, { one: 'partition key', other: 'partition keys' }),
      delta: plural('en', p.count, { one: 'partition column', other: 'partition columns' }), hudi: plural('en', p.count, { one: 'partition field', other: 'partition fields' }) })[p.format]}`,
  'ui.partitions.keysExplain': (p: { format: 'iceberg' | 'delta' | 'paimon' | 'hudi' }) => ({
    iceberg: 'Each data file records its partition values in its manifest entry.',
    paimon: 'Paimon writes each partition to its own folder (key=value/…), then splits it into buckets; the partition keys are fixed when the table is created.',
    delta: 'Delta writes each file’s partition values in its add action (and usually a key=value/ folder); the partition columns are fixed when the table is created.',
    hudi: 'Hudi writes each file group under its partition path; the partition fields come from hoodie.table.partition.fields.',
  })[p.format],
  // Inspector: what a delete file or deletion vector deletes
  'ui.deletes.title': () => 'Deleted rows',
  'ui.deletes.loading': () => 'Reading the deleted positions…',
  'ui.deletes.summary': (p: { count: number; files: number }) =>
    `${p.count.toLocaleString('en-US')} ${plural('en', p.count, { one: 'position', other: 'positions' })} in ${p.files.toLocaleString('en-US')} data ${plural('en', p.files, { one: 'file', other: 'files' })}`,
  'ui.deletes.none': () => 'This file deletes no positions (an empty vector).',
  'ui.deletes.positions': (p: { count: number }) => `${p.count.toLocaleString('en-US')} deleted ${plural('en', p.count, { one: 'position', other: 'positions' })}`,
  'ui.deletes.more': (p: { count: number }) => `… and ${p.count.toLocaleString('en-US')} more`,
  'ui.deletes.showRows': () => 'Show the deleted rows',
  'ui.deletes.readingRows': () => 'Reading the data file rows at these positions…',
  'ui.deletes.rowsLabel': (p: { file: string }) => `Rows deleted from ${p.file}`,
  'ui.deletes.position': () => 'pos',
  'ui.deletes.rowsNote': () => 'As the data file holds them (its own column names, system columns included), before this delete hid them.',
  'ui.deletes.rowsError': (p: { message: string }) => `The rows could not be read: ${p.message}`,
  'ui.deletes.openData': () => 'Open the data file',
  'ui.deletes.equality': () => 'An equality delete file deletes by value, not by position: every row whose key columns equal one of its rows. Open it raw to see those values.',
};

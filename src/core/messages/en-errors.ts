/**
 * English text of errors that name their cause in the reader's terms (the engine's LakeError messages for
 * things a person typed or chose, and the page's empty states). Messages start with the subsystem, like
 * every LakeError message.
 */
import { plural } from './catalog.ts';

export const enErrors = {
  'error.scan.unknownColumn': (p: { column: string; known: string; count: number }) =>
    `scan: this table has no column '${p.column}'; ${p.count === 0 ? 'it has no columns' : `its ${plural('en', p.count, { one: 'column is', other: 'columns are' })}: ${p.known}`}`,
  'error.s3.unreachable': (p: { host: string }) =>
    `s3: could not reach ${p.host} — the name does not resolve or nothing answers there (check the endpoint; your keys were not checked)`,
  'ui.empty.noVersions': () => 'This table has no versions yet: it was created, but nothing has been written to it.',
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
};

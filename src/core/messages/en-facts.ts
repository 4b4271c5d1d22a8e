/**
 * English labels of the facts each format shows on the overview in its own terms (LakeTable.facts):
 * Paimon's primary key and buckets, Delta's protocol and features, Hudi's table type and record key.
 */
export const enFacts = {
  'facts.paimon.primaryKey': () => 'Primary key',
  'facts.paimon.partitionKeys': () => 'Partition keys',
  'facts.paimon.buckets': () => 'Buckets',
  'facts.paimon.bucketKey': () => 'Bucket key',
  'facts.paimon.mergeEngine': () => 'Merge engine',
  'facts.paimon.deletionVectors': () => 'Deletion vectors',
  'facts.paimon.changelogProducer': () => 'Changelog producer',
  'facts.paimon.sequenceField': () => 'Sequence field',
  'facts.paimon.fileFormat': () => 'Data file format',
  'facts.paimon.compactionTrigger': () => 'Compaction trigger (sorted runs)',
  'facts.delta.protocol': () => 'Protocol (reader / writer version)',
  'facts.delta.readerFeatures': () => 'Reader features',
  'facts.delta.writerFeatures': () => 'Writer features',
  'facts.delta.partitionColumns': () => 'Partition columns',
  'facts.delta.columnMapping': () => 'Column mapping',
  'facts.delta.deletionVectors': () => 'Deletion vectors',
  'facts.delta.changeDataFeed': () => 'Change data feed',
  'facts.hudi.tableType': () => 'Table type',
  'facts.hudi.recordKey': () => 'Record key',
  'facts.hudi.orderingField': () => 'Ordering (precombine) field',
  'facts.hudi.partitionFields': () => 'Partition fields',
  'facts.hudi.keyGenerator': () => 'Key generator',
  'facts.hudi.mergeMode': () => 'Record merge mode',
  'facts.hudi.baseFileFormat': () => 'Base file format',
  'facts.hudi.tableVersion': () => 'Table version',
  'ui.facts.title': (p: { format: 'iceberg' | 'delta' | 'paimon' | 'hudi' }) =>
    `${({ iceberg: 'Iceberg', paimon: 'Paimon', delta: 'Delta', hudi: 'Hudi' })[p.format]} table`,
  'ui.facts.label': (p: { format: 'iceberg' | 'delta' | 'paimon' | 'hudi' }) => `The table in ${({ iceberg: 'Iceberg', paimon: 'Paimon', delta: 'Delta Lake', hudi: 'Hudi' })[p.format]}’s terms`,
  'ui.facts.default': () => 'default',
  'ui.facts.option': (p: { option: string }) => `from the option ${p.option}`,
  'ui.facts.properties': (p: { format: 'iceberg' | 'delta' | 'paimon' | 'hudi' }) =>
    ({ iceberg: 'Properties', paimon: 'Table options', delta: 'Configuration', hudi: 'hoodie.properties' })[p.format],
};

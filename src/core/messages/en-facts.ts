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
};

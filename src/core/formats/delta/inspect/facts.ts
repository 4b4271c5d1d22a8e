/**
 * A Delta table in Delta's own terms for the overview (PROTOCOL.md "Protocol Evolution", "Table
 * Features", "Column Mapping", "Deletion Vectors", "Change Data Files"): the protocol versions and
 * features the table requires, its partition columns, and the configuration switches that change how
 * it is read.
 */
import { factLabel, messageRef } from '../../../messages/message-format.ts';
import type { TableFactDto } from '../../table-format.ts';
import type { Metadata, Protocol } from '../spec/actions.ts';

/** The facts of a snapshot's protocol and metaData. Must hold: never throws. */
export function deltaFacts(protocol: Protocol, metadata: Metadata): TableFactDto[] {
  const c = metadata.configuration ?? {};
  const flag = (key: string) => ((c[key] ?? '').trim().toLowerCase() === 'true' ? 'enabled' : 'disabled');
  const out: TableFactDto[] = [
    { id: 'protocol', label: factLabel('facts.delta.protocol'), value: `${protocol.minReaderVersion} / ${protocol.minWriterVersion}` },
  ];
  if (protocol.readerFeatures?.length) out.push({ id: 'reader-features', label: factLabel('facts.delta.readerFeatures'), value: protocol.readerFeatures.join(', ') });
  if (protocol.writerFeatures?.length) out.push({ id: 'writer-features', label: factLabel('facts.delta.writerFeatures'), value: protocol.writerFeatures.join(', ') });
  out.push(
    { id: 'partition-columns', label: factLabel('facts.delta.partitionColumns'), value: metadata.partitionColumns.length ? metadata.partitionColumns.join(', ') : 'none (unpartitioned)', ...(metadata.partitionColumns.length ? {} : { valueMessage: messageRef('facts.value.unpartitioned') }) },
    { id: 'column-mapping', label: factLabel('facts.delta.columnMapping'), value: c['delta.columnMapping.mode'] ?? 'none', option: 'delta.columnMapping.mode', ...(c['delta.columnMapping.mode'] === undefined ? { isDefault: true } : {}) },
    { id: 'deletion-vectors', label: factLabel('facts.delta.deletionVectors'), value: flag('delta.enableDeletionVectors'), option: 'delta.enableDeletionVectors', ...(c['delta.enableDeletionVectors'] === undefined ? { isDefault: true } : {}) },
    { id: 'change-data-feed', label: factLabel('facts.delta.changeDataFeed'), value: flag('delta.enableChangeDataFeed'), option: 'delta.enableChangeDataFeed', ...(c['delta.enableChangeDataFeed'] === undefined ? { isDefault: true } : {}) },
  );
  return out;
}

/**
 * A Hudi table in Hudi's own terms for the overview (hoodie.properties): copy-on-write or
 * merge-on-read, the record key and ordering (precombine) field that decide which record of a key
 * wins, partition fields and key generator, and the table version.
 */
import { factLabel, messageRef } from '../../../messages/message-format.ts';
import type { TableFactDto } from '../../table-format.ts';
import type { HudiTableConfig } from '../spec/properties.ts';

/** The facts of hoodie.properties. Must hold: never throws. */
export function hudiFacts(config: HudiTableConfig): TableFactDto[] {
  const out: TableFactDto[] = [
    { id: 'table-type', label: factLabel('facts.hudi.tableType'), value: config.tableType, option: 'hoodie.table.type' },
    { id: 'record-key', label: factLabel('facts.hudi.recordKey'), value: config.recordKeyFields.join(', ') || '—', option: 'hoodie.table.recordkey.fields' },
    { id: 'ordering-field', label: factLabel('facts.hudi.orderingField'), value: config.orderingFields.join(', ') || 'none (the latest commit wins)', ...(config.orderingFields.length ? {} : { valueMessage: messageRef('facts.value.latestWins') }) },
    { id: 'partition-fields', label: factLabel('facts.hudi.partitionFields'), value: config.partitionFields.join(', ') || 'none (unpartitioned)', option: 'hoodie.table.partition.fields', ...(config.partitionFields.length ? {} : { valueMessage: messageRef('facts.value.unpartitioned') }) },
    { id: 'merge-mode', label: factLabel('facts.hudi.mergeMode'), value: config.mergeMode },
    { id: 'base-file-format', label: factLabel('facts.hudi.baseFileFormat'), value: config.baseFileFormat, option: 'hoodie.table.base.file.format' },
    { id: 'table-version', label: factLabel('facts.hudi.tableVersion'), value: String(config.version), option: 'hoodie.table.version' },
  ];
  if (config.keyGenerator) out.splice(4, 0, { id: 'key-generator', label: factLabel('facts.hudi.keyGenerator'), value: config.keyGenerator.split('.').pop() ?? config.keyGenerator });
  return out;
}

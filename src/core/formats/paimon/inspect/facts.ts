/**
 * A Paimon table in Paimon's own terms for the overview (paimon-api `CoreOptions`, the schema file):
 * primary key, partition keys, buckets and bucket key, merge engine, deletion vectors, changelog
 * producer — each with the option it comes from and whether it is Paimon's default.
 */
import { factLabel, messageRef } from '../../../messages/message-format.ts';
import type { TableFactDto } from '../../table-format.ts';
import type { TableSchema } from '../spec/schema.ts';

/** Buckets as Paimon means them: N fixed, -1 dynamic (keys assigned by an index), -2 postponed. */
function bucketText(raw: string): string {
  const n = Number(raw.trim());
  if (n === -1) return 'dynamic (-1)';
  if (n === -2) return 'postpone (-2)';
  return Number.isInteger(n) && n > 0 ? `${n} (fixed)` : raw;
}

/** The facts of the latest schema. Must hold: never throws (an unknown option value is shown as written). */
export function paimonFacts(schema: TableSchema): TableFactDto[] {
  const o = schema.options;
  const pk = schema.primaryKeys;
  const fact = (id: string, label: Parameters<typeof factLabel>[0], value: string, option?: string, dflt?: string): TableFactDto => ({
    id, label: factLabel(label), value: option !== undefined && o[option] !== undefined ? value : dflt ?? value,
    ...(option !== undefined ? { option } : {}), ...(option !== undefined && o[option] === undefined ? { isDefault: true } : {}),
  });
  const bucketKey = o['bucket-key'] ?? pk.filter((k) => !schema.partitionKeys.includes(k)).join(', ');
  const out: TableFactDto[] = [
    pk.length ? fact('primary-key', 'facts.paimon.primaryKey', pk.join(', ')) : { ...fact('primary-key', 'facts.paimon.primaryKey', 'none (an append table)'), valueMessage: messageRef('facts.value.appendTable') },
    schema.partitionKeys.length ? fact('partition-keys', 'facts.paimon.partitionKeys', schema.partitionKeys.join(', '))
      : { ...fact('partition-keys', 'facts.paimon.partitionKeys', 'none (unpartitioned)'), valueMessage: messageRef('facts.value.unpartitioned') },
    fact('buckets', 'facts.paimon.buckets', bucketText(o.bucket ?? '-1'), 'bucket', bucketText('-1')),
    fact('bucket-key', 'facts.paimon.bucketKey', bucketKey || '—', 'bucket-key'),
  ];
  if (pk.length) out.push(fact('merge-engine', 'facts.paimon.mergeEngine', (o['merge-engine'] ?? '').trim(), 'merge-engine', 'deduplicate'));
  out.push(
    fact('deletion-vectors', 'facts.paimon.deletionVectors', (o['deletion-vectors.enabled'] ?? '').trim().toLowerCase() === 'true' ? 'enabled' : 'disabled', 'deletion-vectors.enabled', 'disabled'),
    fact('changelog-producer', 'facts.paimon.changelogProducer', (o['changelog-producer'] ?? '').trim(), 'changelog-producer', 'none'),
  );
  if (o['sequence.field'] !== undefined) out.push(fact('sequence-field', 'facts.paimon.sequenceField', o['sequence.field'], 'sequence.field'));
  out.push(
    fact('file-format', 'facts.paimon.fileFormat', (o['file.format'] ?? '').trim(), 'file.format', 'parquet'),
    fact('compaction-trigger', 'facts.paimon.compactionTrigger', (o['num-sorted-run.compaction-trigger'] ?? '').trim(), 'num-sorted-run.compaction-trigger', '5'),
  );
  return out;
}

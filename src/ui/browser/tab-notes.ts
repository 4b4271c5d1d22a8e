/** What each not-yet-built tab will show, per format, so the placeholder says honestly what fills it. */
import type { TableFormatName } from '../../core/api/dto.ts';
import type { Tab } from '../state/route.ts';

const TREE: Record<TableFormatName, string> = {
  iceberg: 'metadata.json → manifest list → manifests → data files, delete files and deletion vectors',
  delta: 'commits and checkpoints in _delta_log → add/remove actions → data files and deletion vectors',
  paimon: 'snapshot → base and delta manifest lists → manifests → data files per LSM level and bucket',
  hudi: 'timeline instants → file groups → file slices (base file + log files)',
};

const READER: Record<TableFormatName, string> = {
  iceberg: 'the Iceberg reader (core/formats/iceberg)',
  delta: 'the Delta reader',
  paimon: 'the Paimon reader',
  hudi: 'the Hudi reader',
};

/** The sentence for a placeholder tab, or null for tabs that work today. */
export function tabNote(tab: Tab, format: TableFormatName): string | null {
  const by = `Filled by ${READER[format]}, which has not landed in this build yet.`;
  switch (tab) {
    case 'tree': return `The metadata tree of the selected version — ${TREE[format]} — lazily expandable, each node with its raw bytes and a short explanation. ${by}`;
    case 'partitions': return `Partition specs and their evolution, with files, rows and bytes per partition for the selected version. ${by}`;
    case 'schema': return `The current schema and its history: fields added, renamed, retyped and dropped, by version. ${by}`;
    case 'data': return `Rows of the selected version, streamed from the worker as Arrow (the first rows early), with a filter and time travel. ${by}`;
    default: return null;
  }
}

/** The spec section that defines each kind of tree node, per format (the inspector's "read the spec" link). */
import type { TableFormatName } from '../../core/api/dto.ts';
import type { TreeNodeKind } from '../../core/api/table-dto.ts';
import { DELTA_SPEC, ICEBERG_SPEC, PAIMON_SPEC } from '../raw/field-notes.ts';
import { en } from '../../core/messages/en.ts';
import { translator, type Translator } from '../common/messages.ts';

const EN = translator(en);

const ICEBERG: Partial<Record<TreeNodeKind, string>> = {
  'metadata-file': 'table-metadata', snapshot: 'snapshots', 'manifest-list': 'manifest-lists', manifest: 'manifests',
  'data-file': 'data-file-fields', 'delete-file': 'delete-formats', 'deletion-vector': 'deletion-vectors', 'statistics-file': 'table-statistics',
};
const PAIMON: Partial<Record<TreeNodeKind, string>> = {
  'metadata-file': 'schema/', snapshot: 'snapshot/', 'manifest-list': 'manifest/', manifest: 'manifest/', 'data-file': 'datafile/',
  'deletion-vector': 'tableindex/', 'lsm-level': 'datafile/', 'delete-file': 'tableindex/',
};

/** Link to the spec section of a node kind; the format's spec home when there is no closer section. */
export function specLink(format: TableFormatName, kind: TreeNodeKind, tr: Translator = EN): { href: string; label: string } {
  return SPEC_LINKS[format](kind, tr);
}

/** Spec links by format: content keyed by format (a lookup, not a branch). */
const SPEC_LINKS: Readonly<Record<TableFormatName, (kind: TreeNodeKind, tr: Translator) => { href: string; label: string }>> = {
  iceberg: (kind, tr) => { const a = ICEBERG[kind]; return { href: `${ICEBERG_SPEC}${a ? `#${a}` : ''}`, label: `${tr.t('ui.spec.name', { format: 'iceberg' })}${a ? ` › ${a.replace(/-/g, ' ')}` : ''}` }; },
  paimon: (kind, tr) => { const a = PAIMON[kind]; return { href: `${PAIMON_SPEC}${a ?? ''}`, label: `${tr.t('ui.spec.name', { format: 'paimon' })}${a ? ` › ${a.replace(/\/$/, '')}` : ''}` }; },
  delta: (_kind, tr) => ({ href: DELTA_SPEC, label: tr.t('ui.spec.name', { format: 'delta' }) }),
  hudi: (_kind, tr) => ({ href: 'https://hudi.apache.org/tech-specs/', label: tr.t('ui.spec.name', { format: 'hudi' }) }),
};

/** Snapshots/versions, per format. */
export function versionSpecLink(format: TableFormatName, tr: Translator = EN): { href: string; label: string } {
  return specLink(format, 'snapshot', tr);
}

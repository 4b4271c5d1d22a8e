/**
 * The inspector (notes/ui-design.md "Right"): whatever is selected — a version, a tree node, a schema
 * field, a partition, a planned file — with its properties, its raw record, and two or three sentences
 * on what it is, linked to the spec section. This is the teaching mode; it can be collapsed.
 */
import { useQuery } from '@tanstack/react-query';
import type { TableFormatName } from '../../core/api/dto.ts';
import type { PartitionStatDto, PlannedFileDto, TreeNode, OverviewVersionDto, VersionDto } from '../../core/api/table-dto.ts';
import { formatBytes, formatCount, formatRecords, formatTime } from '../common/format.ts';
import { useMessages, type Translator } from '../common/messages.ts';
import { CopyText, formatLabel } from '../common/widgets.tsx';
import { SafeText } from '../common/safe-text-view.tsx';
import { ICEBERG_SPEC } from '../raw/field-notes.ts';
import { DeletedRowsPanel } from './deleted-rows-panel.tsx';
import { ParentRecord } from './parent-record.tsx';
import type { FlatField } from '../schema/schema-diff.ts';
import { OP_COLORS, opCategory } from '../timeline/operations.ts';
import { specLink, versionSpecLink } from './spec-links.ts';
import { engine } from '../../worker/client.ts';
import { queryKeys } from '../queries/keys.ts';
import { partitionLabel } from '../partitions/partition-label.ts';

export type InspectorItem =
  /** A version from the overview (its summary asked of the engine), or one that carries its summary. */
  | { readonly kind: 'version'; readonly version: OverviewVersionDto | VersionDto }
  | { readonly kind: 'node'; readonly node: TreeNode; readonly parent?: TreeNode; readonly index?: number }
  | { readonly kind: 'field'; readonly field: FlatField; readonly schemaId: string }
  | { readonly kind: 'partition'; readonly stat: PartitionStatDto }
  | { readonly kind: 'file'; readonly file: PlannedFileDto }
  /** A kind of change of the diff page (issue 15), explained in the table's format. */
  | { readonly kind: 'change'; readonly change: 'added' | 'removed' | 'changed' | 'rewritten' | 'changes' };

interface Described {
  readonly title: string;
  readonly subtitle?: string;
  readonly id?: string;
  readonly props: readonly (readonly [string, React.ReactNode])[];
  readonly raw?: unknown;
  readonly explanation: string;
  readonly link?: { href: string; label: string };
  readonly location?: string;
}

export function Inspector({ item, format, warehouseId, collapsed, onToggle, onOpenRaw, shortcut, tableId, version = '' }: {
  item: InspectorItem | null;
  format: TableFormatName;
  warehouseId: string;
  /** The worker's table and the version the tree shows ('' = current), for what a delete node deletes. */
  tableId?: string;
  version?: string;
  collapsed: boolean;
  onToggle: () => void;
  onOpenRaw?: (key: string) => void;
  /** Key that toggles the inspector, named in the toggle's title. */
  shortcut?: string;
}) {
  const tr = useMessages();
  const keyHint = shortcut ? ` (${shortcut})` : '';
  const { t } = tr;
  if (collapsed) {
    return (
      <aside className="inspector collapsed" aria-label={t('ui.inspector.label')}>
        <button type="button" className="btn btn-small btn-quiet inspector-toggle" onClick={onToggle} title={`${t('ui.inspector.show')}${keyHint}`} aria-expanded={false}>{t('ui.inspector.collapsedButton')}</button>
      </aside>
    );
  }
  const d = item ? describe(item, format, tr) : null;
  return (
    <aside className="inspector" aria-label={t('ui.inspector.label')}>
      <header className="inspector-head">
        <span className="label">{t('ui.inspector.label')}</span>
        <span className="spacer" />
        <button type="button" className="btn btn-small btn-quiet" onClick={onToggle} title={`${t('ui.inspector.hide')}${keyHint}`} aria-expanded>{t('ui.inspector.hideButton')}</button>
      </header>
      {!d && <p className="muted small inspector-empty">{t('ui.inspector.empty')}</p>}
      {d && (
        <div className="inspector-body">
          <h2 className="inspector-title"><SafeText text={d.title} max={200} /></h2>
          {d.subtitle && <div className="muted small"><SafeText text={d.subtitle} max={300} /></div>}
          {d.id && <div className="inspector-id"><CopyText text={d.id} /></div>}
          <p className="explanation" data-testid="inspector-explanation"><SafeText text={d.explanation} max={2000} /></p>
          {d.link && <a className="spec-link small" href={d.link.href} target="_blank" rel="noreferrer">{d.link.label} ↗</a>}
          {d.location && onOpenRaw && (
            <div><button type="button" className="btn btn-small" onClick={() => onOpenRaw(d.location as string)}>{t('ui.inspector.openRaw')}</button></div>
          )}
          <dl className="kv inspector-props">
            {d.props.map(([k, v]) => <div key={k}><dt><SafeText text={k} max={200} /></dt><dd>{typeof v === 'string' ? <SafeText text={v} max={PROP_CAP} /> : v}</dd></div>)}
          </dl>
          {item?.kind === 'version' && ('summary' in item.version
            ? <SummaryList summary={(item.version as VersionDto).summary} />
            : tableId !== undefined && <VersionSummary key={item.version.id} tableId={tableId} versionId={item.version.id} />)}
          {item?.kind === 'node' && item.parent?.location && item.index !== undefined && (item.parent.kind === 'manifest' || item.parent.kind === 'manifest-list') && (
            <ParentRecord warehouseId={warehouseId} parent={item.parent} index={item.index} node={item.node} />
          )}
          {item?.kind === 'node' && tableId !== undefined && (item.node.kind === 'delete-file' || item.node.kind === 'deletion-vector') && (
            <DeletedRowsPanel key={item.node.id} tableId={tableId} version={version} node={item.node} onOpenRaw={onOpenRaw} />
          )}
          {d.raw !== undefined && (
            <details className="inspector-raw">
              <summary>{t('ui.inspector.rawRecord')}</summary>
              <pre className="code-block"><SafeText text={JSON.stringify(d.raw, null, 2)} max={20_000} /></pre>
            </details>
          )}
        </div>
      )}
    </aside>
  );
}

/**
 * A version's summary counters and properties as the format records them. They are not in the overview
 * (issue 17: a third of a 10,000-version overview's JSON), so the shown version's map is asked for here.
 */
function VersionSummary({ tableId, versionId }: { tableId: string; versionId: string }) {
  const summary = useQuery({
    queryKey: queryKeys.versionSummary(tableId, versionId),
    queryFn: ({ signal }) => engine().versionSummary({ tableId, versionId }, { signal }),
    staleTime: Infinity,
    retry: false,
  });
  return summary.data ? <SummaryList summary={summary.data} /> : null;
}

/** A summary map's first 40 entries; times in epoch milliseconds as times, integers grouped exactly (64-bit counters too), sizes as bytes. */
function SummaryList({ summary }: { summary: Readonly<Record<string, string>> }) {
  const entries = Object.entries(summary).slice(0, 40);
  if (entries.length === 0) return null;
  return (
    <dl className="kv inspector-props" data-testid="version-summary">
      {entries.map(([k, val]) => (
        <div key={k}><dt><SafeText text={k} max={200} /></dt>
          <dd>{isEpochMs(k, val) ? time(Number(val)) : /^-?\d+$/.test(val) && !/id$/i.test(k) ? (/size|bytes/i.test(k) ? bytes(val) : num(val)) : <span className="wrap"><SafeText text={val} max={PROP_CAP} /></span>}</dd></div>
      ))}
    </dl>
  );
}

/**
 * A point in time the format records in epoch milliseconds, by its name: Delta's commitInfo `timestamp` and
 * `inCommitTimestamp`, a commit file's `fileModificationTime`, an add action's `modificationTime` (Delta protocol
 * "Add File and Remove File"), Paimon's `timeMillis`. Durations (`executionTimeMs`) do not end so; the value must
 * also be a plausible date (12 or 13 digits: 1973 to 2286), so a counter that happens to be named `…time` stays a number.
 */
function isEpochMs(key: string, value: unknown): boolean {
  return /(time|timestamp|millis)$/i.test(key) && (typeof value === 'string' || typeof value === 'number') && /^\d{12,13}$/.test(String(value));
}

/** Characters of one property shown before "show all" (a 100 KB snapshot property once made one cell 111,000 px tall). */
const PROP_CAP = 300;

/** An integer as written, grouped: digit strings through BigInt, so 64-bit values (Paimon's commitIdentifier Long.MAX) stay exact. */
const exactCount = (v: string | number): number | bigint => (typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : Number(v));
const num = (v: string | number | undefined | null) => (v === undefined || v === null || v === '' ? '—' : <span className="num">{formatCount(exactCount(v))}</span>);
const bytes = (v: string | number | undefined | null) => (v === undefined || v === null ? '—' : <span className="num" title={`${formatCount(Number(v))} B`}>{formatBytes(Number(v))}</span>);
const time = (ms: number) => {
  const t = formatTime(ms);
  const [date, clock] = t.local.split(' ');
  return <span title={t.utc}><span className="nowrap">{date}</span> <span className="nowrap">{clock}</span></span>;
};

/** Explanations and spec sections a format has its own text for (content keyed by format; others get the general one). */
const VERSION_EXPLANATION: Partial<Record<TableFormatName, 'ui.inspector.version.explainSnapshot'>> = {
  iceberg: 'ui.inspector.version.explainSnapshot',
};
type LabelKey = 'ui.inspector.field.specLink' | 'ui.inspector.partition.specLink';
const SECTION_LINKS: Partial<Record<TableFormatName, { schema: { href: string; label: LabelKey }; partition: { href: string; label: LabelKey } }>> = {
  iceberg: {
    schema: { href: `${ICEBERG_SPEC}#schema-evolution`, label: 'ui.inspector.field.specLink' },
    partition: { href: `${ICEBERG_SPEC}#partitioning`, label: 'ui.inspector.partition.specLink' },
  },
};
const sectionLink = (l: { href: string; label: LabelKey } | undefined, t: Translator['t']) => (l ? { href: l.href, label: t(l.label) } : undefined);

/** The explanation of each kind of change of the diff page, and its name (literal keys, so the catalog test sees them used). */
const CHANGE_KEYS = {
  added: 'ui.diff.explain.added', removed: 'ui.diff.explain.removed', changed: 'ui.diff.explain.changed', rewritten: 'ui.diff.explain.rewritten', changes: 'ui.diff.explain.changes',
} as const;
const CHANGE_NAMES = {
  added: 'ui.diff.kind.added', removed: 'ui.diff.kind.removed', changed: 'ui.diff.kind.changed', rewritten: 'ui.diff.kind.rewritten', changes: 'ui.diff.mode.changes',
} as const;

function describe(item: InspectorItem, format: TableFormatName, tr: Translator): Described {
  const { t } = tr;
  const yesNo = (b: boolean) => t(b ? 'ui.inspector.yes' : 'ui.inspector.no');
  switch (item.kind) {
    case 'version': {
      const v = item.version;
      const cat = opCategory(v.operation);
      return {
        title: t('ui.inspector.version.title', { id: v.id.length > 14 ? `${v.id.slice(0, 6)}…${v.id.slice(-4)}` : v.id }), subtitle: `${v.operation} · ${t('ui.op.category', { category: cat })}`, id: v.id,
        props: [
          [t('ui.inspector.version.operation'), <span key="o"><span className="dot" style={{ background: OP_COLORS[cat] }} /> <SafeText text={v.operation} max={200} /></span>],
          [t('ui.inspector.version.committed'), time(v.timestampMs)],
          [t('ui.inspector.version.parent'), v.parentId ? <span className="mono"><SafeText text={v.parentId} max={200} /></span> : '—'],
          [t('ui.inspector.version.schemaId'), v.schemaId ?? '—'],
          [t('ui.inspector.version.sequenceNumber'), v.sequenceNumber ?? '—'],
          [t('ui.inspector.version.refs'), v.refs.length ? v.refs.map((r) => `${r.name} (${t('ui.inspector.refType', { type: r.type })})`).join(', ') : '—'],
          [t('ui.inspector.version.current'), yesNo(v.isCurrent)],
          ...(v.totals.records ? [[t('ui.inspector.version.rows'), formatRecords(v.totals.records, tr)] as const] : []),
          ...(v.totals.dataFiles !== undefined ? [[t('ui.inspector.partition.dataFiles'), num(v.totals.dataFiles)] as const] : []),
          ...(v.totals.deleteFiles !== undefined ? [[t('ui.inspector.partition.deleteFiles'), num(v.totals.deleteFiles)] as const] : []),
          ...(v.totals.bytes !== undefined ? [[t('ui.inspector.partition.bytes'), bytes(v.totals.bytes)] as const] : []),
        ],
        raw: v,
        explanation: t(VERSION_EXPLANATION[format] ?? 'ui.inspector.version.explain'),
        link: versionSpecLink(format, tr),
      };
    }
    case 'node': {
      const n = item.node;
      return {
        title: n.labelMessage ? tr.ref(n.labelMessage) : n.label, subtitle: t('tree.kind', { kind: n.kind }), id: n.path ?? n.location,
        props: [
          ...(n.location ? [[t('ui.inspector.node.location'), <span key="l" className="mono wrap"><SafeText text={n.location} max={PROP_CAP} /></span>] as const] : []),
          ...(n.size !== undefined ? [[t('ui.inspector.node.size'), bytes(n.size)] as const] : []),
          ...(n.range ? [[t('ui.inspector.node.byteRange'), <span key="r" className="num">{formatCount(n.range.offset)} + {formatCount(n.range.length)}</span>] as const] : []),
          ...Object.entries(n.details ?? {}).map(([k, v]) => [k, v === null ? '—' : isEpochMs(k, v) ? time(Number(v)) : typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v) && !/id$/i.test(k) && v.length < 16) ? num(v as string) : <span className="mono wrap"><SafeText text={String(v)} max={PROP_CAP} /></span>] as const),
        ],
        raw: n,
        // The node's message renders in the reader's language; nodes from older engines carry only English text.
        explanation: n.message ? tr.ref(n.message) : n.explanation,
        link: specLink(format, n.kind, tr),
        location: n.location,
      };
    }
    case 'field': {
      const f = item.field;
      return {
        title: f.path, subtitle: f.id !== undefined ? t('ui.inspector.field.subtitle', { id: String(f.id), type: f.type }) : f.type,
        props: [[t('ui.inspector.field.id'), f.id !== undefined ? <span key="i" className="mono">{f.id}</span> : t('ui.inspector.field.noId')], [t('ui.inspector.field.type'), <span key="t" className="mono"><SafeText text={f.type} max={PROP_CAP} /></span>], [t('ui.inspector.field.required'), yesNo(f.required)], [t('ui.inspector.field.schema'), item.schemaId], [t('ui.inspector.field.doc'), f.doc ?? '—']],
        raw: f,
        explanation: t(f.id !== undefined ? 'ui.inspector.field.explain' : 'ui.inspector.field.explainByName'),
        link: sectionLink(SECTION_LINKS[format]?.schema, t) ?? specLink(format, 'metadata-file', tr),
      };
    }
    case 'partition': {
      const s = item.stat;
      return {
        title: partitionLabel(s.partition, s.unpartitioned, tr), subtitle: t('ui.inspector.partition.subtitle', { specId: s.specId }),
        props: [[t('ui.inspector.partition.dataFiles'), num(s.dataFiles)], [t('ui.inspector.partition.records'), num(s.records)], [t('ui.inspector.partition.bytes'), bytes(s.bytes)], [t('ui.inspector.partition.deleteFiles'), num(s.deleteFiles)],
          ...Object.entries(s.values).map(([k, v]) => [k, <span key={k} className="mono"><SafeText text={v ?? 'null'} max={PROP_CAP} /></span>] as const)],
        raw: s,
        explanation: t('ui.inspector.partition.explain'),
        link: sectionLink(SECTION_LINKS[format]?.partition, t) ?? specLink(format, 'manifest', tr),
      };
    }
    case 'file': {
      const f = item.file;
      return {
        title: f.path.split('/').pop() ?? f.path, subtitle: t('ui.inspector.file.subtitle'), id: f.path,
        props: [[t('ui.inspector.file.records'), num(f.records)], [t('ui.inspector.file.size'), bytes(f.bytes)], [t('ui.inspector.file.deletes'), num(f.deletes.length)], [t('ui.inspector.file.rowGroups'), f.rowGroups ? f.rowGroups.join(', ') : t('ui.inspector.all')], [t('ui.diff.files.partition'), f.partition || t('ui.diff.unpartitioned')], [t('ui.inspector.file.specId'), f.specId ?? '—'], ...(f.residual ? [[t('ui.inspector.file.residual'), f.residual] as [string, string]] : [])],
        raw: f,
        explanation: t('ui.inspector.file.explain'),
        link: specLink(format, 'data-file', tr),
        location: f.key,
      };
    }
    case 'change': {
      const others = (['added', 'removed', 'changed', 'rewritten', 'changes'] as const).filter((k) => k !== item.change);
      return {
        title: t('ui.diff.explain.heading', { kind: t(CHANGE_NAMES[item.change]), format: formatLabel(format) }), subtitle: t('ui.diff.explain.title'),
        // Prose, not values: it wraps between words (the props list breaks anywhere, for ids and paths).
        props: others.map((k) => [t(CHANGE_NAMES[k]), <span key={k} className="prose">{t(CHANGE_KEYS[k], { format })}</span>] as const),
        explanation: t(CHANGE_KEYS[item.change], { format }),
        link: specLink(format, 'data-file', tr),
      };
    }
  }
}

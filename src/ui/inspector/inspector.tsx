/**
 * The inspector (notes/ui-design.md "Right"): whatever is selected — a version, a tree node, a schema
 * field, a partition, a planned file — with its properties, its raw record, and two or three sentences
 * on what it is, linked to the spec section. This is the teaching mode; it can be collapsed.
 */
import type { TableFormatName } from '../../core/api/dto.ts';
import type { PartitionStatDto, PlannedFileDto, TreeNode, VersionDto } from '../../core/api/table-dto.ts';
import { formatBytes, formatCount, formatRecords, formatTime } from '../common/format.ts';
import { CopyText } from '../common/widgets.tsx';
import { ICEBERG_SPEC } from '../raw/field-notes.ts';
import { ParentRecord } from './parent-record.tsx';
import type { FlatField } from '../schema/schema-diff.ts';
import { OP_COLORS, OP_LABELS, opCategory } from '../timeline/operations.ts';
import { specLink, versionSpecLink } from './spec-links.ts';

export type InspectorItem =
  | { readonly kind: 'version'; readonly version: VersionDto }
  | { readonly kind: 'node'; readonly node: TreeNode; readonly parent?: TreeNode; readonly index?: number }
  | { readonly kind: 'field'; readonly field: FlatField; readonly schemaId: string }
  | { readonly kind: 'partition'; readonly stat: PartitionStatDto }
  | { readonly kind: 'file'; readonly file: PlannedFileDto };

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

export function Inspector({ item, format, warehouseId, collapsed, onToggle, onOpenRaw }: {
  item: InspectorItem | null;
  format: TableFormatName;
  warehouseId: string;
  collapsed: boolean;
  onToggle: () => void;
  onOpenRaw?: (key: string) => void;
}) {
  if (collapsed) {
    return (
      <aside className="inspector collapsed" aria-label="Inspector">
        <button type="button" className="btn btn-small btn-quiet inspector-toggle" onClick={onToggle} title="Show the inspector" aria-expanded={false}>◂ Inspector</button>
      </aside>
    );
  }
  const d = item ? describe(item, format) : null;
  return (
    <aside className="inspector" aria-label="Inspector">
      <header className="inspector-head">
        <span className="label">Inspector</span>
        <span className="spacer" />
        <button type="button" className="btn btn-small btn-quiet" onClick={onToggle} title="Hide the inspector (teaching panel)" aria-expanded>Hide ▸</button>
      </header>
      {!d && <p className="muted small inspector-empty">Select a version on the timeline, a node in the tree, a field, a partition or a file to see what it is.</p>}
      {d && (
        <div className="inspector-body">
          <h2 className="inspector-title">{d.title}</h2>
          {d.subtitle && <div className="muted small">{d.subtitle}</div>}
          {d.id && <div className="inspector-id"><CopyText text={d.id} /></div>}
          <p className="explanation" data-testid="inspector-explanation">{d.explanation}</p>
          {d.link && <a className="spec-link small" href={d.link.href} target="_blank" rel="noreferrer">{d.link.label} ↗</a>}
          {d.location && onOpenRaw && (
            <div><button type="button" className="btn btn-small" onClick={() => onOpenRaw(d.location as string)}>Open raw file</button></div>
          )}
          <dl className="kv inspector-props">
            {d.props.map(([k, v]) => <div key={k}><dt>{k}</dt><dd>{v}</dd></div>)}
          </dl>
          {item?.kind === 'node' && item.parent?.location && item.index !== undefined && (item.parent.kind === 'manifest' || item.parent.kind === 'manifest-list') && (
            <ParentRecord warehouseId={warehouseId} parent={item.parent} index={item.index} node={item.node} />
          )}
          {d.raw !== undefined && (
            <details className="inspector-raw">
              <summary>Raw record</summary>
              <pre className="code-block">{JSON.stringify(d.raw, null, 2)}</pre>
            </details>
          )}
        </div>
      )}
    </aside>
  );
}

const num = (v: string | number | undefined | null) => (v === undefined || v === null || v === '' ? '—' : <span className="num">{formatCount(Number(v))}</span>);
const bytes = (v: string | number | undefined | null) => (v === undefined || v === null ? '—' : <span className="num" title={`${formatCount(Number(v))} bytes`}>{formatBytes(Number(v))}</span>);
const time = (ms: number) => {
  const t = formatTime(ms);
  const [date, clock] = t.local.split(' ');
  return <span title={t.utc}><span className="nowrap">{date}</span> <span className="nowrap">{clock}</span></span>;
};

/** Explanations and spec sections a format has its own text for (content keyed by format; others get the general one). */
const VERSION_EXPLANATION: Partial<Record<TableFormatName, string>> = {
  iceberg: 'A snapshot: the complete set of data and delete files of the table after one commit, reached through its manifest list. Reading an older snapshot is time travel; its summary counters were written at commit time.',
};
const SECTION_LINKS: Partial<Record<TableFormatName, { schema: { href: string; label: string }; partition: { href: string; label: string } }>> = {
  iceberg: {
    schema: { href: `${ICEBERG_SPEC}#schema-evolution`, label: 'Iceberg spec › schema evolution' },
    partition: { href: `${ICEBERG_SPEC}#partitioning`, label: 'Iceberg spec › partitioning' },
  },
};

function describe(item: InspectorItem, format: TableFormatName): Described {
  switch (item.kind) {
    case 'version': {
      const v = item.version;
      const cat = opCategory(v.operation);
      return {
        title: `Version ${v.id.length > 14 ? `${v.id.slice(0, 6)}…${v.id.slice(-4)}` : v.id}`, subtitle: `${v.operation} · ${OP_LABELS[cat]}`, id: v.id,
        props: [
          ['Operation', <span key="o"><span className="dot" style={{ background: OP_COLORS[cat] }} /> {v.operation}</span>],
          ['Committed', time(v.timestampMs)],
          ['Parent', v.parentId ? <span className="mono">{v.parentId}</span> : '—'],
          ['Schema id', v.schemaId ?? '—'],
          ['Sequence number', v.sequenceNumber ?? '—'],
          ['Refs', v.refs.length ? v.refs.map((r) => `${r.name} (${r.type})`).join(', ') : '—'],
          ['Current', v.isCurrent ? 'yes' : 'no'],
          ...(v.records ? [['Rows', formatRecords(v.records)] as const] : []),
          ...Object.entries(v.summary).slice(0, 40).map(([k, val]) => [k, /^-?\d+$/.test(val) && !/id$/i.test(k) ? (/size|bytes/i.test(k) ? bytes(val) : num(val)) : <span className="wrap">{val}</span>] as const),
        ],
        raw: v,
        explanation: VERSION_EXPLANATION[format] ?? 'A version of the table: the state after one commit. Selecting it makes every view answer for that version.',
        link: versionSpecLink(format),
      };
    }
    case 'node': {
      const n = item.node;
      return {
        title: n.label, subtitle: n.kind.replace(/-/g, ' '), id: n.path ?? n.location,
        props: [
          ...(n.location ? [['Location', <span key="l" className="mono wrap">{n.location}</span>] as const] : []),
          ...(n.size !== undefined ? [['Size', bytes(n.size)] as const] : []),
          ...(n.range ? [['Byte range', <span key="r" className="num">{formatCount(n.range.offset)} + {formatCount(n.range.length)}</span>] as const] : []),
          ...Object.entries(n.details ?? {}).map(([k, v]) => [k, v === null ? '—' : typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v) && !/id$/i.test(k) && v.length < 16) ? num(v as string) : <span className="mono wrap">{String(v)}</span>] as const),
        ],
        raw: n,
        explanation: n.explanation,
        link: specLink(format, n.kind),
        location: n.location,
      };
    }
    case 'field': {
      const f = item.field;
      return {
        title: f.path, subtitle: `field id ${f.id} · ${f.type}`,
        props: [['Field id', <span key="i" className="mono">{f.id}</span>], ['Type', <span key="t" className="mono">{f.type}</span>], ['Required', f.required ? 'yes' : 'no'], ['Schema', item.schemaId], ['Doc', f.doc ?? '—']],
        raw: f,
        explanation: 'Columns are tracked by field id, not by name: a rename keeps the id (and the data), a dropped column’s id is never reused, and data files written before a column existed read it as null (or its initial default).',
        link: SECTION_LINKS[format]?.schema ?? specLink(format, 'metadata-file'),
      };
    }
    case 'partition': {
      const s = item.stat;
      return {
        title: s.partition, subtitle: `partition spec ${s.specId}`,
        props: [['Data files', num(s.dataFiles)], ['Records (before deletes)', num(s.records)], ['Bytes', bytes(s.bytes)], ['Delete files', num(s.deleteFiles)],
          ...Object.entries(s.values).map(([k, v]) => [k, <span key={k} className="mono">{v ?? 'null'}</span>] as const)],
        raw: s,
        explanation: 'A partition: the files whose partition tuple has these values. Planning compares a filter with partition values (through the transform) and skips whole partitions without opening their files.',
        link: SECTION_LINKS[format]?.partition ?? specLink(format, 'manifest'),
      };
    }
    case 'file': {
      const f = item.file;
      return {
        title: f.path.split('/').pop() ?? f.path, subtitle: 'planned data file', id: f.path,
        props: [['Records', num(f.recordCount)], ['Size', bytes(f.fileSizeInBytes)], ['Delete files applied', num(f.deletes)], ['Row groups', f.rowGroups ? f.rowGroups.join(', ') : 'all'], ['Partition spec', f.specId ?? '—']],
        raw: f,
        explanation: 'A data file this version reads: its rows, minus those its delete files (or deletion vector) remove. With a filter, only row groups whose statistics might match are read.',
        link: specLink(format, 'data-file'),
        location: f.key,
      };
    }
  }
}

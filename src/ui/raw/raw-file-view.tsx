/**
 * The Raw tab: any file of the table decoded — metadata JSON, manifest lists and manifests as Avro
 * records (paged), Puffin, Parquet and ORC footers (and the rows of small ORC files) — each field with a short explanation and a spec link;
 * text files as text and anything else as a hex dump.
 */
import { useMemo, useState } from 'react';
import type { FileDto } from '../../core/api/dto.ts';
import type { RawFileDto, TableStateDto } from '../../core/api/table-dto.ts';
import { commonAffixes, distinctEllipsis, formatBytes, formatCount } from '../common/format.ts';
import { CopyText, ProgressLine } from '../common/widgets.tsx';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { useRawFile } from '../queries/table-queries.ts';
import { ROLE_NOTES } from './field-notes.ts';
import { JsonTree } from './json-tree.tsx';
import { InlineText, SafeText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { type Translator, useMessages } from '../common/messages.ts';

const PAGE = 100;

export function RawFileView({ warehouseId, root, files, metadataFiles, selectedKey, onSelect }: {
  warehouseId: string;
  root: string;
  /** Every object under the table folder (may still be loading). */
  files?: readonly FileDto[];
  metadataFiles: readonly TableStateDto[];
  selectedKey?: string;
  onSelect: (key: string) => void;
}) {
  const { t } = useMessages();
  const [offset, setOffset] = useState(0);
  const q = useRawFile(warehouseId, selectedKey, offset);
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => groupFiles(files ?? [], root, filter, t('ui.unread.tableFolder')), [files, root, filter, t]);
  return (
    <div className="raw-view">
      <div className="raw-picker">
        <input type="search" placeholder={t('ui.rawFile.find')} value={filter} onChange={(e) => setFilter(e.target.value)} aria-label={t('ui.rawFile.find')} />
        <div className="raw-file-list" role="listbox" aria-label={t('ui.files.label')}>
          {metadataFiles.length > 0 && !filter && (
            <FileGroup title={t('ui.overview.states')} items={[...metadataFiles].reverse().map((m) => ({ key: m.key, label: m.name, note: m.isCurrent ? t('ui.overview.currentPill') : undefined }))} selected={selectedKey} onSelect={(k) => { setOffset(0); onSelect(k); }} />
          )}
          {groups.map((g) => (
            <FileGroup key={g.title} title={g.title} items={g.items} selected={selectedKey} onSelect={(k) => { setOffset(0); onSelect(k); }} />
          ))}
          {!files && <div className="muted small pad">{t('ui.folder.listing')}</div>}
        </div>
      </div>
      <div className="raw-main">
        {!selectedKey && <p className="empty-state">{t('ui.rawFile.choose')}</p>}
        {selectedKey && q.isPending && <ProgressLine label={t('ui.parentRecord.reading', { file: selectedKey.split('/').pop() ?? '' })} />}
        {q.error && <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />}
        {q.data && <Decoded raw={q.data} offset={offset} onPage={setOffset} />}
      </div>
    </div>
  );
}

function FileGroup({ title, items, selected, onSelect }: { title: string; items: { key: string; label: string; note?: string }[]; selected?: string; onSelect: (k: string) => void }) {
  // Cut where the group's names agree, so each keeps what tells it apart (its partition, its counter).
  const { t } = useMessages();
  const affixes = useMemo(() => commonAffixes(items.map((it) => it.label)), [items]);
  return (
    <div className="raw-group">
      <div className="label"><InlineText text={title} /></div>
      {items.slice(0, 400).map((it) => (
        <button key={it.key} type="button" role="option" aria-selected={it.key === selected} className={`raw-file${it.key === selected ? ' active' : ''}`} onClick={() => onSelect(it.key)} title={safeTitle(it.key)}>
          <span className="mono"><InlineText text={distinctEllipsis(it.label, 36, affixes)} /></span>{it.note && <span className="pill">{it.note}</span>}
        </button>
      ))}
      {items.length > 400 && <div className="muted small">{t('ui.rawFile.more', { count: items.length - 400 })}</div>}
    </div>
  );
}

function groupFiles(files: readonly FileDto[], root: string, filter: string, tableFolder: string): { title: string; items: { key: string; label: string }[] }[] {
  const f = filter.trim().toLowerCase();
  const by = new Map<string, { key: string; label: string }[]>();
  for (const file of files) {
    const rel = file.key.startsWith(root) ? file.key.slice(root.length) : file.key;
    if (f && !rel.toLowerCase().includes(f)) continue;
    const slash = rel.indexOf('/');
    const folder = slash < 0 ? tableFolder : `${rel.slice(0, slash)}/`;
    const l = by.get(folder) ?? [];
    l.push({ key: file.key, label: slash < 0 ? rel : rel.slice(slash + 1) });
    by.set(folder, l);
  }
  const order = (t: string) => (t === 'metadata/' ? 0 : t === 'snapshot/' || t === '_delta_log/' || t === '.hoodie/' ? 1 : 2);
  return [...by].sort((a, b) => order(a[0]) - order(b[0]) || (a[0] < b[0] ? -1 : 1)).map(([title, items]) => ({ title, items }));
}

function Decoded({ raw, offset, onPage }: { raw: RawFileDto; offset: number; onPage: (o: number) => void }) {
  const { t } = useMessages();
  const note = raw.role ? ROLE_NOTES[raw.role] : undefined;
  return (
    <div className="raw-decoded" data-testid="raw-decoded">
      <header className="raw-head">
        <CopyText text={raw.key} />
        <div className="raw-meta small">
          <span className="pill">{raw.role ?? raw.kind}</span>
          <span className="muted" title={t('ui.bytes.exact', { count: raw.size })}>{formatBytes(raw.size)}</span>
          {raw.truncated && <span className="muted">{t('ui.rawFile.start')}</span>}
        </div>
        {note && <p className="explanation small">{t(note.key)} <a href={note.href} target="_blank" rel="noreferrer">{t('ui.json.spec')} ↗</a></p>}
      </header>
      {raw.kind === 'json' && raw.json !== undefined && <div className="jt-root"><JsonTree value={raw.json} role={raw.role} openDepth={1} /></div>}
      {(raw.kind === 'puffin' || raw.kind === 'parquet' || raw.kind === 'orc') && raw.footer !== undefined && (
        <div className="jt-root"><div className="label">{t('ui.rawFile.footer')}</div><JsonTree value={raw.footer} role={raw.role} openDepth={1} /></div>
      )}
      {(raw.kind === 'avro' || ((raw.kind === 'orc' || raw.kind === 'parquet') && raw.records !== undefined)) && <AvroRecords raw={raw} offset={offset} onPage={onPage} />}
      {raw.kind === 'text' && <pre className="code-block raw-text"><SafeText text={raw.text ?? ''} max={200_000} /></pre>}
      {raw.kind === 'binary' && <pre className="code-block raw-text">{raw.hex}</pre>}
    </div>
  );
}

function AvroRecords({ raw, offset, onPage }: { raw: RawFileDto; offset: number; onPage: (o: number) => void }) {
  const { t } = useMessages();
  const total = raw.totalRecords ?? 0;
  const records = raw.records ?? [];
  return (
    <div className="avro">
      {raw.kind === 'avro' && <details className="avro-header">
        <summary>{t('ui.rawFile.avroHeader', { count: Object.keys(raw.avroMetadata ?? {}).length })}</summary>
        <dl className="kv">
          {Object.entries(raw.avroMetadata ?? {}).map(([k, v]) => <div key={k}><dt className="mono"><InlineText text={k} max={300} /></dt><dd className="mono small"><SafeText text={v} max={400} /></dd></div>)}
        </dl>
        {raw.avroSchema !== undefined && <JsonTree value={raw.avroSchema} openDepth={0} />}
      </details>}
      <div className="avro-bar">
        <strong data-testid="avro-record-count">{t('ui.rawFile.records', { count: total })}</strong>
        {total > PAGE && (
          <span className="pager">
            <button type="button" className="btn btn-small" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - PAGE))}>‹ {t('ui.rawFile.prev')}</button>
            <span className="muted small num">{formatCount(offset + 1)}–{formatCount(Math.min(total, offset + PAGE))}</span>
            <button type="button" className="btn btn-small" disabled={offset + PAGE >= total} onClick={() => onPage(offset + PAGE)}>{t('ui.rawFile.next')} ›</button>
          </span>
        )}
      </div>
      <ol className="avro-records" start={offset + 1} aria-label={t('ui.rawFile.avroRecords')}>
        {records.map((r, i) => (
          <li key={offset + i} className="avro-record">
            <details open={i < 2}>
              <summary><span className="muted">{t('ui.rawFile.record', { index: formatCount(offset + i + 1) })}</span> <span className="mono small"><InlineText text={recordTitle(r, t)} max={300} /></span></summary>
              <JsonTree value={r} role={raw.role} openDepth={0} />
            </details>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The fields that identify a record at a glance (manifest path, status + file path …). */
function recordTitle(r: unknown, t: Translator['t']): string {
  if (!r || typeof r !== 'object') return '';
  const o = r as Record<string, unknown>;
  const df = o.data_file as Record<string, unknown> | undefined;
  if (df) return t('ui.rawFile.entryTitle', { status: String(['EXISTING', 'ADDED', 'DELETED'][Number(o.status)] ?? o.status), file: String(df.file_path ?? '').split('/').pop() ?? '', rows: String(df.record_count) });
  if (o.manifest_path) return t('ui.rawFile.manifestTitle', { file: String(o.manifest_path).split('/').pop() ?? '', deletes: Number(o.content) === 1 });
  if (o._FILE_NAME) return String(o._FILE_NAME);
  return '';
}

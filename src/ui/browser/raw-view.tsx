/** The Raw tab: the first bytes of any file of the table, as text when it is text, else as a hex dump. */
import type { FileDto } from '../../core/api/dto.ts';
import { formatBytes } from '../common/format.ts';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { useObjectPreview } from '../queries/warehouse-queries.ts';
import { SafeText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { useMessages } from '../common/messages.ts';

/** Decodes as UTF-8 if the bytes look like text (no NULs, decodes cleanly), else null. */
function asText(bytes: Uint8Array): string | null {
  if (bytes.subarray(0, 4096).includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // A cut in the middle of a multi-byte character at the end is still text.
    try { return new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, Math.max(0, bytes.length - 3))); } catch { return null; }
  }
}

function hexDump(bytes: Uint8Array, max = 4096): string {
  const lines: string[] = [];
  for (let off = 0; off < Math.min(bytes.length, max); off += 16) {
    const row = bytes.subarray(off, off + 16);
    const hex = Array.from(row, (b) => b.toString(16).padStart(2, '0')).join(' ');
    const ascii = Array.from(row, (b) => (b >= 32 && b < 127 ? String.fromCharCode(b) : '·')).join('');
    lines.push(`${off.toString(16).padStart(8, '0')}  ${hex.padEnd(47)}  ${ascii}`);
  }
  return lines.join('\n');
}

function prettyJson(text: string): string {
  try { return JSON.stringify(JSON.parse(text), null, 2); } catch { return text; }
}

export function RawView({ warehouseId, files, selectedKey, onSelect }: {
  warehouseId: string;
  files: readonly FileDto[];
  selectedKey?: string;
  onSelect: (key: string) => void;
}) {
  const q = useObjectPreview(warehouseId, selectedKey);
  const tr = useMessages();
  const text = q.data ? asText(q.data.bytes) : null;
  return (
    <div className="raw">
      <div className="raw-bar">
        <label className="field inline">
          <span className="label">{tr.t('ui.raw.file')}</span>
          <select value={selectedKey ?? ''} onChange={(e) => onSelect(e.target.value)} aria-label={tr.t('ui.raw.fileLabel')}>
            {selectedKey === undefined && <option value="">{tr.t('ui.raw.choose')}</option>}
            {files.map((f) => <option key={f.key} value={f.key}>{safeTitle(f.key, 300)}</option>)}
          </select>
        </label>
        {q.data && (
          <span className="muted small">
            {formatBytes(q.data.size)}{q.data.truncated ? tr.t('ui.raw.showingFirst', { bytes: formatBytes(q.data.bytes.length) }) : ''}{text === null ? tr.t('ui.raw.binary') : ''}
          </span>
        )}
      </div>
      {q.isPending && selectedKey && <div className="muted pad">{tr.t('ui.raw.reading')}</div>}
      {q.error && <ErrorPanel error={q.error} onRetry={() => void q.refetch()} />}
      {q.data && (
        <pre className="code-block raw-content" data-testid="raw-content">
          {text !== null ? <SafeText text={selectedKey?.endsWith('.json') && !q.data.truncated ? prettyJson(text) : text} max={200_000} /> : hexDump(q.data.bytes)}
        </pre>
      )}
    </div>
  );
}

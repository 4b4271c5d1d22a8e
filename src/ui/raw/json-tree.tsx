/**
 * Decoded JSON / Avro records / footers as an expandable tree, each known field with its short
 * explanation and spec link (field-notes.ts).
 */
import { useState } from 'react';
import type { DisplayValue } from '../../core/api/table-dto.ts';
import { fieldNote } from './field-notes.ts';
import { InlineText, SafeText } from '../common/safe-text-view.tsx';
import { safeTitle } from '../common/safe-text.ts';
import { useMessages } from '../common/messages.ts';

const MAX_CHILDREN = 60;
/** Characters of one string value shown before "show all". */
const STRING_CAP = 500;

export function JsonTree({ value, role, path = '', depth = 0, openDepth = 1 }: {
  value: DisplayValue;
  role?: string;
  path?: string;
  depth?: number;
  /** Levels open at first. */
  openDepth?: number;
}) {
  if (value === null || typeof value !== 'object') return <Scalar value={value} />;
  const entries: [string, DisplayValue][] = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  return <Children entries={entries} isArray={Array.isArray(value)} role={role} path={path} depth={depth} openDepth={openDepth} />;
}

function Children({ entries, isArray, role, path, depth, openDepth }: {
  entries: [string, DisplayValue][]; isArray: boolean; role?: string; path: string; depth: number; openDepth: number;
}) {
  const tr = useMessages();
  const [limit, setLimit] = useState(MAX_CHILDREN);
  if (entries.length === 0) return <span className="muted mono">{isArray ? '[]' : '{}'}</span>;
  return (
    <ul className="jt">
      {entries.slice(0, limit).map(([k, v]) => {
        const p = path ? `${path}.${k}` : k;
        const note = isArray ? undefined : fieldNote(role, p);
        const nested = v !== null && typeof v === 'object';
        const size = nested ? (Array.isArray(v) ? `[${v.length}]` : `{${Object.keys(v).length}}`) : '';
        const key = <span className={`jt-key${isArray ? ' idx' : ''}`}>{isArray ? k : <InlineText text={k} max={300} />}</span>;
        const noteEl = note && (
          <span className="jt-note">{tr.t(note.key)} <a href={note.href} target="_blank" rel="noreferrer" aria-label={tr.t('ui.json.specLabel', { key: k })}>{tr.t('ui.json.spec')} ↗</a></span>
        );
        return (
          <li key={k}>
            {nested ? (
              <details open={depth < openDepth}>
                <summary>{key}<span className="muted mono small"> {size}</span>{noteEl}</summary>
                <JsonTree value={v} role={role} path={isArray ? path : p} depth={depth + 1} openDepth={openDepth} />
              </details>
            ) : (
              <div className="jt-leaf">{key}<span className="jt-colon">:</span> <Scalar value={v} />{noteEl}</div>
            )}
          </li>
        );
      })}
      {entries.length > limit && (
        <li><button type="button" className="btn-link small" onClick={() => setLimit((l) => l + 500)}>{tr.t('ui.json.more', { count: entries.length - limit })}</button></li>
      )}
    </ul>
  );
}

function Scalar({ value }: { value: DisplayValue }) {
  if (value === null) return <span className="jt-null">null</span>;
  // JSON.stringify quotes the string and escapes C0 controls; SafeText marks bidi controls and caps its length.
  if (typeof value === 'string') return <span className={`jt-str${/^-?\d+$/.test(value) ? ' jt-big' : ''}`} title={value.length > 80 ? safeTitle(value) : undefined}>{/^-?\d+$/.test(value) ? value : <SafeText text={JSON.stringify(value)} max={STRING_CAP} />}</span>;
  if (typeof value === 'number') return <span className="jt-num">{value}</span>;
  if (typeof value === 'boolean') return <span className="jt-bool">{String(value)}</span>;
  return <span><SafeText text={JSON.stringify(value)} max={STRING_CAP} /></span>;
}

/**
 * The Query tab's syntax help: a collapsible panel with the clauses Lakescope adds to SQL (time travel,
 * change ranges, metadata tables, EXPLAIN) and examples written for the open table, each one put into the
 * editor by its "Use" button.
 */
import { formatBytes } from '../common/format.ts';
import { useMessages } from '../common/messages.ts';
import type { QueryExample } from './query-examples.ts';
import { CONFIRM_CHOICES } from './result-model.ts';

const SYNTAX: readonly { readonly code: string; readonly key: 'ui.query.help.version' | 'ui.query.help.ref' | 'ui.query.help.timestamp' | 'ui.query.help.changes' | 'ui.query.help.metadata' | 'ui.query.help.explain' | 'ui.query.help.names' }[] = [
  { code: 'FROM t FOR VERSION AS OF 7505300640432048841', key: 'ui.query.help.version' },
  { code: "FROM t FOR VERSION AS OF 'audit'", key: 'ui.query.help.ref' },
  { code: "FROM t FOR TIMESTAMP AS OF '2024-03-01T12:00:00Z'", key: 'ui.query.help.timestamp' },
  { code: 'FROM t CHANGES BETWEEN 1 AND 3', key: 'ui.query.help.changes' },
  { code: 'FROM "t$snapshots"  "t$history"  "t$refs"  "t$manifests"  "t$files"  "t$partitions"  "t$entries"', key: 'ui.query.help.metadata' },
  { code: 'EXPLAIN SELECT …', key: 'ui.query.help.explain' },
  { code: 'FROM "sales/orders"', key: 'ui.query.help.names' },
];

/** The message naming each example (literal keys, so the catalog test sees them used). */
const EXAMPLE_TITLE = {
  first: 'ui.query.example.first', count: 'ui.query.example.count', groupBy: 'ui.query.example.groupBy',
  versionId: 'ui.query.example.versionId', versionTag: 'ui.query.example.versionTag', timestamp: 'ui.query.example.timestamp',
  changes: 'ui.query.example.changes', twoVersions: 'ui.query.example.twoVersions', snapshots: 'ui.query.example.snapshots',
  files: 'ui.query.example.files', explain: 'ui.query.example.explain', byPath: 'ui.query.example.byPath',
} as const satisfies Record<QueryExample['kind'], string>;

export function QueryHelp({ examples, onUse, open, onToggle, confirmBytes, onConfirmBytes }: {
  examples: readonly QueryExample[];
  onUse: (sql: string) => void;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** The threshold above which a query asks before reading (Infinity = never). */
  confirmBytes: number;
  onConfirmBytes: (bytes: number) => void;
}) {
  const { t } = useMessages();
  return (
    <details className="query-help" open={open} onToggle={(e) => onToggle((e.target as HTMLDetailsElement).open)} data-testid="query-help">
      <summary>{t('ui.query.help.title')}</summary>
      <div className="query-help-body">
        <p className="small muted">{t('ui.query.help.intro')}</p>
        <dl className="query-syntax">
          {SYNTAX.map((s) => (
            <div key={s.key}><dt><code>{s.code}</code></dt><dd className="small">{t(s.key)}</dd></div>
          ))}
        </dl>
        <label className="field inline small query-threshold">
          <span>{t('ui.query.help.threshold')}</span>
          <select value={String(confirmBytes)} onChange={(e) => onConfirmBytes(Number(e.target.value))} aria-label={t('ui.query.help.threshold')}>
            {CONFIRM_CHOICES.map((b) => <option key={b} value={String(b)}>{Number.isFinite(b) ? formatBytes(b) : t('ui.query.help.thresholdNever')}</option>)}
          </select>
        </label>
        <h3 className="small">{t('ui.query.help.examples')}</h3>
        <ul className="query-examples">
          {examples.map((ex) => (
            <li key={ex.kind}>
              <div className="query-example-head">
                <span className="small">{t(EXAMPLE_TITLE[ex.kind])}</span>
                <button type="button" className="btn btn-small" onClick={() => onUse(ex.sql)} aria-label={t('ui.query.help.useLabel', { what: t(EXAMPLE_TITLE[ex.kind]) })}>{t('ui.query.help.use')}</button>
              </div>
              <pre className="mono small">{ex.sql}</pre>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}

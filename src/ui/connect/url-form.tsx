/** A public http(s) folder with an `index.json` key list (the format of the demo's manifest). */
import { type FormEvent, useState } from 'react';
import type { ConnectionSpec } from '../../worker/connection.ts';
import { useMessages } from '../common/messages.ts';

export function UrlForm({ initialUrl, busy, onSubmit }: { initialUrl?: string; busy: boolean; onSubmit: (spec: ConnectionSpec) => void }) {
  const tr = useMessages();
  const [url, setUrl] = useState(initialUrl ?? '');
  const submit = (ev: FormEvent) => { ev.preventDefault(); onSubmit({ kind: 'url', url: url.trim() }); };
  return (
    <form className="form" onSubmit={submit} aria-label={tr.t('ui.urlForm.label')}>
      <label className="field">
        <span className="label">{tr.t('ui.urlForm.url')}</span>
        <input name="url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} required placeholder="https://data.example.com/warehouse/" spellCheck={false} />
        <span className="hint">
          {tr.t('ui.urlForm.hintBefore')}<code className="mono">index.json</code>{tr.t('ui.urlForm.hintList')}
          {' '}<code className="mono">{'{"version":1,"files":[{"key":"t/metadata/v1.metadata.json","size":1234}]}'}</code>{tr.t('ui.urlForm.hintAfter')}
        </span>
      </label>
      <div className="actions"><button type="submit" className="btn btn-primary" disabled={busy}>{busy ? tr.t('ui.common.opening') : tr.t('ui.urlForm.open')}</button></div>
    </form>
  );
}

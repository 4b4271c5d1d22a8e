/** A public http(s) folder with an `index.json` key list (the format of the demo's manifest). */
import { type FormEvent, useState } from 'react';
import type { ConnectionSpec } from '../../worker/connection.ts';

export function UrlForm({ initialUrl, busy, onSubmit }: { initialUrl?: string; busy: boolean; onSubmit: (spec: ConnectionSpec) => void }) {
  const [url, setUrl] = useState(initialUrl ?? '');
  const submit = (ev: FormEvent) => { ev.preventDefault(); onSubmit({ kind: 'url', url: url.trim() }); };
  return (
    <form className="form" onSubmit={submit} aria-label="Open a public URL">
      <label className="field">
        <span className="label">Folder URL</span>
        <input name="url" type="url" value={url} onChange={(e) => setUrl(e.target.value)} required placeholder="https://data.example.com/warehouse/" spellCheck={false} />
        <span className="hint">
          Plain HTTP cannot list folders, so the folder must hold an <code className="mono">index.json</code> key list:
          {' '}<code className="mono">{'{"version":1,"files":[{"key":"t/metadata/v1.metadata.json","size":1234}]}'}</code>.
          The server must allow this page’s origin (CORS).
        </span>
      </label>
      <div className="actions"><button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Opening…' : 'Open URL'}</button></div>
    </form>
  );
}

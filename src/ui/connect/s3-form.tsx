/** Opening an S3-compatible bucket: with keys (provider presets fill the endpoint) or a pasted list of presigned URLs. */
import { type FormEvent, useState } from 'react';
import type { ConnectionSpec, S3Connection } from '../../worker/connection.ts';
import { type RememberedConnection, forget, listRemembered, unseal } from './credential-store.ts';
import { PROVIDERS, type ProviderId, guessProvider, providerById } from './providers.ts';

export interface S3FormProps {
  readonly initial?: Partial<S3Connection>;
  readonly busy: boolean;
  readonly onSubmit: (spec: ConnectionSpec, rememberIt: boolean) => void;
}

export function S3Form({ initial, busy, onSubmit }: S3FormProps) {
  const [mode, setMode] = useState<'keys' | 'presigned'>('keys');
  const [provider, setProvider] = useState<ProviderId>(initial?.endpoint ? guessProvider(initial.endpoint) : 'aws');
  const preset = providerById(provider);
  const [region, setRegion] = useState(initial?.region ?? preset.defaultRegion);
  const [account, setAccount] = useState('');
  const [endpoint, setEndpoint] = useState(initial?.endpoint ?? preset.endpoint(preset.defaultRegion));
  const [bucket, setBucket] = useState(initial?.bucket ?? '');
  const [prefix, setPrefix] = useState(initial?.prefix ?? '');
  const [accessKeyId, setAccessKeyId] = useState('');
  const [secretAccessKey, setSecret] = useState('');
  const [sessionToken, setToken] = useState('');
  const [pathStyle, setPathStyle] = useState(initial?.pathStyle ?? preset.pathStyle);
  const [rememberIt, setRemember] = useState(false);
  const [anonymous, setAnonymous] = useState(false);
  const [urls, setUrls] = useState('');
  const [remembered, setRemembered] = useState<RememberedConnection[]>(() => listRemembered());

  const pickProvider = (id: ProviderId) => {
    const p = providerById(id);
    setProvider(id);
    setRegion(p.defaultRegion);
    setPathStyle(p.pathStyle);
    setEndpoint(p.endpoint(p.needs === 'account' ? account : p.defaultRegion));
  };
  const changeRegion = (r: string) => {
    setRegion(r);
    if (preset.needs === 'region') setEndpoint(preset.endpoint(r));
  };
  const changeAccount = (a: string) => {
    setAccount(a);
    setEndpoint(preset.endpoint(a));
  };

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    if (mode === 'presigned') {
      onSubmit({ kind: 'presigned', urls: urls.split(/\r?\n/).filter((l) => l.trim()) }, false);
      return;
    }
    // Anonymous: empty keys make the worker's S3 adapter send unsigned requests (public-read buckets).
    onSubmit({
      kind: 's3', endpoint, region, bucket, prefix, pathStyle,
      accessKeyId: anonymous ? '' : accessKeyId, secretAccessKey: anonymous ? '' : secretAccessKey,
      ...(sessionToken && !anonymous ? { sessionToken } : {}),
    }, rememberIt && !anonymous);
  };

  const [sealedFailed, setSealedFailed] = useState<string | undefined>();
  const openRemembered = async (r: RememberedConnection) => {
    const spec = await unseal(r);
    setSealedFailed(spec ? undefined : r.id);
    if (spec) onSubmit(spec, false);
  };

  return (
    <form className="form" onSubmit={submit} aria-label="Open an S3-compatible bucket">
      {remembered.length > 0 && (
        <div className="remembered">
          <div className="label">Remembered on this device</div>
          {remembered.map((r) => (
            <div className="remembered-row" key={r.id}>
              <span className="mono grow" title={r.endpoint}>s3://{r.bucket}/{r.prefix}</span>
              <span className="muted small">{new URL(r.endpoint).host}</span>
              <button type="button" className="btn btn-small" disabled={busy} onClick={() => void openRemembered(r)}>Open</button>
              <button type="button" className="btn btn-small btn-quiet" onClick={() => { forget(r.id); setRemembered(listRemembered()); }}>Forget</button>
              {sealedFailed === r.id && <span className="error small" role="alert">This browser can no longer unseal the saved keys (its device key is gone): forget the entry and enter the keys again.</span>}
            </div>
          ))}
        </div>
      )}
      <div className="segmented" role="radiogroup" aria-label="How to sign in">
        <button type="button" role="radio" aria-checked={mode === 'keys'} className={mode === 'keys' ? 'active' : ''} onClick={() => setMode('keys')}>Access keys</button>
        <button type="button" role="radio" aria-checked={mode === 'presigned'} className={mode === 'presigned' ? 'active' : ''} onClick={() => setMode('presigned')}>Presigned URLs</button>
      </div>
      {mode === 'keys' ? (
        <>
          <div className="field">
            <span className="label">Provider</span>
            <div className="chips" role="radiogroup" aria-label="Provider">
              {PROVIDERS.map((p) => (
                <button type="button" key={p.id} role="radio" aria-checked={provider === p.id} className={`chip${provider === p.id ? ' active' : ''}`} onClick={() => pickProvider(p.id)}>{p.label}</button>
              ))}
            </div>
            <span className="hint">{preset.hint}</span>
          </div>
          <div className="row">
            {preset.needs === 'account'
              ? <label className="field"><span className="label">Account id</span><input value={account} onChange={(e) => changeAccount(e.target.value)} autoComplete="off" spellCheck={false} /></label>
              : <label className="field narrow"><span className="label">Region</span><input name="region" value={region} onChange={(e) => changeRegion(e.target.value)} spellCheck={false} /></label>}
            <label className="field grow"><span className="label">Endpoint</span><input name="endpoint" value={endpoint} onChange={(e) => setEndpoint(e.target.value)} required spellCheck={false} /></label>
          </div>
          <div className="row">
            <label className="field grow"><span className="label">Bucket</span><input name="bucket" value={bucket} onChange={(e) => setBucket(e.target.value)} required spellCheck={false} /></label>
            <label className="field grow"><span className="label">Prefix <span className="muted">(optional)</span></span><input name="prefix" value={prefix} onChange={(e) => setPrefix(e.target.value)} placeholder="warehouse/" spellCheck={false} /></label>
          </div>
          <label className="check"><input type="checkbox" name="anonymous" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} /> Anonymous <span className="muted">(public-read bucket, no keys)</span></label>
          {anonymous ? (
            <p className="hint">Requests go out unsigned. The bucket needs a policy that lets everyone read (and list) it, and a CORS rule for this page; writes will be refused.</p>
          ) : (
            <>
              <div className="row">
                <label className="field grow"><span className="label">Access key id</span><input name="accessKeyId" value={accessKeyId} onChange={(e) => setAccessKeyId(e.target.value)} required autoComplete="off" spellCheck={false} /></label>
                <label className="field grow"><span className="label">Secret access key</span><input name="secretAccessKey" type="password" value={secretAccessKey} onChange={(e) => setSecret(e.target.value)} required autoComplete="off" /></label>
              </div>
              <label className="field"><span className="label">Session token <span className="muted">(temporary credentials only)</span></span><input name="sessionToken" type="password" value={sessionToken} onChange={(e) => setToken(e.target.value)} autoComplete="off" /></label>
            </>
          )}
          <div className="row checks">
            <label className="check"><input type="checkbox" checked={pathStyle} onChange={(e) => setPathStyle(e.target.checked)} /> Path-style addressing <span className="muted">(host/bucket/key)</span></label>
            {!anonymous && <label className="check"><input type="checkbox" name="remember" checked={rememberIt} onChange={(e) => setRemember(e.target.checked)} /> Remember on this device</label>}
          </div>
          <p className="hint">
            Keys stay in this tab’s memory and the engine worker; they are never put in the URL or logged.
            {rememberIt ? ' Ticked: they will also be saved in this browser, the secret key and session token sealed (AES-GCM) with a key this device keeps and cannot export, until you press Forget.' : ''}
          </p>
        </>
      ) : (
        <label className="field">
          <span className="label">Presigned GET URLs, one per line</span>
          <textarea name="urls" rows={8} value={urls} onChange={(e) => setUrls(e.target.value)} spellCheck={false} placeholder="https://bucket.s3.amazonaws.com/table/metadata/v3.metadata.json?X-Amz-Signature=…" />
          <span className="hint">Someone with keys shared the files of a table. Paths become keys (the folders they share are dropped). Read-only.</span>
        </label>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Opening…' : 'Open bucket'}</button>
      </div>
    </form>
  );
}

/** Opening an S3-compatible bucket: with keys (provider presets fill the endpoint) or a pasted list of presigned URLs. */
import { type FormEvent, useState } from 'react';
import type { ConnectionSpec, S3Connection } from '../../worker/connection.ts';
import { type RememberedConnection, forget, listRemembered, unseal } from './credential-store.ts';
import { PROVIDERS, type ProviderId, guessProvider, providerById } from './providers.ts';
import { useMessages } from '../common/messages.ts';

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

  const tr = useMessages();
  const [sealedFailed, setSealedFailed] = useState<string | undefined>();
  const openRemembered = async (r: RememberedConnection) => {
    const spec = await unseal(r);
    setSealedFailed(spec ? undefined : r.id);
    if (spec) onSubmit(spec, false);
  };

  return (
    <form className="form" onSubmit={submit} aria-label={tr.t('ui.s3.label')}>
      {remembered.length > 0 && (
        <div className="remembered">
          <div className="label">{tr.t('ui.s3.remembered')}</div>
          {remembered.map((r) => (
            <div className="remembered-row" key={r.id}>
              <span className="mono grow" title={r.endpoint}>s3://{r.bucket}/{r.prefix}</span>
              <span className="muted small">{new URL(r.endpoint).host}</span>
              <button type="button" className="btn btn-small" disabled={busy} onClick={() => void openRemembered(r)}>{tr.t('ui.s3.open')}</button>
              <button type="button" className="btn btn-small btn-quiet" onClick={() => { forget(r.id); setRemembered(listRemembered()); }}>{tr.t('ui.s3.forget')}</button>
              {sealedFailed === r.id && <span className="error small" role="alert">{tr.t('ui.s3.unsealFailed')}</span>}
            </div>
          ))}
        </div>
      )}
      <div className="segmented" role="radiogroup" aria-label={tr.t('ui.s3.how')}>
        <button type="button" role="radio" aria-checked={mode === 'keys'} className={mode === 'keys' ? 'active' : ''} onClick={() => setMode('keys')}>{tr.t('ui.s3.mode.keys')}</button>
        <button type="button" role="radio" aria-checked={mode === 'presigned'} className={mode === 'presigned' ? 'active' : ''} onClick={() => setMode('presigned')}>{tr.t('ui.s3.mode.presigned')}</button>
      </div>
      {mode === 'keys' ? (
        <>
          <div className="field">
            <span className="label">{tr.t('ui.s3.provider')}</span>
            <div className="chips" role="radiogroup" aria-label={tr.t('ui.s3.provider')}>
              {PROVIDERS.map((p) => (
                <button type="button" key={p.id} role="radio" aria-checked={provider === p.id} className={`chip${provider === p.id ? ' active' : ''}`} onClick={() => pickProvider(p.id)}>{p.id === 'custom' ? tr.t('ui.s3.provider.custom') : p.label}</button>
              ))}
            </div>
            <span className="hint">{tr.t(preset.hint)}</span>
          </div>
          <div className="row">
            {preset.needs === 'account'
              ? <label className="field"><span className="label">{tr.t('ui.s3.account')}</span><input value={account} onChange={(e) => changeAccount(e.target.value)} autoComplete="off" spellCheck={false} /></label>
              : <label className="field narrow"><span className="label">{tr.t('ui.s3.region')}</span><input name="region" value={region} onChange={(e) => changeRegion(e.target.value)} spellCheck={false} /></label>}
            <label className="field grow"><span className="label">{tr.t('ui.s3.endpoint')}</span><input name="endpoint" value={endpoint} onChange={(e) => setEndpoint(e.target.value)} required spellCheck={false} /></label>
          </div>
          <div className="row">
            <label className="field grow"><span className="label">{tr.t('ui.s3.bucket')}</span><input name="bucket" value={bucket} onChange={(e) => setBucket(e.target.value)} required spellCheck={false} /></label>
            <label className="field grow"><span className="label">{tr.t('ui.s3.prefix')} <span className="muted">{tr.t('ui.s3.optional')}</span></span><input name="prefix" value={prefix} onChange={(e) => setPrefix(e.target.value)} placeholder="warehouse/" spellCheck={false} /></label>
          </div>
          <label className="check"><input type="checkbox" name="anonymous" checked={anonymous} onChange={(e) => setAnonymous(e.target.checked)} /> {tr.t('ui.s3.anonymous')} <span className="muted">{tr.t('ui.s3.anonymousNote')}</span></label>
          {anonymous ? (
            <p className="hint">{tr.t('ui.s3.anonymousHint')}</p>
          ) : (
            <>
              <div className="row">
                <label className="field grow"><span className="label">{tr.t('ui.s3.accessKeyId')}</span><input name="accessKeyId" value={accessKeyId} onChange={(e) => setAccessKeyId(e.target.value)} required autoComplete="off" spellCheck={false} /></label>
                <label className="field grow"><span className="label">{tr.t('ui.s3.secretKey')}</span><input name="secretAccessKey" type="password" value={secretAccessKey} onChange={(e) => setSecret(e.target.value)} required autoComplete="off" /></label>
              </div>
              <label className="field"><span className="label">{tr.t('ui.s3.sessionToken')} <span className="muted">{tr.t('ui.s3.sessionTokenNote')}</span></span><input name="sessionToken" type="password" value={sessionToken} onChange={(e) => setToken(e.target.value)} autoComplete="off" /></label>
            </>
          )}
          <div className="row checks">
            <label className="check"><input type="checkbox" checked={pathStyle} onChange={(e) => setPathStyle(e.target.checked)} /> {tr.t('ui.s3.pathStyle')} <span className="muted">(host/bucket/key)</span></label>
            {!anonymous && <label className="check"><input type="checkbox" name="remember" checked={rememberIt} onChange={(e) => setRemember(e.target.checked)} /> {tr.t('ui.s3.remember')}</label>}
          </div>
          <p className="hint">
            {tr.t('ui.s3.keysHint')}
            {rememberIt ? tr.t('ui.s3.rememberHint') : ''}
          </p>
        </>
      ) : (
        <label className="field">
          <span className="label">{tr.t('ui.s3.presignedUrls')}</span>
          <textarea name="urls" rows={8} value={urls} onChange={(e) => setUrls(e.target.value)} spellCheck={false} placeholder="https://bucket.s3.amazonaws.com/table/metadata/v3.metadata.json?X-Amz-Signature=…" />
          <span className="hint">{tr.t('ui.s3.presignedHint')}</span>
        </label>
      )}
      <div className="actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? tr.t('ui.common.opening') : tr.t('ui.s3.openBucket')}</button>
      </div>
    </form>
  );
}

/** The Connect screen: four ways into a warehouse, one panel each, with the error of the last attempt. */
import { useEffect, useRef, useState } from 'react';
import type { ConnectionKind, ConnectionSpec, S3Connection } from '../../worker/connection.ts';
import type { MessageKey } from '../../core/messages/en.ts';
import { useMessages } from '../common/messages.ts';
import { ErrorPanel } from '../errors/error-panel.tsx';
import { FolderPicker } from './folder-picker.tsx';
import { S3Form } from './s3-form.tsx';
import { UrlForm } from './url-form.tsx';
import { LanguageSwitch } from '../common/language-switch.tsx';

type Way = 'demo' | 'folder' | 's3' | 'url';

const WAYS = [
  { id: 'demo', title: 'ui.connect.way.demo', sub: 'ui.connect.way.demo.sub' },
  { id: 'folder', title: 'ui.connect.way.folder', sub: 'ui.connect.way.folder.sub' },
  { id: 's3', title: 'ui.connect.way.s3', sub: 'ui.connect.way.s3.sub' },
  { id: 'url', title: 'ui.connect.way.url', sub: 'ui.connect.way.url.sub' },
] as const satisfies readonly { id: Way; title: MessageKey; sub: MessageKey }[];

function wayOf(kind?: ConnectionKind): Way {
  if (kind === 'presigned' || kind === 's3') return 's3';
  if (kind === 'files' || kind === 'folder') return 'folder';
  return kind === 'url' ? 'url' : 'demo';
}

export interface ConnectScreenProps {
  readonly initialKind?: ConnectionKind;
  readonly initialLoc?: Readonly<Record<string, string>>;
  /** A sentence above the forms (e.g. why a deep link needs keys again). */
  readonly notice?: string;
  readonly busy: boolean;
  readonly error?: unknown;
  /** The spec of the failed attempt, for CORS help (bucket, endpoint). */
  readonly failedSpec?: ConnectionSpec;
  readonly onConnect: (spec: ConnectionSpec, rememberIt: boolean) => void;
}

export function ConnectScreen(props: ConnectScreenProps) {
  const { t } = useMessages();
  const [way, setWay] = useState<Way>(wayOf(props.initialKind));
  const loc = props.initialLoc ?? {};
  const s3Initial: Partial<S3Connection> | undefined = loc.bucket
    ? { endpoint: loc.endpoint, region: loc.region, bucket: loc.bucket, prefix: loc.prefix ?? '', pathStyle: loc.pathStyle === '1' }
    : undefined;
  const nav = useRef<HTMLDivElement>(null);
  useEffect(() => { nav.current?.querySelector<HTMLButtonElement>('[aria-selected="true"]')?.focus(); }, []);

  const onNavKey = (e: React.KeyboardEvent) => {
    const i = WAYS.findIndex((w) => w.id === way);
    const next = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : -2;
    if (next === -2) return;
    e.preventDefault();
    const w = WAYS[(next + WAYS.length) % WAYS.length];
    setWay(w.id);
    nav.current?.querySelector<HTMLButtonElement>(`[data-way="${w.id}"]`)?.focus();
  };

  const failed = props.failedSpec;
  return (
    <main className="connect">
      <div className="connect-card">
        <header className="connect-head">
          <div className="connect-brand-row"><div className="brand"><span className="logo" aria-hidden>◈</span> Lakescope</div><LanguageSwitch /></div>
          <p className="muted">{t('ui.connect.tagline')}</p>
        </header>
        {props.notice && <div className="notice" role="note">{props.notice}</div>}
        <div className="connect-body">
          <div className="ways" role="tablist" aria-orientation="vertical" aria-label={t('ui.connect.waysLabel')} ref={nav} onKeyDown={onNavKey}>
            {WAYS.map((w) => (
              <button
                key={w.id} type="button" role="tab" data-way={w.id} aria-selected={way === w.id} tabIndex={way === w.id ? 0 : -1}
                className={`way${way === w.id ? ' active' : ''}`} onClick={() => setWay(w.id)}
              >
                <span className="way-title">{t(w.title)}</span>
                <span className="way-sub">{t(w.sub)}</span>
              </button>
            ))}
          </div>
          <div className="way-panel" role="tabpanel" aria-label={t(WAYS.find((w) => w.id === way)!.title)}>
            {way === 'demo' && (
              <div className="form">
                <p>{t('ui.connect.demo.text')}</p>
                <div className="actions start">
                  <button type="button" className="btn btn-primary" disabled={props.busy}
                    onClick={() => props.onConnect({ kind: 'demo', baseUrl: new URL('demo/', document.baseURI).href }, false)}>
                    {t(props.busy ? 'ui.common.opening' : 'ui.connect.demo.open')}
                  </button>
                </div>
              </div>
            )}
            {way === 'folder' && <FolderPicker busy={props.busy} onSubmit={(s) => props.onConnect(s, false)} />}
            {way === 's3' && <S3Form initial={s3Initial} busy={props.busy} onSubmit={props.onConnect} />}
            {way === 'url' && <UrlForm initialUrl={loc.url} busy={props.busy} onSubmit={(s) => props.onConnect(s, false)} />}
            {props.error !== undefined && props.error !== null && (
              <ErrorPanel
                reveal
                error={props.error}
                bucket={failed?.kind === 's3' ? failed.bucket : undefined}
                endpoint={failed?.kind === 's3' ? failed.endpoint : undefined}
              />
            )}
          </div>
        </div>
      </div>
    </main>
  );
}

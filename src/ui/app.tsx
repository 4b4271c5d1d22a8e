/**
 * The app shell: the Connect screen until a warehouse is open, then the warehouse browser. Deep links
 * (?w=…) reopen the demo and public URLs by themselves, and S3 buckets whose keys were remembered.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type Connected, type ConnectionSpec, connectionLocation, engine, isLakeError } from '../worker/client.ts';
import { ConnectScreen } from './connect/connect-screen.tsx';
import { ConnectingScreen } from './connect/connecting-screen.tsx';
import { findRemembered, remember, unseal } from './connect/credential-store.ts';
import { WarehouseView } from './browser/warehouse-view.tsx';
import type { Route } from './state/route.ts';
import type { SandboxSession, Session } from './state/session.ts';
import { useRoute } from './state/use-route.ts';
import { deepLinkSpec, holdLinkedScreen, tableInRootListing, takeEarlyConnect, takeEarlyConnectAnswer } from './state/deep-link-start.ts';
import { type Language, LanguageContext, applyLanguage, catalogOf, initialLanguage, loadCatalog } from './common/language.ts';
import { MessagesContext, useMessages } from './common/messages.ts';
import { en, type MessageRef } from '../core/messages/en.ts';
import { findSandboxHandle, rememberSandbox, rememberedSandbox, sourceSpec } from './sandbox/sandbox-resume.ts';

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Only transport failures are worth a second try; Auth, Cors, NotFound, DataInvalid will not change.
        retry: (count, error) => count < 1 && isLakeError(error, 'Io'),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function App() {
  const [client] = useState(makeQueryClient);
  // mount.tsx loaded the first language's catalog before this render; a switch loads the new one, then renders.
  const [language, setLanguage] = useState<Language>(initialLanguage);
  // Before paint: `<html lang>` picks fonts and line breaking for the text this render drew.
  useLayoutEffect(() => applyLanguage(language), [language]);
  const choice = useMemo(() => ({ language, setLanguage: (l: Language) => void loadCatalog(l).then(() => setLanguage(l)) }), [language]);
  return (
    <LanguageContext.Provider value={choice}>
      <MessagesContext.Provider value={catalogOf(language) ?? en}>
        <QueryClientProvider client={client}><Shell /></QueryClientProvider>
      </MessagesContext.Provider>
    </LanguageContext.Provider>
  );
}

interface Failure { error: unknown; bucket?: string; endpoint?: string; kind: ConnectionSpec['kind'] }

/** The open warehouse of connect's answer `c` for `spec` (secret-free: its location, never its keys). */
function sessionOf(spec: ConnectionSpec, c: Connected): Session {
  return {
    warehouseId: c.warehouseId, label: c.label, labelMessage: c.labelMessage, kind: spec.kind, loc: connectionLocation(spec), warehouse: c.warehouse,
    ...(spec.kind === 's3' ? { bucket: spec.bucket, endpoint: spec.endpoint } : {}),
  };
}

function Shell() {
  const [route, navigate] = useRoute();
  // A deep link whose connect (started by the entry: state/deep-link-start.ts) has answered already opens at once.
  const [early] = useState(() => {
    const spec = deepLinkSpec(route, document.baseURI);
    const answer = spec && takeEarlyConnectAnswer(spec);
    return spec && answer ? { spec, session: sessionOf(spec, answer) } : undefined;
  });
  const [session, setSession] = useState<Session | null>(early?.session ?? null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // A deep link that reopens by itself (the demo, a public URL) shows what it opens until that connect settles.
  const [linkOpening, setLinkOpening] = useState(() => (early ? undefined : deepLinkSpec(route, document.baseURI)));
  // A link that names a table keeps the connecting screen up a little after connect: until the table's outline
  // painted there, its open settled, or a bound (state/deep-link-start.ts holdLinkedScreen).
  const [linkHeld, setLinkHeld] = useState(() => (route.table !== undefined ? deepLinkSpec(route, document.baseURI) : undefined));
  const releaseLink = useCallback(() => setLinkHeld(undefined), []);
  useEffect(() => (linkHeld && session ? holdLinkedScreen(releaseLink) : undefined), [linkHeld, session, releaseLink]);
  const routeRef = useRef(route);
  routeRef.current = route;

  /** The address once `spec`'s warehouse is open: a deep link keeps its table/folder/tab/version. */
  const showOpened = useCallback((spec: ConnectionSpec, loc: Session['loc']) => {
    const r = routeRef.current;
    const keep: Partial<Route> = r.w === spec.kind ? { table: r.table, folder: r.folder, tab: r.tab, version: r.version, where: r.where, cols: r.cols, diff: r.diff, sql: r.sql, ...(r.story ? { story: true as const } : {}) } : { tab: 'overview' };
    navigate({ w: spec.kind, loc: loc ?? {}, tab: 'overview', ...keep }, r.w === spec.kind);
  }, [navigate]);

  const connect = useCallback(async (spec: ConnectionSpec, rememberIt: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      // A deep link's connect may be under way already (started by the entry: state/deep-link-start.ts).
      const c = await (takeEarlyConnect(spec) ?? engine().connect(spec));
      if (rememberIt && spec.kind === 's3') void remember(spec).catch(() => undefined);
      const opened = sessionOf(spec, c);
      setSession(opened);
      showOpened(spec, opened.loc);
    } catch (error) {
      setLinkHeld(undefined);
      setFailure({ error, kind: spec.kind, ...(spec.kind === 's3' ? { bucket: spec.bucket, endpoint: spec.endpoint } : {}) });
    } finally {
      setBusy(false);
    }
  }, [showOpened]);

  // Deep link on first load: reopen what can be reopened without asking.
  const tr = useMessages();
  const [notice, setNotice] = useState<MessageRef | undefined>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return; // StrictMode runs effects twice in development
    started.current = true;
    const r = routeRef.current;
    const linked = deepLinkSpec(r, document.baseURI);
    if (early) showOpened(early.spec, early.session.loc);
    else if (linked) void connect(linked, false).finally(() => setLinkOpening(undefined));
    else if (r.w === 's3' && r.loc.bucket && r.loc.endpoint) {
      const saved = findRemembered({ endpoint: r.loc.endpoint, bucket: r.loc.bucket, prefix: r.loc.prefix ?? '' });
      if (saved) void unseal(saved).then((spec) => { if (spec) void connect(spec, false); });
      else setNotice({ key: 'ui.app.linkS3', params: { bucket: r.loc.bucket } });
    } else if (r.w === 'folder' && r.loc.sandbox) {
      // A sandbox (issue 20) after a reload: its copy is still in OPFS; reopen it with its source, else the source.
      const rec = rememberedSandbox(r.loc.sandbox);
      void resumeRef.current(r.loc.sandbox).then((ok) => {
        if (ok) return;
        if (rec) void connect(sourceSpec(rec), false);
        else setNotice({ key: 'ui.app.linkLocal' });
      });
    } else if (r.w === 'folder' || r.w === 'files' || r.w === 'presigned') {
      setNotice({ key: 'ui.app.linkLocal' });
    }
  }, [connect, early, showOpened]);

  // A sandbox (issue 20) opens as a writable folder of this browser's private storage. The warehouse it was
  // copied from stays open in the worker (Reset copies from it again); a sandbox opened again replaces the last.
  const sessionRef = useRef(session);
  sessionRef.current = session;
  const openSandbox = useCallback(async (spec: ConnectionSpec, sandbox: SandboxSession, table?: string) => {
    const c = await engine().connect(spec);
    const prev = sessionRef.current;
    if (prev?.sandbox && prev.warehouseId !== sandbox.sourceWarehouseId) void engine().disconnect({ warehouseId: prev.warehouseId }).catch(() => {});
    // Remember where it came from (secret-free), so a reload reopens this copy (ui/sandbox/sandbox-resume.ts).
    if (prev && !prev.sandbox) {
      if (prev.kind === 'demo') rememberSandbox(sandbox, { kind: 'demo', baseUrl: '' });
      else if (prev.kind === 'url' && prev.loc?.url) rememberSandbox(sandbox, { kind: 'url', url: prev.loc.url });
    }
    setSession({ warehouseId: c.warehouseId, label: c.label, labelMessage: c.labelMessage, kind: spec.kind, loc: { sandbox: sandbox.name }, warehouse: c.warehouse, sandbox });
    const r = routeRef.current;
    navigate({ w: spec.kind, loc: { sandbox: sandbox.name }, tab: table !== undefined ? r.tab : 'overview', ...(table !== undefined ? { table } : {}) }, r.w === spec.kind);
  }, [navigate]);

  // Reopens a remembered sandbox still in this browser, with the warehouse it was copied from; false when it is gone.
  const resumeSandbox = useCallback(async (name: string): Promise<boolean> => {
    const rec = rememberedSandbox(name);
    const handle = rec && await findSandboxHandle(name);
    if (!rec || !handle) return false;
    setBusy(true);
    try {
      const src = await engine().connect(sourceSpec(rec));
      const label = rec.source.kind === 'demo' ? tr.t('ui.sandbox.source.demo') : tr.t('ui.sandbox.source.table', { table: rec.source.root.replace(/\/$/, '') });
      const c = await engine().connect({ kind: 'folder', handle, writable: true, sandbox: label });
      const sandbox: SandboxSession = { name, sourceWarehouseId: src.warehouseId, source: rec.source, prefix: rec.prefix };
      setSession({ warehouseId: c.warehouseId, label: c.label, labelMessage: c.labelMessage, kind: 'folder', loc: { sandbox: name }, warehouse: c.warehouse, sandbox });
      return true;
    } catch (error) {
      setFailure({ error, kind: 'folder' });
      return true;
    } finally {
      setBusy(false);
    }
  }, [tr]);
  const resumeRef = useRef(resumeSandbox);
  resumeRef.current = resumeSandbox;

  // The connecting screen painted the linked table's outline: the warehouse shows now, and once connect has
  // answered the worker hears it as from the table page (its exact parse waits for that: worker/outline-shown.ts).
  const outlinePainted = useCallback(() => {
    const s = sessionRef.current;
    const table = routeRef.current.table;
    const found = s && table !== undefined ? tableInRootListing(s.warehouse, table) : undefined;
    if (s && found) void engine().outlineShown({ warehouseId: s.warehouseId, root: found.root }).catch(() => false);
    releaseLink();
  }, [releaseLink]);

  const close = () => {
    if (session) void engine().disconnect({ warehouseId: session.warehouseId }).catch(() => {});
    if (session?.sandbox) void engine().disconnect({ warehouseId: session.sandbox.sourceWarehouseId }).catch(() => {});
    setSession(null);
    setNotice(undefined);
    navigate({ loc: {}, tab: 'overview' });
  };

  const opening = session ? linkHeld : linkOpening;
  if (opening) {
    return <ConnectingScreen {...(opening.kind === 'url' ? { url: opening.url } : {})} {...(route.table !== undefined ? { table: route.table } : {})} onOutlinePainted={outlinePainted} />;
  }
  if (session && route.w) return <WarehouseView key={session.warehouseId} session={session} route={route} navigate={navigate} onClose={close} onOpenSandbox={openSandbox} />;
  return (
    <ConnectScreen
      key={route.w ?? 'none'}
      initialKind={failure?.kind ?? route.w}
      initialLoc={route.loc}
      notice={notice && tr.ref(notice)}
      busy={busy}
      error={failure?.error}
      failedSpec={failure?.bucket ? { kind: 's3', bucket: failure.bucket, endpoint: failure.endpoint ?? '', region: '', prefix: '', accessKeyId: '', secretAccessKey: '', pathStyle: true } : undefined}
      onConnect={(spec, rememberIt) => void connect(spec, rememberIt)}
    />
  );
}

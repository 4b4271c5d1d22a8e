/**
 * What a deep link shows while its warehouse opens by itself (the demo, a public URL: app.tsx): the brand and
 * what is opening, with a progress line. Not the Connect screen's forms, which would flash for the moment the
 * connection takes — and whose first layout (its tab focus forces one) cost the page's main thread ~30–70 ms
 * right while the table's metadata arrived (issue 17: the timeline outline paints from that metadata).
 */
import { useMessages } from '../common/messages.ts';
import { safeTitle } from '../common/safe-text.ts';
import { ProgressLine } from '../common/widgets.tsx';

/** `url`: the public URL being opened; undefined for the demo warehouse. */
export function ConnectingScreen({ url }: { url?: string }) {
  const { t } = useMessages();
  const label = url === undefined ? t('ui.app.linkOpeningDemo') : t('ui.app.linkOpeningUrl', { url: safeTitle(url, 300) });
  return (
    <main className="connect" aria-busy="true">
      <div className="connect-card">
        <header className="connect-head">
          <div className="connect-brand-row"><div className="brand"><span className="logo" aria-hidden>◈</span> Lakescope</div></div>
        </header>
        <div className="connecting-body"><ProgressLine label={label} /></div>
      </div>
    </main>
  );
}

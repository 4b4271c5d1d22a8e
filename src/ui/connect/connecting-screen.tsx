/**
 * What a deep link shows while its warehouse opens by itself (the demo, a public URL: app.tsx): the brand and
 * what is opening, with a progress line. Not the Connect screen's forms, which would flash for the moment the
 * connection takes — and whose first layout (its tab focus forces one) cost the page's main thread ~30–70 ms
 * right while the table's metadata arrived (issue 17: the timeline outline paints from that metadata).
 * A link that names a table shows that table's timeline frame too, and its outline as soon as the worker has
 * drawn it from the table's metadata — while the warehouse's key list is still on its way (worker/engine-linked.ts),
 * or, the shell holding this screen a moment after connect (state/deep-link-start.ts holdLinkedScreen), by the
 * open that follows: drawn into this frame, laid out already, it paints sooner than in the warehouse's first layout.
 */
import { useEffect, useState } from 'react';
import type { TimelineSketchDto } from '../../core/api/timeline-sketch.ts';
import { useMessages } from '../common/messages.ts';
import { safeTitle } from '../common/safe-text.ts';
import { ProgressLine } from '../common/widgets.tsx';
import { watchLinkedOutline } from '../state/deep-link-start.ts';
import { TimelineSketch } from '../timeline/timeline-sketch.tsx';

/** The linked table's outline once the worker sent it while connecting (state/deep-link-start.ts). */
function useLinkedOutline(enabled: boolean): TimelineSketchDto | undefined {
  const [sketch, setSketch] = useState<TimelineSketchDto | undefined>();
  useEffect(() => (enabled ? watchLinkedOutline((value) => setSketch(value as TimelineSketchDto)) : undefined), [enabled]);
  return sketch;
}

/** Calls `painted` for each `sketch` drawn, in the frame after the one that drew it (two animation frames: it is on screen). */
function useOnPainted(sketch: unknown, painted: (() => void) | undefined): void {
  useEffect(() => {
    if (sketch === undefined || !painted) return undefined;
    let frame = requestAnimationFrame(() => { frame = requestAnimationFrame(() => painted()); });
    return () => cancelAnimationFrame(frame);
  }, [sketch, painted]);
}

/**
 * `url`: the public URL being opened; undefined for the demo warehouse. `table`: the root the link names, if any.
 * `onOutlinePainted`: called once the table's outline is on screen (the shell then shows the warehouse: app.tsx).
 */
export function ConnectingScreen({ url, table, onOutlinePainted }: { url?: string; table?: string; onOutlinePainted?: () => void }) {
  const { t } = useMessages();
  const sketch = useLinkedOutline(table !== undefined);
  useOnPainted(sketch, onOutlinePainted);
  const label = url === undefined ? t('ui.app.linkOpeningDemo') : t('ui.app.linkOpeningUrl', { url: safeTitle(url, 300) });
  return (
    <main className="connect" aria-busy="true">
      <div className="connect-card">
        <header className="connect-head">
          <div className="connect-brand-row"><div className="brand"><span className="logo" aria-hidden>◈</span> Lakescope</div></div>
        </header>
        <div className="connecting-body">
          <ProgressLine label={label} />
          {table !== undefined && (
            <section className="connecting-table">
              <h2 className="connecting-table-name">{t('ui.app.linkOpeningTable', { table: safeTitle(table.replace(/\/$/, '') || '/', 300) })}</h2>
              <TimelineSketch {...(sketch ? { sketch } : {})} listSlot={false} />
            </section>
          )}
        </div>
      </div>
    </main>
  );
}

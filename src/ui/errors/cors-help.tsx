/** The fix for a CORS refusal: the exact rule to put on the bucket, for this page's origin, with copy buttons. */
import { useState } from 'react';
import { CopyButton } from '../common/widgets.tsx';
import { corsCommand, corsOrigins, corsRuleJson, corsRuleXml } from './cors-rule.ts';
import { useMessages } from '../common/messages.ts';

export function CorsHelp({ bucket, endpoint }: { bucket?: string; endpoint?: string }) {
  const tr = useMessages();
  const [form, setForm] = useState<'json' | 'xml'>('json');
  const origins = corsOrigins(window.location.origin);
  const text = form === 'json' ? corsRuleJson(origins) : corsRuleXml(origins);
  return (
    <div className="cors-help">
      <p>
        {tr.t('ui.cors.before')}<code className="mono">{window.location.origin}</code>{tr.t('ui.cors.middle')}{bucket ? <> <code className="mono">{bucket}</code></> : null}{tr.t('ui.cors.after')}
      </p>
      <div className="cors-tabs" role="tablist" aria-label={tr.t('ui.cors.ruleFormat')}>
        <button type="button" role="tab" aria-selected={form === 'json'} className={form === 'json' ? 'active' : ''} onClick={() => setForm('json')}>S3 JSON</button>
        <button type="button" role="tab" aria-selected={form === 'xml'} className={form === 'xml' ? 'active' : ''} onClick={() => setForm('xml')}>S3 XML</button>
        <span className="spacer" />
        <CopyButton text={text} label={tr.t('ui.cors.copy', { form: form.toUpperCase() })} />
      </div>
      <pre className="code-block" data-testid="cors-rule">{text}</pre>
      <p className="muted small">
        {tr.t('ui.cors.cli')}<code className="mono">{corsCommand(bucket ?? '', endpoint)}</code>{tr.t('ui.cors.saveAs')}
        {tr.t('ui.cors.xml')}<code className="mono">s3cmd setcors</code>).
        {origins.length > 1 && tr.t('ui.cors.origins')}
      </p>
      <p className="muted small">
        {tr.t('ui.cors.already')}
      </p>
    </div>
  );
}

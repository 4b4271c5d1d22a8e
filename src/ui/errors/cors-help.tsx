/** The fix for a CORS refusal: the exact rule to put on the bucket, for this page's origin, with copy buttons. */
import { useState } from 'react';
import { CopyButton } from '../common/widgets.tsx';
import { corsCommand, corsOrigins, corsRuleJson, corsRuleXml } from './cors-rule.ts';

export function CorsHelp({ bucket, endpoint }: { bucket?: string; endpoint?: string }) {
  const [form, setForm] = useState<'json' | 'xml'>('json');
  const origins = corsOrigins(window.location.origin);
  const text = form === 'json' ? corsRuleJson(origins) : corsRuleXml(origins);
  return (
    <div className="cors-help">
      <p>
        The bucket did not allow this page’s origin, <code className="mono">{window.location.origin}</code>, so the browser blocked the
        response before Lakescope could read it (your keys were not even checked yet). Add this CORS rule
        to the bucket{bucket ? <> <code className="mono">{bucket}</code></> : null}, then try again:
      </p>
      <div className="cors-tabs" role="tablist" aria-label="Rule format">
        <button type="button" role="tab" aria-selected={form === 'json'} className={form === 'json' ? 'active' : ''} onClick={() => setForm('json')}>S3 JSON</button>
        <button type="button" role="tab" aria-selected={form === 'xml'} className={form === 'xml' ? 'active' : ''} onClick={() => setForm('xml')}>S3 XML</button>
        <span className="spacer" />
        <CopyButton text={text} label={`Copy ${form.toUpperCase()}`} />
      </div>
      <pre className="code-block" data-testid="cors-rule">{text}</pre>
      <p className="muted small">
        With the AWS CLI: <code className="mono">{corsCommand(bucket ?? '', endpoint)}</code> (save the JSON as cors.json).
        The XML form is the PutBucketCors body (Ceph RGW, Aliyun OSS consoles, <code className="mono">s3cmd setcors</code>).
        {origins.length > 1 && ' 127.0.0.1 and localhost are different origins to a browser, so both are listed.'}
      </p>
      <p className="muted small">
        Rule already in place? A wrong endpoint, a bucket that does not exist or a server that cannot be reached look the same to the browser:
        check those too.
      </p>
    </div>
  );
}

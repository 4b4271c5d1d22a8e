import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WritePreviewDto } from '../../worker/engine-writes.ts';
import { PreviewBody } from './preview-body.tsx';

const base: WritePreviewDto = {
  opId: '1', format: 'iceberg', operation: 'compact', description: 'Rewrite 3 data file(s)', writes: [], deletes: [],
  before: {}, after: {}, warnings: [], details: {}, concurrency: '', noop: true, inputBytes: 5 * 1024 ** 3,
};

describe('write preview over the browser budget', () => {
  it('says why it is not run and shows the engine SQL with a Copy button and the budget setting', () => {
    const html = renderToStaticMarkup(<PreviewBody preview={{ ...base, overBudget: {
      inputBytes: 5 * 1024 ** 3, budgetBytes: 2 * 1024 ** 3,
      engineSql: { engine: 'Spark SQL with the Iceberg runtime', statements: ["CALL <catalog>.system.rewrite_data_files(table => 'db.t');"], notes: ['Replace <catalog>.'] },
    } }} />);
    expect(html).toContain('Not run in this browser: it would read 5.00 GiB, more than the budget of 2.00 GiB');
    expect(html).toContain('data-testid="engine-sql"');
    expect(html).toContain('CALL &lt;catalog&gt;.system.rewrite_data_files(table =&gt; &#x27;db.t&#x27;);');
    expect(html).toContain('Copy SQL');
    expect(html).toContain('Budget for one rewrite in this browser');
  });

  it('shows no engine SQL panel under the budget', () => {
    expect(renderToStaticMarkup(<PreviewBody preview={{ ...base, noop: false }} />)).not.toContain('over-budget');
  });
});

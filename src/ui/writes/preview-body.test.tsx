import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WritePreviewDto } from '../../worker/engine-writes.ts';
import { PreviewBody } from './preview-body.tsx';
import { MessagesContext } from '../common/messages.ts';
import { zh } from '../../core/messages/zh.ts';
import { errorRef, errorText } from '../../core/messages/message-parts.ts';

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

  it('names the engine in the reader\'s language (product names kept), English unchanged', () => {
    const engineMessage = errorRef('note.sql.engine.iceberg', undefined);
    const over = { inputBytes: 5 * 1024 ** 3, budgetBytes: 2 * 1024 ** 3, engineSql: { engine: errorText(engineMessage), engineMessage, statements: ['CALL x;'], notes: [] } };
    const text = (html: string) => html.replace(/<[^>]+>/g, '');
    const en = text(renderToStaticMarkup(<PreviewBody preview={{ ...base, overBudget: over }} />));
    expect(en).toContain('Run the same maintenance on a cluster (Spark SQL with the Iceberg runtime):');
    const cn = text(renderToStaticMarkup(<MessagesContext.Provider value={zh}><PreviewBody preview={{ ...base, overBudget: over }} /></MessagesContext.Provider>));
    expect(cn).toContain('启用 Iceberg 运行时的 Spark SQL');
    expect(cn).not.toContain('with the Iceberg runtime');
  });

  it('shows no engine SQL panel under the budget', () => {
    expect(renderToStaticMarkup(<PreviewBody preview={{ ...base, noop: false }} />)).not.toContain('over-budget');
  });
});

describe('write preview in the reader\'s language', () => {
  const since = '2026-11-24T00:00:00.000Z';
  const desc = errorRef('note.write.delta.vacuum', { count: 2, since });
  const gone = errorRef('note.write.delta.vacuumGone', { since });
  const fsa = errorRef('note.write.concurrency.fsa', undefined);
  const note = errorRef('note.write.delta.untilVacuum', undefined);
  const vacuum: WritePreviewDto = {
    ...base, format: 'delta', operation: 'vacuum', inputBytes: undefined, noop: false,
    description: errorText(desc), descriptionMessage: desc, warnings: [errorText(gone)], warningMessages: [gone],
    concurrency: errorText(fsa), concurrencyMessage: fsa,
    deletes: [{ key: 'part-0.parquet', kind: 'data', bytes: 10, note: errorText(note), noteMessage: note }],
  };
  const text = (html: string) => html.replace(/<[^>]+>/g, '');

  it('renders the description, file notes, warnings and commit note in Chinese for zh-CN, the data set apart', () => {
    const html = text(renderToStaticMarkup(<MessagesContext.Provider value={zh}><PreviewBody preview={vacuum} /></MessagesContext.Provider>));
    expect(html).toContain(`VACUUM：2 个文件不被保留期内的任何版本引用（${since} 之前移除的文件，以及没有任何提交引用的文件），可以删除。`);
    expect(html).toContain('删除的文件无法恢复');
    expect(html).toContain('从表中移除（文件保留到 VACUUM 为止）');
    expect(html).toContain('本地文件夹（File System Access）');
    expect(html).not.toContain('are referenced by no version');
  });

  it('names a version-hint file group in Chinese without an English phrase (Paimon expire\'s snapshot/EARLIEST hint)', () => {
    const expire = { ...base, operation: 'expire-snapshots', noop: false, inputBytes: undefined, writes: [{ key: 'snapshot/EARLIEST', kind: 'version-hint' as const }] };
    const cn = text(renderToStaticMarkup(<MessagesContext.Provider value={zh}><PreviewBody preview={expire} /></MessagesContext.Provider>));
    expect(cn).toContain('1 版本提示文件（version-hint）');
    expect(cn).not.toContain('version hint');
    expect(text(renderToStaticMarkup(<PreviewBody preview={expire} />))).toContain('1 version hints');
  });

  it('labels VACUUM\'s delete list as its own (not expire\'s "become unreachable"), in both languages', () => {
    const second = { ...vacuum, deletesNeedSecondConfirmation: true };
    const en = text(renderToStaticMarkup(<PreviewBody preview={second} />));
    expect(en).toContain('Files VACUUM can delete');
    expect(en).not.toContain('Files that become unreachable');
    const cn = text(renderToStaticMarkup(<MessagesContext.Provider value={zh}><PreviewBody preview={second} /></MessagesContext.Provider>));
    expect(cn).toContain('VACUUM 可删除的文件');
    expect(cn).not.toContain('将变得不可达的文件');
    // Expire keeps its label.
    expect(text(renderToStaticMarkup(<PreviewBody preview={{ ...second, operation: 'expire-snapshots' }} />))).toContain('Files that become unreachable');
  });

  it('keeps the English for English readers, and shows a preview without messages as its English text', () => {
    const html = text(renderToStaticMarkup(<PreviewBody preview={vacuum} />));
    for (const s of [vacuum.description, vacuum.warnings[0]!, 'removed from the table (the file stays until VACUUM)', vacuum.concurrency]) expect(html).toContain(s);
    const plain = { ...vacuum, descriptionMessage: undefined, warningMessages: undefined, concurrencyMessage: undefined };
    expect(text(renderToStaticMarkup(<MessagesContext.Provider value={zh}><PreviewBody preview={plain} /></MessagesContext.Provider>))).toContain(vacuum.description);
  });
});

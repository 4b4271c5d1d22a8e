import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { errorRef } from '../../core/messages/message-parts.ts';
import { en, type Messages } from '../../core/messages/en.ts';
import { zh } from '../../core/messages/zh.ts';
import { MessagesContext } from '../common/messages.ts';
import { ReadWarnings } from './read-warnings.tsx';

const message = errorRef('error.hudi.log.corruptBlock', { file: 'p/a.log.1', offset: 6, bytes: 40, detail: errorRef('error.hudi.log.notBlock', { file: 'p/a.log.1', bytes: 40, offset: 6 }) });
const render = (catalog: Messages, withMessage = true) => renderToStaticMarkup(
  <MessagesContext.Provider value={catalog}>
    <ReadWarnings warnings={['hudi log: p/a.log.1: corrupt block at offset 6 (…); 40 bytes skipped as Hudi does']} messages={withMessage ? [message] : undefined} />
  </MessagesContext.Provider>,
);

describe('ReadWarnings (the Data and Query tabs)', () => {
  it('shows each skipped region in the reader’s language, the file as data', () => {
    expect(render(zh)).toContain('偏移 6 处的日志块已损坏');
    expect(render(zh)).toContain('role="alert"');
    expect(render(en)).toContain('corrupt block at offset 6');
  });

  it('shows the English sentence when there is no message, and nothing when there is no warning', () => {
    expect(render(zh, false)).toContain('corrupt block at offset 6');
    expect(renderToStaticMarkup(<ReadWarnings />)).toBe('');
  });
});

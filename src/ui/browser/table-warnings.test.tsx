import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TableWarnings } from './table-warnings.tsx';

describe('TableWarnings banner', () => {
  it('names the unreadable file as an alert, and renders nothing for a clean table', () => {
    const html = renderToStaticMarkup(<TableWarnings warnings={['the newest metadata/v5.metadata.json cannot be read (x): showing metadata/v4.metadata.json instead; writes are refused']} writeRefusal="writes are refused: …" />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('metadata/v5.metadata.json cannot be read');
    expect(renderToStaticMarkup(<TableWarnings />)).toBe('');
    expect(renderToStaticMarkup(<TableWarnings warnings={[]} />)).toBe('');
  });
});

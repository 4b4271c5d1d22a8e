import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../core/api/table-dto.ts';
import { en, type Messages } from '../../core/messages/en.ts';
import { explained } from '../../core/messages/message-format.ts';
import { MessagesContext } from '../common/messages.ts';
import { Inspector } from './inspector.tsx';
import { zh } from '../../core/messages/zh.ts';
import { formatTime } from '../common/format.ts';

/** A second language stand-in: every message renders as «key». */
const pseudo = Object.fromEntries(Object.keys(en).map((k) => [k, () => `«${k}»`])) as unknown as Messages;

const node: TreeNode = {
  id: 'dv:x', kind: 'deletion-vector', label: 'DV for a.parquet', hasChildren: false,
  ...explained('tree.iceberg.deletionVector', { records: '1', referencedDataFile: 's3://b/a.parquet', deleted: false }),
};

const render = (catalog?: Messages) => renderToStaticMarkup(
  <MessagesContext.Provider value={catalog ?? en}>
    <Inspector item={{ kind: 'node', node }} format="iceberg" warehouseId="w" collapsed={false} onToggle={() => {}} />
  </MessagesContext.Provider>,
);

describe('Inspector text comes from the catalog', () => {
  it('renders English by default, with plural-safe counts', () => {
    const html = render();
    expect(html).toContain('A deletion vector: a Roaring bitmap of the 1 deleted row position of s3://b/a.parquet');
    expect(html).toContain('aria-label="Inspector"');
  });

  it('renders a tree node from its message key, not its English explanation, in another catalog', () => {
    const html = render(pseudo);
    // The explanation paragraph renders the key; the English text stays only in the raw record below it.
    expect(html).toContain('data-testid="inspector-explanation"><bdi class="safe-text">«tree.iceberg.deletionVector»</bdi></p>');
    expect(html).toContain('aria-label="«ui.inspector.label»"');
    expect(html).toContain('«ui.inspector.rawRecord»');
  });

  it('explains each kind of change in the table’s own format, the change log too, all from the catalog', () => {
    const explain = (change: 'changed' | 'changes', format: 'iceberg' | 'delta' | 'paimon' | 'hudi', catalog: Messages = en) => renderToStaticMarkup(
      <MessagesContext.Provider value={catalog}>
        <Inspector item={{ kind: 'change', change }} format={format} warehouseId="w" collapsed={false} onToggle={() => {}} />
      </MessagesContext.Provider>,
    );
    const formats = ['iceberg', 'delta', 'paimon', 'hudi'] as const;
    const texts = formats.map((f) => explain('changes', f));
    // Each format says where its change log comes from, in its own terms, and the texts differ.
    expect(texts[0]).toContain('derived');
    expect(texts[1]).toContain('change data feed');
    expect(texts[2]).toContain('changelog-producer');
    expect(texts[2]).toContain('derived by comparing');
    expect(texts[3]).toContain('incremental query');
    expect(new Set(texts.map((h) => h.match(/data-testid="inspector-explanation">(.*?)<\/p>/)?.[1])).size).toBe(4);
    const delta = explain('changed', 'delta');
    expect(delta).toContain('Changed — in Delta');
    // The other kinds are listed below it, the change log among them, as prose.
    expect(delta).toContain('<span class="prose">');
    expect(delta).toContain('Change log');
    const pseudoHtml = explain('changed', 'hudi', pseudo);
    expect(pseudoHtml).toContain('«ui.diff.explain.heading»');
    expect(pseudoHtml).toContain('data-testid="inspector-explanation"><bdi class="safe-text">«ui.diff.explain.changed»</bdi></p>');
  });
});

describe('hostile strings in the inspector (issue 18)', () => {
  const big = `start-${'x'.repeat(100_000)}`;
  const version = {
    id: '42', timestampMs: 0, operation: 'append<img src=x onerror=alert(1)>', refs: [], isCurrent: true, totals: {},
    summary: { 'evil\u202Eexe.live': 'name\u202Efdp.exe', 'bell': 'a\x07b\x1b[2J', huge: big },
  };
  const html = renderToStaticMarkup(
    <MessagesContext.Provider value={en}>
      <Inspector item={{ kind: 'version', version }} format="iceberg" warehouseId="w" collapsed={false} onToggle={() => {}} />
    </MessagesContext.Provider>,
  );

  it('shows bidi overrides and control characters as marks, never live', () => {
    expect(html).not.toContain('\u202E');
    expect(html).not.toContain('\x07');
    expect(html).not.toContain('\x1b');
    expect(html).toContain('evil<span class="ctl-mark" title="an invisible control character, shown as a mark">⟨U+202E⟩</span>exe.live');
    expect(html).toContain('\\x1b');
  });

  it('renders markup as text', () => {
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('caps a 100 KB property with a "show all" toggle', () => {
    expect(html).toContain('show all (');
    // The property and the raw record each keep only their cap, not the 100,000 characters.
    expect(html.length).toBeLessThan(60_000);
  });
});

describe('times in a version summary and a tree node', () => {
  const ms = 1_733_000_000_000;
  const version = { id: '3', timestampMs: ms, operation: 'WRITE', refs: [], isCurrent: true, totals: {},
    summary: { fileModificationTime: String(ms), timestamp: String(ms), 'metric.executionTimeMs': '1733', readVersion: '2' } };
  const node: TreeNode = { id: 'n', kind: 'data-file', label: 'part-0.parquet', hasChildren: false, explanation: 'A data file.', details: { modificationTime: String(ms), size: '1024' } };
  const render = (catalog: Messages, item: Parameters<typeof Inspector>[0]['item']) => renderToStaticMarkup(
    <MessagesContext.Provider value={catalog}><Inspector item={item} format="delta" warehouseId="w" collapsed={false} onToggle={() => {}} /></MessagesContext.Provider>,
  );

  it('shows Delta\'s fileModificationTime, timestamp and an add\'s modificationTime as times (UTC in the title), not grouped numbers, in both languages', () => {
    const { local, utc } = formatTime(ms);
    for (const catalog of [en, zh]) {
      const html = render(catalog, { kind: 'version', version });
      expect(html).not.toContain('1,733,000,000,000');
      expect(html.split(`title="${utc}"`).length - 1).toBe(3); // committed, fileModificationTime, timestamp
      expect(html).toContain(local.split(' ')[0]);
      expect(html).toContain('1,733'); // a duration stays a number
      const tree = render(catalog, { kind: 'node', node });
      expect(tree).not.toContain('1,733,000,000,000');
      expect(tree).toContain(`title="${utc}"`);
    }
  });
});

describe('64-bit counters in a version summary', () => {
  it('are shown exactly (Paimon writes commitIdentifier Long.MAX; a JS number rounded it to …776,000)', () => {
    const version = { id: '8', timestampMs: 0, operation: 'COMPACT', refs: [], isCurrent: true, totals: {}, summary: { commitIdentifier: '9223372036854775807', small: '1234' } };
    const html = renderToStaticMarkup(
      <MessagesContext.Provider value={en}>
        <Inspector item={{ kind: 'version', version }} format="paimon" warehouseId="w" collapsed={false} onToggle={() => {}} />
      </MessagesContext.Provider>,
    );
    expect(html).toContain('9,223,372,036,854,775,807');
    expect(html).toContain('1,234');
  });
});

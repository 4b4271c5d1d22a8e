import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../core/api/table-dto.ts';
import { en } from '../../core/messages/en.ts';
import { zh } from '../../core/messages/zh.ts';
import { translator } from '../common/messages.ts';
import { commonAffixes } from '../common/format.ts';
import { type TreeRow, visibleRows } from './tree-model.ts';
import { messageRowText, nodeRowText } from './tree-row-view.ts';

const EN = translator(en);
const ZH = translator(zh);
type NodeRow = Extract<TreeRow, { type: 'node' }>;
const NONE = { prefix: 0, suffix: 0 };

function rowOf(node: TreeNode, expanded = false): NodeRow {
  return { type: 'node', key: node.id, node, depth: 2, expanded, index: 0, siblings: 1 };
}

const dataFile: TreeNode = {
  id: 'f1', kind: 'data-file', label: 'data/00000-0-a.parquet', location: 'warehouse/t/data/00000-0-a.parquet', path: 's3://b/t/data/00000-0-a.parquet',
  explanation: '', hasChildren: false, size: 1_572_864, details: { status: 'added', recordCount: 123_456, partition: 'day=2024-01-01' },
};

describe('nodeRowText', () => {
  it('writes a data file row in English: icon, label, kind, summary with grouped counts, size and the exact bytes', () => {
    const r = nodeRowText(rowOf(dataFile), NONE, new Set(), EN);
    expect(r).toEqual({
      glyph: '▮', color: '#2e9d57', twisty: '', label: 'data/00000-0-a.parquet', kind: 'data file',
      summary: 'added · 123,456 rows · day=2024-01-01', size: '1.50 MiB', sizeTitle: '1,572,864 bytes',
      title: 's3://b/t/data/00000-0-a.parquet', deleted: false, isNew: false,
    });
  });

  it('writes the same row in Chinese', () => {
    const r = nodeRowText(rowOf(dataFile), NONE, new Set(), ZH);
    expect(r.kind).toBe('数据文件');
    expect(r.summary).toBe('新增 · 123,456 行 · day=2024-01-01');
    expect(r.sizeTitle).toBe('1,572,864 字节');
  });

  it('shows the twisty by the open state, and no size when the node has none', () => {
    const manifest: TreeNode = { id: 'm', kind: 'manifest', label: 'm0.avro', explanation: '', hasChildren: true, details: { content: 'data', addedFiles: 3 } };
    expect(nodeRowText(rowOf(manifest, false), NONE, new Set(), EN)).toMatchObject({ twisty: '▸', size: '', sizeTitle: '', glyph: '▤', summary: 'data · +3 files', title: 'm0.avro' });
    expect(nodeRowText(rowOf(manifest, true), NONE, new Set(), EN).twisty).toBe('▾');
  });

  it('cuts a long label where its siblings agree, so what tells them apart stays', () => {
    const names = Array.from({ length: 3 }, (_, i) => `data/order_day=2024-01-0${i + 1}/00000-${i}-33acc529-aaaa-bbbb-cccc-0123456789ab.parquet`);
    const nodes: TreeNode[] = names.map((label, i) => ({ id: `f${i}`, kind: 'data-file', label, explanation: '', hasChildren: false }));
    const rows = visibleRows(nodes, () => undefined, new Set()) as NodeRow[];
    const labels = rows.map((r) => nodeRowText(r, commonAffixes(names), new Set(), EN).label);
    for (const l of labels) expect(l.length).toBeLessThanOrEqual(48);
    expect(new Set(labels).size).toBe(3);
    expect(labels[1]).toContain('2024-01-02');
    // The whole name is the tooltip.
    expect(nodeRowText(rows[1]!, commonAffixes(names), new Set(), EN).title).toBe(names[1]);
  });

  it('marks a deleted entry and a file the sandbox wrote', () => {
    const deleted = { ...dataFile, details: { ...dataFile.details, status: 'deleted' } };
    expect(nodeRowText(rowOf(deleted), NONE, new Set(), EN).deleted).toBe(true);
    expect(nodeRowText(rowOf(dataFile), NONE, new Set(['other/key']), EN).isNew).toBe(false);
    expect(nodeRowText(rowOf(dataFile), NONE, new Set(['warehouse/t/data/00000-0-a.parquet']), EN).isNew).toBe(true);
  });

  it('cuts a summary past 200 characters and keeps control characters for the marks (tooltips show them as marks)', () => {
    const long: TreeNode = { ...dataFile, path: 'a\u202Eexe.txt', details: { status: 'added', recordCount: 1, partition: 'p='.padEnd(400, 'x') } };
    const r = nodeRowText(rowOf(long), NONE, new Set(), EN);
    expect(r.summary.length).toBe(200);
    expect(r.summary.endsWith('…')).toBe(true);
    expect(r.title).toBe('a⟨U+202E⟩exe.txt');
  });
});

describe('messageRowText', () => {
  const base = { depth: 1, parentKey: 'p', parentId: 'p' } as const;
  it('says loading and empty in the reader\'s language', () => {
    expect(messageRowText({ type: 'loading', key: 'k', ...base }, EN)).toEqual({ text: 'Loading…', className: 'muted small' });
    expect(messageRowText({ type: 'empty', key: 'k', ...base }, ZH)).toEqual({ text: '（空）', className: 'muted small' });
  });

  it('cuts a long error at 300 characters with an ellipsis, the whole message in the tooltip', () => {
    const message = `manifest m0.avro: ${'x'.repeat(1000)}`;
    const r = messageRowText({ type: 'error', key: 'k', error: { code: 'Corrupt', message }, ...base }, EN);
    expect(r.className).toBe('error-inline small');
    expect(r.text).toBe(`⚠ ${message.slice(0, 300)}…`);
    expect(r.title).toBe(message);
    const short = messageRowText({ type: 'error', key: 'k', error: { message: 'bad' }, ...base }, EN);
    expect(short.text).toBe('⚠ bad');
  });

  it('an error without a message says "failed"', () => {
    expect(messageRowText({ type: 'error', key: 'k', error: undefined, ...base }, ZH).text).toBe('⚠ 失败');
  });
});

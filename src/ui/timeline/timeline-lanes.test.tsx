/**
 * Issue 20, found by the zh-CN walk of an Iceberg copy after a rollback (e2e/i18n-writes-zh.spec.ts, err12): the
 * lane of snapshots no branch reaches was labelled "unreferen…" and its tooltip, like a mark's ref lines
 * ("tag zh_tag") and a tag flag's tooltip, stayed English in a Chinese page. English renders as before.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { VersionDto } from '../../core/api/table-dto.ts';
import { zh } from '../../core/messages/zh.ts';
import { MessagesContext } from '../common/messages.ts';
import { buildLanes } from './lanes.ts';
import { TimelineLanes } from './timeline-lanes.tsx';

const v = (id: string, parentId?: string, refs: VersionDto['refs'] = [], isCurrent = false): VersionDto => ({
  id, parentId, timestampMs: Number(id) * 1000, operation: 'append', summary: {}, totals: {}, refs, isCurrent,
});

// Main rolled back to 1: snapshot 3 (tagged) is on no branch.
const versions = [v('1', undefined, [{ name: 'main', type: 'branch' }], true), v('2', '1'), v('3', '2', [{ name: 'zh_tag', type: 'tag' }])];

function lanes(chinese: boolean): string {
  const svg = <TimelineLanes width={600} versions={versions} layout={buildLanes(versions)} domain={[1000, 3000]} series={[]} onSelect={() => {}} onZoom={() => {}} />;
  return renderToStaticMarkup(chinese ? <MessagesContext.Provider value={zh}>{svg}</MessagesContext.Provider> : svg);
}

describe('timeline lanes in the reader\'s language', () => {
  it('zh-CN: the lane of versions on no branch, its tooltip and a mark\'s ref line are Chinese', () => {
    const html = lanes(true);
    expect(html).toContain('不在分支上');
    expect(html).toContain('不在任何分支上的版本');
    expect(html).toContain('分支：main');
    expect(html).toContain('标签 zh_tag');
    expect(html).toContain('标签 zh_tag → 3');
    expect(html).not.toMatch(/unreferen|versions on no branch|tag zh_tag/);
  });

  it('English: the labels and tooltips read as before', () => {
    const html = lanes(false);
    expect(html).toContain('unreferen…');
    expect(html).toContain('versions on no branch: unreferenced');
    expect(html).toContain('branch: main');
    expect(html).toContain('tag zh_tag');
    expect(html).toContain('tag zh_tag → 3');
  });
});

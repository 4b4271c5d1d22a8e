/** Simplified Chinese (zh-CN) text of en-notes2.ts, key for key. */
import type { enNotes2 } from './en-notes2.ts';

const REASON: Readonly<Record<string, string>> = {
  'full': '全量合并',
  'size-amplification': '空间放大：较新的 run 加起来超过了最老 run 的 compaction.max-size-amplification-percent，于是合并所有 run',
  'size-ratio': '大小比例：每个后续 run 最多比之前选中的 run 大 compaction.size-ratio %',
  'run-count': 'run 数量：sorted run 多于 num-sorted-run.compaction-trigger',
};

function runList(level0: number, upper: string): string {
  return [...(level0 > 0 ? [`${level0} 个第 0 层文件`] : []), ...upper.split(', ').filter(Boolean).map((l) => `第 ${l} 层`)].join('、');
}

export const zhNotes2: { readonly [K in keyof typeof enNotes2]: (...args: Parameters<(typeof enNotes2)[K]>) => string } = {
  'note.lsm.explain.levels': () => '主键表的每个桶都是一棵 LSM 树。写入者把排好序的文件刷写到第 0 层；'
    + '那里的每个文件各自是一个 sorted run，键范围可能重叠。第 1 层及以上每层只有一个 sorted run：'
    + '键范围互不相交的文件。读取时按键合并所有 run，保留序列号最大的那条记录。',
  'note.lsm.explain.minorCompaction': () => '小合并（universal）：当一个桶的 sorted run 数达到 num-sorted-run.compaction-trigger'
    + '（默认 5）时，写入者把其中一些 run（从最新的开始，总包括第 0 层）合并成更高层上的一个 run，'
    + '这样读取时要合并的 run 更少。当最老 run 之上的 run 比它大得多时（空间放大），Paimon 也会合并。',
  'note.lsm.explain.fullCompaction': () => '全量合并把一个桶的所有 sorted run 合并到最高层（num-levels - 1）。'
    + '被删除的键消失，每个键只存一份，之后读取这个桶无需合并。',
  'note.lsm.explain.deletionVectors': () => '开启 deletion-vectors.enabled 后，合并不重写较高层的文件，而是在删除向量'
    + '（index/ 下的文件）中标记被取代的行。读取时跳过第 0 层（尚未合并）并丢弃被标记的行，'
    + '因此读取无需合并；所以 APPEND 快照显示的是上一次合并时的状态。',
  'note.lsm.next.appendPick': (p) => `${p.files} 个文件达到 compaction.min.file-num：下一次合并会把它们重写成一个文件。`,
  'note.lsm.next.pick': (p) =>
    `${p.runs} 个 sorted run（num-sorted-run.compaction-trigger = ${p.trigger}）：universal 合并会把最新的 ${p.merged} 个 run`
    + `（${p.files} 个文件）合并到第 ${p.level} 层，原因是${REASON[p.reason] ?? p.reason}${p.dropDelete ? '；被删除的键会被丢弃' : ''}。`,
  'note.lsm.next.append': () => '追加表：没有 LSM 合并；合并只是把小文件重写成大文件。',
  'note.lsm.next.due': (p) =>
    `${p.runs} 个 sorted run（${runList(p.level0, p.upper)}）达到了 num-sorted-run.compaction-trigger = ${p.trigger}：下一次写入会合并它们，`
    + `把第 0 层的文件和其上的 run 合并成一个 sorted run（最高到第 ${p.top} 层）。`,
  'note.lsm.next.below': (p) => {
    const more = p.trigger - p.runs;
    const dv = p.dvLevel0 > 0 ? `开启删除向量时，写入者的 lookup 合并无论如何都会在下一次合并时把这 ${p.dvLevel0} 个第 0 层文件上移，在此之前读取者看不到它们。` : '';
    return `${p.runs} 个 sorted run（${runList(p.level0, p.upper) || '空'}）低于 num-sorted-run.compaction-trigger = ${p.trigger}：`
      + `按 run 数量还不需要合并；再刷写 ${more} 次就会触发一次。${dv}`;
  },
  'tree.delta.checkpointLabel': (p) => `checkpoint ${p.version}（${p.naming}${p.parts > 1 ? `，共 ${p.parts} 个分片` : ''}）`,
  'tree.delta.fileActionLabel': (p) => `${p.action} ${p.path}${p.dv ? ' + 删除向量' : ''}`,
  'tree.delta.dvLabel': (p) => `删除向量（删除 ${p.rows} 行，${p.storage === 'i' ? '内联' : p.storage === 'u' ? '相对路径' : '绝对路径'}）`,
  'tree.hudi.label.timeline': (p) => `时间线（${p.instants} 个 instant）`,
  'tree.hudi.label.root': () => '（表根目录：未分区）',
  'tree.hudi.label.instant': (p) => `${p.time} ${p.action}${p.archived ? '（已归档）' : ''}${p.pending ? `（${p.pending}：未完成，从不读取）` : ''}${p.after ? '（在这个版本之后）' : ''}`,
  'tree.hudi.label.fileGroup': (p) => `文件组 ${p.id}`,
  'tree.hudi.label.slice': (p) => `文件片 @${p.instant}${p.latest ? '（最新：读取）' : '（较旧：不读取）'}`,
  'tree.hudi.label.corrupt': () => '损坏区域（已跳过）',
  'tree.hudi.label.block': (p) => `${p.type} @${p.instant}${p.target ? ` → 回滚 ${p.target}` : ''}${p.visible ? '' : '（在这个版本中不可见）'}`,
  'facts.value.unpartitioned': () => '无（未分区）',
  'facts.value.latestWins': () => '无（最新的提交胜出）',
  'facts.value.appendTable': () => '无（追加表）',
};

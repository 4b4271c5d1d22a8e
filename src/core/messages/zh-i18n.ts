/** Simplified Chinese (zh-CN) of en-i18n.ts, key for key. */
import { groupedCount } from './catalog.ts';
import type { enI18n } from './en-i18n.ts';

/** One cached Intl.NumberFormat (toLocaleString builds one per call; the tree's rows call this per row). */
const num = (c: number): string => groupedCount('zh-CN', c);

const KINDS: Readonly<Record<string, string>> = {
  table: '表', 'metadata-file': '元数据文件', snapshot: '快照', 'manifest-list': 'manifest list', manifest: 'manifest',
  'data-file': '数据文件', 'delete-file': '删除文件', 'deletion-vector': '删除向量', 'statistics-file': '统计文件',
  checkpoint: '检查点', commit: '提交', 'lsm-level': 'LSM 层', 'file-slice': '文件切片', 'log-file': '日志文件',
};

const WORDS: Readonly<Record<string, string>> = { added: '新增', existing: '已有', deleted: '已删除', data: '数据', deletes: '删除' };

export const zhI18n: { readonly [K in keyof typeof enI18n]: (...args: Parameters<(typeof enI18n)[K]>) => string } = {
  'tree.summary.spec': (p) => `分区规范 ${p.id}`,
  'tree.summary.files': (p) => `${p.counts} 个文件`,
  'tree.summary.rows': (p) => `${num(p.count)} 行`,
  'tree.summary.vectors': (p) => `${num(p.count)} 个向量`,
  'tree.summary.level': (p) => `第 ${p.level} 层`,
  'tree.summary.seq': (p) => `序列号 ${p.seq}`,
  'tree.summary.formatVersion': (p) => `格式 v${p.version} · ${num(p.snapshots)} 个快照`,
  'tree.summary.word': (p) => WORDS[p.word] ?? p.word,
  'note.noSnapshotYet': () => '该表还没有快照',
  'note.atVersion': (p) => `${p.version}：${String(p.note)}`,
  'note.iceberg.via.current': () => '所选快照：当前快照',
  'note.iceberg.via.id': (p) => `所选快照：快照 id ${p.id}`,
  'note.iceberg.via.ref': (p) => `所选快照：${p.type === 'branch' ? '分支' : '标签'} "${p.name}"`,
  'note.iceberg.via.log': (p) => `所选快照：${p.at} 的 snapshot-log 条目`,
  'note.iceberg.idWins': (p) => `"${p.text}" 既是快照 id 又是${p.type === 'branch' ? '分支' : '标签'}名；以快照 id 为准（与 Spark 相同）`,
  'note.iceberg.pathNormalised': (p) => `删除文件 ${p.path} 把数据文件 ${p.manifest} 写作 ${p.written}：规范化 scheme、authority 和百分号编码后才匹配上`,
  'note.delta.asOf': (p) => `版本 ${p.version} 是 ${p.at} 或之前最新的版本（依据 ${p.source}）`,
  'note.delta.lastCheckpoint': (p) => `_last_checkpoint 指向检查点 ${p.version}；日志从那里开始列出`,
  'note.delta.lastCheckpointMissing': (p) => `_last_checkpoint 指向的检查点 ${p.version} 缺失或不完整；列出了整个日志`,
  'note.delta.segmentCheckpoint': (p) => `版本 ${p.version}：检查点 ${p.checkpoint}（${p.naming}，${num(p.files)} 个文件）+ ${num(p.commits)} 次提交`,
  'note.delta.segmentCommits': (p) => `版本 ${p.version}：从版本 0 起 ${num(p.commits)} 次提交（无检查点）`,
  'note.delta.utcPartitions': () => '不带时区的时间戳分区值按 UTC 读取（日志没有记录写入方的时区）',
  'note.delta.cdfOn': () => '已设置 delta.enableChangeDataFeed：写了变更数据文件（_change_data/）的提交从这些文件读取，其余提交从其 add/remove 动作读取',
  'note.delta.cdfOff': () => '未设置 delta.enableChangeDataFeed：变更来自每次提交的 add/remove 动作和删除向量（没有更新前/后镜像）',
  'note.paimon.asOf': (p) => `快照 ${p.id} 是 ${p.at} 时的最新快照（提交于 ${p.committed}）`,
  'note.paimon.expiredTag': (p) => `快照 ${p.id} 已过期；从标签 '${p.tag}' 读取`,
  'note.paimon.tag': (p) => `标签 '${p.tag}' → 快照 ${p.id}`,
  'note.paimon.branch': (p) => `分支 '${p.branch}'${p.latest === undefined ? ' 没有快照' : ` → 其最新快照 ${p.latest}`}`,
  'note.diff.notAncestor': (p) => `${p.earlier} 不是 ${p.later} 的祖先（另一分支，或其历史已过期）：对比直接比较两个状态`,
  'note.diff.schemasDiffer': (p) => `schema 不同：${p.earlier} 的行按 ${p.later} 的 schema 比较（之后新增的列读为 null，删除的列略去，重命名的列按${p.byName ? '名称' : '字段 id'}匹配）`,
  'note.changes.derived': (p) => `由每个版本与其父版本的行级对比推导${p.key ? `，更新按 ${p.key} 配对` : '（无主键：更新显示为一次删除和一次插入）'}`,
  'note.changes.notInLog': (p) => `${p.versions}：不在${p.log}中；${String(p.derived)}`,
  'tree.kind': (p) => KINDS[p.kind] ?? p.kind,
};

/** Simplified Chinese (zh-CN) text of en-writes3.ts, key for key: Iceberg write previews, their warnings and the warnings after a commit. */
import type { enWrites3 } from './en-writes3.ts';
import { bytes } from './health-format.ts';

/** Ref types (the `refType` word parameter) in Chinese, as zh-errors3.ts says them. */
const REF_TYPE: Record<string, string> = { tag: '标签', branch: '分支', ref: '引用' };

export const zhWrites3: { readonly [K in keyof typeof enWrites3]: (...args: Parameters<(typeof enWrites3)[K]>) => string } = {
  'note.write.iceberg.rollback': (p) => `把 main 从 snapshot ${p.from} 回滚到它的祖先 ${p.to}`,
  'note.write.iceberg.setCurrent': (p) => `把 snapshot ${p.id} 设为当前 snapshot（main 原先在 ${p.main}）`,
  'note.write.iceberg.setCurrentEmpty': (p) => `把 snapshot ${p.id} 设为当前 snapshot（main 原先为空）`,
  'note.write.iceberg.otherLine': () => '该 snapshot 位于另一条历史线上：当前 snapshot 及其在共同祖先之后的祖先将离开 main 的历史',
  'note.write.iceberg.createTag': (p) => `在 snapshot ${p.id} 上创建标签 ${p.name}`,
  'note.write.iceberg.moveTag': (p) => `把标签 ${p.name} 从 ${p.from} 移到 snapshot ${p.id}`,
  'note.write.iceberg.createBranch': (p) => `在 snapshot ${p.id} 上创建分支 ${p.name}`,
  'note.write.iceberg.moveBranch': (p) => `把分支 ${p.name} 移到 snapshot ${p.id}`,
  'note.write.iceberg.removeRef': (p) => `删除${REF_TYPE[p.refType] ?? p.refType} ${p.name}（指向 snapshot ${p.id}）；它的 snapshot 会保留到过期为止`,
  'note.write.iceberg.fastForward': (p) => `把 ${p.name} 从 ${p.from} 快进到 ${p.to}（${p.target}）`,
  'note.write.iceberg.cherryPick': (p) => `在 main 上重新应用 ${p.operation} 类型的 snapshot ${p.id}：新增 ${p.added} 个文件${p.removed ? `，移除 ${p.removed} 个` : ''}`,
  'note.write.iceberg.cherryPickForward': (p) => `把 main 从 ${p.from} 快进到它的子 snapshot ${p.id}（不产生新 snapshot）`,
  'note.write.iceberg.expire': (p) => `使 ${p.total} 个 snapshot 中的 ${p.expire} 个过期${p.refs ? `，并移除 ${p.refs} 个已过期的引用` : ''}；之后将有 ${p.files} 个文件（已知大小共 ${bytes(p.bytes)}）变得不可达`,
  'note.write.iceberg.expireNothing': () => '没有需要过期的 snapshot',
  'note.write.iceberg.expireFailed': (p) => `${p.count} 个文件无法删除，现已成为孤儿文件`,
  'note.write.iceberg.deleteCow': (p) => `删除 ${p.rows} 行：整体移除 ${p.whole} 个文件，重写 ${p.partial} 个文件以去掉这些行`,
  'note.write.iceberg.deleteDv': (p) => `删除 ${p.rows} 行：整体移除 ${p.whole} 个文件，为 ${p.partial} 个文件添加 deletion vector`,
  'note.write.iceberg.deletePositions': (p) => `删除 ${p.rows} 行：整体移除 ${p.whole} 个文件，为 ${p.partial} 个文件添加 position delete 文件`,
  'note.write.iceberg.overwrite': (p) => `用 ${p.added} 行新数据替换匹配过滤条件的 ${p.removed} 行；移除或重写 ${p.files} 个文件`,
  'note.write.iceberg.rows': (p) => `${p.count} 行`,
  'note.write.iceberg.schema': (p) => `修改 schema（${p.changes}）；不重写任何数据文件`,
  'note.write.iceberg.spec': (p) => `新的默认 partition spec：${p.fields}；已有数据保留原来的 spec`,
  'note.write.iceberg.specUnpartitioned': () => '新的默认 partition spec：不分区；已有数据保留原来的 spec',
  'note.write.iceberg.orphans': (p) => `删除 ${p.count} 个孤儿文件（${p.bytes} 字节）；共列出 ${p.scanned} 个文件，发现 ${p.found} 个孤儿文件`,
  'note.write.iceberg.orphansRecent': (p) => `${p.count} 个孤儿文件太新，暂不删除（可能属于正在进行的提交）`,
  'note.write.iceberg.orphansFailed': (p) => `${p.count} 个孤儿文件无法删除`,
  'note.write.iceberg.mergeManifests': (p) => `把 ${p.groups} 组中的 ${p.replaced} 个小 manifest 合并；${p.kept} 个保持不变`,
  'note.write.iceberg.mergeNone': () => '无需合并：没有两个小 manifest 的内容类型和 spec 相同',
  'note.write.iceberg.manifestsStay': () => '被替换的 manifest 会保留在存储上，直到使用它们的 snapshot 过期',
  'note.write.iceberg.mergeNothing': () => '没有需要合并的 manifest',
  'note.write.iceberg.compactNothing': () => '没有需要合并的文件',
  'note.write.iceberg.hintNotUpdated': (p) => `version-hint.text 没有更新（${p.error}）；列出 metadata/ 的读取方仍能找到 ${p.key}`,
  'note.write.iceberg.hintNotWritten': (p) => `version-hint.text 没有写入（${p.error}）`,
  'note.write.iceberg.oldMetadataLeft': (p) => `${p.count} 个旧元数据文件无法删除`,
};

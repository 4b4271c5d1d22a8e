/** Simplified Chinese (zh-CN) text of en-writes2.ts, key for key: write previews' descriptions, file notes, warnings and commit notes. */
import type { enWrites2 } from './en-writes2.ts';

export const zhWrites2: { readonly [K in keyof typeof enWrites2]: (...args: Parameters<(typeof enWrites2)[K]>) => string } = {
  'note.write.onApply': () => '应用时写入',
  'note.write.onApplyCreate': () => '应用时写入（仅在不存在时创建）',
  'note.write.both': (p) => `${p.first}；${p.second}`,
  'note.write.concurrency.s3': () => '原子提交：下一个元数据文件只在尚不存在时才创建（S3 上用 If-None-Match: *）。'
    + '如果另一个写入方先提交，本次写入会以冲突失败（操作允许时会重试）——绝不会覆盖已有文件。',
  'note.write.concurrency.fsa': () => '本地文件夹（File System Access）：下一个元数据文件的独占创建由 Web Locks 保证，而 Web Locks 只能协调本浏览器的标签页。'
    + '同时写这个文件夹的其他程序（Spark、Flink、另一个浏览器）无法排除——请确保没有。',
  'note.write.concurrency.joined': (p) => `${p.storage}${p.format}`,
  'note.write.delta.concurrency': () => 'Delta 的提交方式是：下一个 _delta_log/NNNNNNNNNNNNNNNNNNNN.json 只在尚不存在时才创建。'
    + '竞争失败的写入方会读取胜出的那次提交：追加写入顺延到下一个版本；若要改动的文件在此期间已被移除（或在表有任何变化后执行 RESTORE），则以 Conflict 失败。',
  'note.write.delta.appendLog': () => '应用时写入（仅在不存在时创建；该版本已被占用时用下一个空闲版本）',
  'note.write.delta.untilVacuum': () => '从表中移除（文件保留到 VACUUM 为止）',
  'note.write.delta.withDv': (p) => `带 deletion vector（已删除 ${p.rows} 行）`,
  'note.write.delta.addedBack': () => '重新加回表中（文件仍在存储上）',
  'note.write.delta.optimizeOut': (p) => `${p.count} 个或更多，应用时写入`,
  'note.write.delta.cdcDeleted': () => 'CDC 数据（delta.enableChangeDataFeed）：被删除的行，应用时写入',
  'note.write.delta.cdcUpdated': () => 'CDC 数据（delta.enableChangeDataFeed）：更新前后的行，应用时写入',
  'note.write.delta.matchRemoved': (p) => `${p.count} 行匹配；从表中移除`,
  'note.write.delta.matchRemovedDv': (p) => `${p.count} 行匹配；从表中移除，并带 deletion vector 重新加入`,
  'note.write.delta.appendNone': () => 'WRITE（append）：没有要添加的行。',
  'note.write.delta.append': (p) => `WRITE（append）：把 ${p.count} 行写成新的数据文件，作为版本 ${p.version}。这是盲追加：期间若有其他写入方提交，会顺延到下一个版本。`,
  'note.write.delta.appendPartitioned': (p) => `WRITE（append）：把 ${p.count} 行写成新的数据文件（按 ${p.columns} 每个分区一个），作为版本 ${p.version}。这是盲追加：期间若有其他写入方提交，会顺延到下一个版本。`,
  'note.write.delta.noMatch': (p) => `${p.op}：没有行匹配 ${p.where}。`,
  'note.write.delta.deleteDv': (p) => `DELETE：${p.files} 个文件中匹配 ${p.where} 的 ${p.count} 行，在 deletion vector 中标记为已删除（不重写数据文件）。`,
  'note.write.delta.deleteCow': (p) => `DELETE：${p.files} 个文件中匹配 ${p.where} 的 ${p.count} 行，通过重写包含它们的文件来删除（copy-on-write）。`,
  'note.write.delta.updateDv': (p) => `UPDATE：${p.files} 个文件中匹配 ${p.where} 的 ${p.count} 行，旧行在 deletion vector 中标记为已删除（不重写数据文件），更新后的行写成新文件。`,
  'note.write.delta.updateCow': (p) => `UPDATE：${p.files} 个文件中匹配 ${p.where} 的 ${p.count} 行，旧行通过重写包含它们的文件来移除（copy-on-write），更新后的行写成新文件。`,
  'note.write.delta.optimizeNone': () => '无需 OPTIMIZE：没有哪个分区有两个以上的小文件，也没有带 deletion vector 的文件。',
  'note.write.delta.optimize': (p) => `OPTIMIZE：${p.bins} 个 bin 中的 ${p.files} 个文件将重写为大约 ${p.bins} 个文件，每个最多 ${p.bytes} 字节，并应用 deletion vector；提交带 dataChange=false（行不变）。`,
  'note.write.delta.restore': (p) => `RESTORE 到版本 ${p.target}：新版本 ${p.next} 的有效文件与版本 ${p.target} 相同——移除 ${p.removed} 个文件，加回 ${p.added} 个。历史保留：这次 RESTORE 本身也可以再 RESTORE。`,
  'note.write.delta.restoreMetadata': (p) => `RESTORE 到版本 ${p.target}：新版本 ${p.next} 的有效文件与版本 ${p.target} 相同——移除 ${p.removed} 个文件，加回 ${p.added} 个，schema 和表属性也恢复为该版本的。历史保留：这次 RESTORE 本身也可以再 RESTORE。`,
  'note.write.delta.vacuumNone': (p) => `VACUUM：表下没有既未被引用、又早于保留期（${p.since} 之前移除）的文件。`,
  'note.write.delta.vacuum': (p) => `VACUUM：${p.count} 个文件不被保留期内的任何版本引用（${p.since} 之前移除的文件，以及没有任何提交引用的文件），可以删除。`,
  'note.write.delta.vacuumGone': (p) => `删除的文件无法恢复：time travel 到用过这些文件的版本（${p.since} 之前移除）将不再可用。只有在你单独确认删除后，才会真正删除。`,
  'note.write.delta.vacuumConcurrency': () => 'VACUUM 不产生提交：它逐个删除未被引用的文件。删除前会重新读取表的状态，期间又被引用的文件会保留下来。',
  'note.write.delta.vacuumReportOnly': () => '仅报告：没有删除任何文件（删除需要单独确认）。',
  'note.write.delta.vacuumKept': (p) => `${p.count} 个文件在预览之后又被引用，已保留。`,
  'note.write.delta.vacuumFailed': (p) => `${p.count} 个文件无法删除（例如 ${p.file}）；请稍后再运行一次 VACUUM。`,
};

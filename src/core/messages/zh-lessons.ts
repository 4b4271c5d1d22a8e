/** Simplified Chinese (zh-CN) text of the lesson list and the Delta and Paimon lessons, key for key as en-lessons.ts. */
import type { enLessons, enSandboxResume } from './en-lessons.ts';

const num = (c: number): string => c.toLocaleString('zh-CN');

export const zhLessons: { readonly [K in keyof typeof enLessons]: (...args: Parameters<(typeof enLessons)[K]>) => string } = {
  'ui.lessons.open': () => '课程',
  'ui.lessons.open.title': () => '每种格式一门约六步的导览课程，在此沙盒的表上进行：每一步都读取或写入真实的表，并指出相关的文件',
  'ui.lessons.listHeading': () => '此沙盒中的课程',
  'ui.lessons.listTitle': () => '动手学习表格式',
  'ui.lessons.none': () => '此沙盒中没有课程所用的演示表。请打开演示仓库并选择“在这里试试”。',
  'ui.lessons.toList': () => '全部课程',
  'ui.lessons.heading': (p) => `${p.lesson} · 第 ${num(p.step)} 步，共 ${num(p.of)} 步`,
  'ui.lessons.iceberg.name': () => 'Iceberg 课程',
  'ui.lessons.iceberg.blurb': () => 'events/clicks：快照、manifest、Puffin 文件中的删除向量（deletion vector）、合并（compaction）、时间旅行、回滚。',
  'ui.lessons.delta.name': () => 'Delta 课程',
  'ui.lessons.delta.blurb': () => 'logistics/shipments：_delta_log、add 与 remove 动作、删除向量、OPTIMIZE、时间旅行、RESTORE。',
  'ui.lessons.paimon.name': () => 'Paimon 课程',
  'ui.lessons.paimon.blurb': () => 'inventory/stock：快照、主键表的 LSM 层级、-D 行、全量合并、时间旅行、回滚。',

  'ui.lessons.delta.version.text': () => '一张 Delta 表就是它的日志：_delta_log/ 中每个版本有一个 JSON 提交文件（00…0.json、00…1.json……），每个文件是一组动作——添加一个数据文件、移除一个、修改元数据。一个版本就是截至它的所有提交之和；每隔几个版本会有一个 checkpoint（Parquet）把它们汇总，读取时就不必重放整个日志。',
  'ui.lessons.delta.append.text': () => '一次追加会写入新的 Parquet 数据文件——它涉及的每个分区一个，这里是 region=north 和 region=south——以及一个新的提交文件，其中每个数据文件对应一个 add 动作。之前的文件都不会被改动：下一个版本就是旧版本加上这些 add。',
  'ui.lessons.delta.append.action': () => '追加四条发货记录（真实写入）',
  'ui.lessons.delta.delete.text': () => '启用 delta.enableDeletionVectors 后，DELETE 不会重写数据文件：对每个含有被删行的文件，它写入一个删除向量（行位置的位图，存于 deletion_vector_….bin 文件），并提交该文件的 remove 以及同一文件带 deletionVector 的 add。读取时会跳过被标记的行。',
  'ui.lessons.delta.delete.action': () => '删除延误的发货记录（真实写入）',
  'ui.lessons.delta.compact.text': () => 'OPTIMIZE 把每个分区的小文件重写为更大的文件，同时应用删除向量，并以 dataChange 为 false 提交旧文件的 remove 和新文件的 add：行数据不变。旧文件会留在文件夹中供旧版本使用，直到 VACUUM 删除它们。',
  'ui.lessons.delta.compact.action': () => '立即对表执行 OPTIMIZE（真实写入）',
  'ui.lessons.delta.timeTravel.text': () => '读取旧版本时只重放到该版本为止的日志（从最近的 checkpoint 开始）：OPTIMIZE 之前的版本仍指向那些小文件及其删除向量，它们都还在文件夹里。',
  'ui.lessons.delta.rollback.text': () => 'RESTORE 通过写入一个新的提交，让某个旧版本的文件重新成为表的文件：加回该版本拥有的文件，移除它没有的文件。不写入也不删除任何数据文件，历史继续向前——这次恢复本身也是一个版本。',

  'ui.lessons.delta.result.version': (p) => `当前版本是 ${p.version}，是 _delta_log 中 ${num(p.versions)} 个提交里最新的一个（最近的 checkpoint：版本 ${p.checkpoint}）。读取它会读取 ${num(p.files)} 个文件。`,
  'ui.lessons.delta.result.append': (p) => `版本 ${p.version} 以 ${num(p.files)} 个新数据文件追加了 ${num(p.rows)} 行；它的提交文件包含 ${num(p.adds)} 个 add 动作。之前的文件都没有改变。`,
  'ui.lessons.delta.result.delete': (p) => `版本 ${p.version}：${num(p.removes)} 个 remove 和 ${num(p.adds)} 个 add 动作；这些 add 带有 ${num(p.vectors)} 个删除向量，写入了 ${num(p.dvFiles)} 个文件；重写的数据文件 ${num(p.rewritten)} 个。`,
  'ui.lessons.delta.result.compact': (p) => `版本 ${p.version}（OPTIMIZE）：${num(p.files)} 个新数据文件，日志从表中移除了 ${num(p.removes)} 个——从文件夹中删除了 ${num(p.deleted)} 个。请查看“此次写入做了什么”。`,
  'ui.lessons.delta.result.timeTravel': (p) => `版本 ${p.then} 读取 ${num(p.oldFiles)} 个文件，其中 ${num(p.withVectors)} 个带有删除向量；当前版本 ${p.now} 读取 ${num(p.nowFiles)} 个文件。`,
  'ui.lessons.delta.result.rollback': (p) => `版本 ${p.version} 恢复到版本 ${p.target}：写入 ${num(p.written)} 个文件，其中数据文件 ${num(p.data)} 个；它的提交重新加回 ${num(p.adds)} 个文件，移除 ${num(p.removes)} 个。`,

  'ui.lessons.paimon.version.text': () => 'Paimon 表的一个版本就是一个快照文件 snapshot/snapshot-N（LATEST 指向最新的那个）。它指向 manifest list，manifest list 指向列出每个 bucket 数据文件的 manifest。在主键表中，每个 bucket 是一棵 LSM 树：文件分布在 level 0 和更高的层级上，读取时按主键合并。',
  'ui.lessons.paimon.append.text': () => '一次 upsert 会把新行按主键排序，作为新文件写到它涉及的每个 bucket 的 level 0，然后写入一个 manifest、manifest list 和一个新快照（APPEND）。旧文件保持不变：读取时合并各个 sorted run，保留序列号最大的记录。',
  'ui.lessons.paimon.append.action': () => 'Upsert 四行库存（真实写入）',
  'ui.lessons.paimon.delete.text': () => '删除不会改动存放这些行的文件：它为这些主键写入 DELETE（-D）记录，同样作为 level-0 文件。读取时把它们与较旧的 run 合并并丢弃被删除的主键；合并（compaction）会将它们彻底移除。',
  'ui.lessons.paimon.delete.action': () => '在两个仓库中删除 SKU-0003（真实写入）',
  'ui.lessons.paimon.compact.text': () => '全量合并把一个 bucket 的所有 sorted run——包括 level 0——合并为最高层级上的一个 run，并应用 -D 记录（LSM 标签页展示各层级以及 universal compaction 接下来会选中的文件）。它提交一个 COMPACT 快照；行数据不变，旧文件留给较旧的快照，直到它们过期。',
  'ui.lessons.paimon.compact.action': () => '立即执行全量合并（真实写入）',
  'ui.lessons.paimon.timeTravel.text': () => '读取较旧的快照就是读取它列出的文件：合并之前的快照仍有它的 level-0 文件，读取时必须按主键合并；当前快照读取合并后的最高层级。',
  'ui.lessons.paimon.rollback.text': () => '回滚（非破坏性的那种）写入一个新的最新快照，其内容是某个旧快照的内容：由 manifest 移除之后的文件并加回之前的文件。不写入也不删除任何数据文件；每个快照都仍可读取。',

  'ui.lessons.paimon.result.version': (p) => `当前快照是 ${p.version}，共 ${num(p.versions)} 个快照之一。它在 ${num(p.buckets)} 个 bucket 中列出 ${num(p.files)} 个文件，其中 ${num(p.level0)} 个在 level 0。`,
  'ui.lessons.paimon.result.append': (p) => `快照 ${p.version} 把 ${num(p.rows)} 行写成 ${num(p.files)} 个数据文件，其中 ${num(p.level0)} 个在 level 0；表中现在有 ${num(p.total0)} 个 level-0 文件。旧文件都没有改变。`,
  'ui.lessons.paimon.result.delete': (p) => `快照 ${p.version} 在 ${num(p.files)} 个文件中记录了 ${num(p.deletes)} 条 -D 行，其中 ${num(p.level0)} 个文件在 level 0；删除了 ${num(p.deleted)} 个文件，没有重写任何文件。level 0 现在有 ${num(p.total0)} 个文件。`,
  'ui.lessons.paimon.result.compact': (p) => `快照 ${p.version}（COMPACT）把 ${num(p.inputs)} 个文件合并为 level ${p.top} 上的 ${num(p.outputs)} 个；level 0 现在有 ${num(p.level0)} 个文件，整张表 ${num(p.filesNow)} 个。`,
  'ui.lessons.paimon.result.timeTravel': (p) => `快照 ${p.then} 读取 ${num(p.oldFiles)} 个文件，其中 ${num(p.oldLevel0)} 个在 level 0（读取时按主键合并）；当前快照 ${p.now} 读取 ${num(p.nowFiles)} 个文件，${num(p.nowLevel0)} 个在 level 0。`,
  'ui.lessons.paimon.result.rollback': (p) => `快照 ${p.version} 使快照 ${p.target} 的内容成为最新：写入 ${num(p.written)} 个文件，其中数据文件 ${num(p.data)} 个，删除 ${num(p.deleted)} 个。level 0 又有 ${num(p.level0)} 个文件。`,

  'ui.lessons.hudi.name': () => 'Hudi 导览',
  'ui.lessons.hudi.blurb': () => '这张 Hudi 表，只读（Lakescope 不写 Hudi）：timeline、一个 file group 的 base file 与 log file、时间旅行、增量读取。',
  'ui.lessons.hudi.timeline.title': () => '什么是版本：timeline',
  'ui.lessons.hudi.timeline.text': () => 'Hudi 表的历史就是它的 timeline：.hoodie/ 下以 instant 时间和动作（commit、deltacommit、clean、compaction、rollback……）命名的文件，每个都经历 requested、inflight，再到 completed。一个版本就是一个已完成的 instant；读取时忽略其余的。Hudi 在 Lakescope 中是只读的，所以这个导览只读取、从不写入。',
  'ui.lessons.hudi.timeline.action': () => '读取 timeline',
  'ui.lessons.hudi.fileGroup.title': () => 'base file 与 log file',
  'ui.lessons.hudi.fileGroup.text': () => '行数据存放在 file group 中，每个 file group 保存一组记录主键，并由一个 file id 命名。一个 file group 是一系列 slice；最新的 slice 是一个 base file（Parquet，由 commit 或 compaction 写入），在 merge-on-read 表上还有若干 log file，其中的 block 保存之后的 upsert 和删除。读取时按记录主键把 log block 合并到 base file 上；合并（compaction）会把它们折叠进新的 base file。',
  'ui.lessons.hudi.fileGroup.action': () => '找出最新的带 log file 的 slice',
  'ui.lessons.hudi.timeTravel.text': () => '读取较旧的 instant 时，对每个 file group 读取它当时的 slice：base file 以及截至该 instant 写入的 log file。',
  'ui.lessons.hudi.timeTravel.action': () => '规划读取一个较旧的 instant',
  'ui.lessons.hudi.incremental.title': () => '增量读取读什么',
  'ui.lessons.hudi.incremental.text': () => '增量查询获取某个 instant 之后写入的记录：它只读取之后的 instant 写入的文件，并保留提交时间晚于该 instant 的记录——Hudi 就是这样为下游表提供数据的。',
  'ui.lessons.hudi.incremental.action': () => '读取该 instant 之后的变更',
  'ui.lessons.hudi.result.timeline': (p) => `timeline 中有 ${num(p.instants)} 个已完成的 instant；最新的 ${p.version} 是一次 ${p.operation}。读取它会读取 ${num(p.files)} 个 file slice。`,
  'ui.lessons.hudi.result.empty': () => '最新的 instant 不读取任何文件。',
  'ui.lessons.hudi.result.fileGroup': (p) => `在 instant ${p.instant}，file group ${p.group}（分区 ${p.partition}）：它最新的 slice 是 ${num(p.base)} 个 base file 和 ${num(p.logs)} 个 log file 的 block，读取时按记录主键合并。`,
  'ui.lessons.hudi.result.timeTravel': (p) => `Instant ${p.then} 读取 ${num(p.oldFiles)} 个 slice，带 ${num(p.oldLogs)} 个 log file；最新的 instant ${p.now} 读取 ${num(p.nowFiles)} 个 slice，带 ${num(p.nowLogs)} 个 log file。`,
  'ui.lessons.hudi.result.incremental': (p) => `instant ${p.since} 之后到 ${p.now} 为止写入了 ${num(p.rows)} 条记录，读取自 ${num(p.files)} 个文件。`,
};

export const zhSandboxResume: { readonly [K in keyof typeof enSandboxResume]: (...args: Parameters<(typeof enSandboxResume)[K]>) => string } = {
  'ui.sandbox.resume': () => '打开我的沙盒',
  'ui.sandbox.resume.title': () => '你上次访问时的沙盒仍在此浏览器中，其中的每次写入都还在：直接打开它，而不必重新复制',
};

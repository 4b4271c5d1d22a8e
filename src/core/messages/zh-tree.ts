/**
 * Simplified Chinese (zh-CN) explanations of metadata tree nodes, key for key as en-tree.ts: the same
 * teaching texts, in full.
 */
import { plural } from './catalog.ts';
import type { enTree } from './en-tree.ts';

const n = (count: number | string, unit: string): string => `${count} ${plural('zh-CN', count, { other: unit })}`;
const deleted = (d: boolean): string => (d ? '它被标记为 DELETED：保留用于历史，不会被读取。' : '');
const inPartition = (p: string): string => (p ? `，位于分区 ${p}` : '');

export const zhTree: { readonly [K in keyof typeof enTree]: (...args: Parameters<(typeof enTree)[K]>) => string } = {
  // Iceberg
  'tree.iceberg.metadata': (p) =>
    `表元数据文件（格式 v${p.formatVersion}）：包含 schema、分区规范、排序规则、快照和引用。每次提交都会写出一个新的元数据文件；这个文件是通过 ${p.via} 找到的。`
    + (p.relocatedFrom ? `这张表原本写在 ${p.relocatedFrom}；其中的路径被映射到了打开它的那个文件夹。` : ''),
  'tree.iceberg.manifestList': (p) =>
    `快照 ${p.snapshotId} 的 manifest list（${p.operation}，序列号 ${p.sequenceNumber}）：每个 manifest 占一条记录，带有文件计数和分区值范围，使查询规划可以整块跳过 manifest。`,
  'tree.iceberg.statistics': (p) =>
    `这个快照的 Puffin 统计文件（${p.blobTypes || '没有 blob'}）：仅供参考，读取行时从不需要它。`,
  'tree.iceberg.manifest': (p) =>
    `由快照 ${p.addedSnapshotId} 新增的${p.content === 'data' ? '数据' : '删除'} manifest（序列号 ${p.sequenceNumber}，分区规范 ${p.specId}）：列出${p.content === 'data' ? '数据' : '删除'}文件及其分区值和列统计信息。`,
  'tree.iceberg.deletionVector': (p) =>
    `删除向量：一个 Roaring 位图，记录 ${p.referencedDataFile} 中 ${n(p.records, '个被删除的行位置')}，以 blob 的形式保存在 Puffin 文件中。${deleted(p.deleted)}`,
  'tree.iceberg.positionDeletes': (p) =>
    `这是一个位置删除文件：包含 ${n(p.records, '个')}被删除行的（文件路径，行位置）对${inPartition(p.partition)}。${deleted(p.deleted)}`,
  'tree.iceberg.equalityDeletes': (p) =>
    `这是一个等值删除文件：较早的数据文件中，${plural('zh-CN', p.fieldCount, { other: '字段' })} ${p.fieldIds} 等于它的 ${n(p.records, '行')}中任意一行的那些行会被删除${inPartition(p.partition)}。${deleted(p.deleted)}`,
  'tree.iceberg.dataFile': (p) =>
    `一个 ${p.fileFormat} 数据文件，共 ${n(p.records, '行')}${inPartition(p.partition)}，由 manifest ${p.manifest} 列出。${deleted(p.deleted)}`,

  // Paimon
  'tree.paimon.snapshot': (p) =>
    '快照就是一次提交：一个 JSON 文件，列出描述提交之后表状态的各个 manifest list。'
    + (p.commitKind === 'COMPACT' ? '这次 COMPACT 提交只重写了文件（行不变，sorted run 更少）。'
      : p.commitKind === 'OVERWRITE' ? '这次 OVERWRITE 提交替换了文件（INSERT OVERWRITE、回滚，或按分区删除）。'
        : '这次 APPEND 提交新增了写入器写出的文件。'),
  'tree.paimon.schema': () =>
    '表的 schema：带有稳定 id 的字段、分区键、主键和选项。每次 ALTER TABLE 都会写出一个新的 schema 文件；数据文件会记录它是用哪个 schema 写的。',
  'tree.paimon.list.base': () =>
    'Base manifest list：描述这次提交之前表的每个数据文件的 manifest。与 delta list 按顺序一起读取，就得到存活的文件。',
  'tree.paimon.list.delta': () =>
    'Delta manifest list：这次提交写出的 manifest——它新增（ADD）和删除（DELETE）的文件。增量读取只看这里。',
  'tree.paimon.list.changelog': () =>
    'Changelog manifest list：这次提交生成的 changelog 文件（由 changelog-producer 生成），供流式读取器使用。',
  'tree.paimon.indexManifest': () =>
    'Index manifest：这个快照按分区和桶列出的每个索引文件——删除向量（标记数据文件中被删除的行）和动态分桶的哈希索引。',
  'tree.paimon.lsm': () =>
    '主键表的每个桶都是一棵 LSM 树。写入器把排好序的文件刷写到第 0 层；那里的每个文件各自是一个 sorted run，键范围可能重叠。第 1 层及以上每层只有一个 sorted run：由键范围互不相交的文件组成。读取时按键合并所有 run，保留序列号最大的那条记录。',
  'tree.paimon.manifest': (p) =>
    `一个 manifest：Avro 条目，每条新增或删除某个分区和桶中的一个数据文件（${p.list} list）。`,
  'tree.paimon.dataFile': (p) =>
    `${p.removes ? '删除' : '新增'}桶 ${p.bucket} 中的一个数据文件`
    + (p.primaryKey ? `，位于 LSM 第 ${p.level} 层；其中的行按主键排序，序列号为 ${p.minSequence}..${p.maxSequence}。` : '。')
    + (p.source === 'COMPACT' ? '由一次合并写出。' : p.source === 'APPEND' ? '由写入器写出。' : ''),
  'tree.paimon.dvIndexFile': (p) =>
    `桶 ${p.bucket} 的删除向量索引文件：每个数据文件一个位图，标记被后来的数据替换或删除的行。`,
  'tree.paimon.indexFile': (p) =>
    `桶 ${p.bucket} 的 ${p.indexType} 索引文件（动态分桶的键 → 桶分配）。`,
  'tree.paimon.deletionVector': () =>
    '一个数据文件的删除向量：记录被删除行位置的 Roaring 位图（长度、魔数、位图、CRC）。读取器会跳过这些行。',
  'tree.paimon.bucket': (p) =>
    p.primaryKey
      ? `这个桶的 LSM 树：${n(p.sortedRuns, '个 sorted run')}；达到 ${n(p.trigger, '个 run')}时触发合并${p.due ? '，现在已经该合并了' : ''}。run 越少，每次读取要合并的文件越少。`
      : '这个桶中存活的文件。',
  'tree.paimon.level0': () => '第 0 层：写入器刷写出的文件；每个文件是一个 sorted run，键范围可能重叠。',
  'tree.paimon.level': (p) => `第 ${p.level} 层：一个 sorted run——由合并产生的、键范围互不相交的文件。`,
  'tree.paimon.lsmFile': (p) =>
    `键 ${p.minKey}..${p.maxKey}，序列号 ${p.minSequence}..${p.maxSequence}`
    + (p.deletedRows ? `；${n(p.deletedRows, '行')}被删除向量标记为已删除。` : '。'),

  // Delta
  'tree.delta.checkpoint': (p) =>
    `检查点是版本 ${p.version} 时表的完整状态——协议、元数据以及每个存活的文件——这样读取器就不必重放它之前的提交。`
    + (p.naming === 'uuid' ? '这个 V2 检查点以 UUID 命名；它的 add/remove 操作可能放在 sidecar 文件中。' : p.naming === 'multi-part' ? '这个多部分检查点被拆分到多个 Parquet 文件中；必须全部存在。' : ''),
  'tree.delta.commit': (p) =>
    `提交 ${p.version}：一个按行分隔的 JSON 文件，其中的操作以原子方式应用到版本 ${p.previous} 上。文件名就是版本号；以“不存在时才写入”（put-if-absent）的方式写出它，正是提交具有原子性的原因。`,
  'tree.delta.more': (p) => `这里只列出前 ${n(p.shown, '个操作')}。`,
  'tree.delta.add': (p) =>
    'add：使这个逻辑文件成为表的一部分。逻辑文件是一个数据文件加上一个可选的删除向量，以（路径，删除向量 id）为键。'
    + (p.dataChange ? '' : 'dataChange=false：它只是重新排列已有的行（例如 OPTIMIZE）或添加统计信息。'),
  'tree.delta.remove': (p) =>
    'remove：移除这个逻辑文件；它会作为墓碑保留，直到 VACUUM 可以删除它。逻辑文件是一个数据文件加上一个可选的删除向量，以（路径，删除向量 id）为键。'
    + (p.dataChange ? '' : 'dataChange=false：它只是重新排列已有的行（例如 OPTIMIZE）或添加统计信息。'),
  'tree.delta.sidecar': () =>
    'Sidecar 文件：_delta_log/_sidecars/ 中的一个 Parquet 文件，保存 V2 检查点的一部分 add 和 remove 操作，使检查点可以拆分和复用。',
  'tree.delta.action.commitInfo': () => 'commitInfo：谁做了什么（操作、参数、指标、引擎）。只用于溯源，不改变表。',
  'tree.delta.action.protocol': () => 'protocol：客户端读写这张表必须实现的读取器/写入器版本和表特性。',
  'tree.delta.action.metaData': () => 'metaData：表的 id、schema、分区列和配置。以最新的一个为准。',
  'tree.delta.action.txn': () => 'txn：应用程序的进度标记（appId，version），与其写入一起原子地记录，用于幂等的流式写入。',
  'tree.delta.action.domainMetadata': () => 'domainMetadata：具名配置（例如 delta.rowTracking、delta.clustering）；每个域以最新的为准。',
  'tree.delta.action.checkpointMetadata': () => 'checkpointMetadata：标记一个 V2 检查点及其版本。',
  'tree.delta.action.cdc': () => 'cdc：保存这次提交行级变更（_change_type）的变更数据文件，供变更数据流查询读取。',
  'tree.delta.action.other': (p) => `${p.type}：本浏览器按原样显示的一个操作。`,
  'tree.delta.deletionVector': (p) =>
    '删除向量：一个 Roaring 位图，记录数据文件中被删除行的位置。'
    + (p.inline ? '它以 Z85 编码内联存放在日志中。' : '它存放在一个 .bin 文件的这个偏移处，格式为 [大小][位图][CRC-32]；一个文件可以保存多个数据文件的向量。'),

  // Hudi
  'tree.hudi.properties': (p) =>
    `表的配置：一张${p.mergeOnRead ? '读时合并表（更新写入日志文件，读取时合并）' : '写时复制表（更新会重写基础文件）'}，表版本为 ${p.version}。`
    + `记录由 ${p.recordKeys || '（没有键字段）'}标识${p.orderingField ? `，合并时 ${p.orderingField} 较大的记录胜出` : ''}。`,
  'tree.hudi.timeline': () =>
    '活动时间线：表上的每个操作都是一个 instant，经历 requested → inflight → completed。只有已完成的 instant 对读取器可见。',
  'tree.hudi.partition': () => '一个分区文件夹：其中的文件组，每个文件组由一个基础文件和（读时合并时）写在其上的日志文件组成。',
  'tree.hudi.instant.commit': () => '一次 commit 写出了新的基础文件（写时复制的写入，或一次已完成的合并）。',
  'tree.hudi.instant.deltacommit': () => '一次 delta commit 把记录追加到了日志文件（读时合并的写入），或为插入写出了新的基础文件。',
  'tree.hudi.instant.replacecommit': () => '一次 replace commit 用新的文件组整体替换了旧的文件组（insert overwrite 或聚簇）；被替换的组不再被读取。',
  'tree.hudi.instant.compaction': () => '合并（compaction）把一个文件切片的基础文件与其日志文件合并成一个新的基础文件。',
  'tree.hudi.instant.logcompaction': () => '日志合并把多个日志块合并成一个更大的日志块。',
  'tree.hudi.instant.clustering': () => '聚簇（clustering）把文件组重写成新的、组织得更好的文件组；它以 replacecommit 的形式完成。',
  'tree.hudi.instant.clean': () => '一次 clean 删除了早于保留期的文件切片，因此旧版本再也无法读取。',
  'tree.hudi.instant.rollback': () => '一次回滚撤销了失败或不需要的写入：它的文件被删除，或它的日志块被标记为已回滚。',
  'tree.hudi.instant.restore': () => '一次 restore 把表恢复到某个 savepoint，回滚其后的所有操作。',
  'tree.hudi.instant.savepoint': () => 'savepoint 使某个 instant 的文件不被清理，从而保持可读。',
  'tree.hudi.instant.indexing': () => '索引操作异步构建了一个元数据表索引。',
  'tree.hudi.instant.schemacommit': () => '一次 schema commit 记录了一次 schema 变更。',
  'tree.hudi.instant.other': () => '表上的一个操作。',
  'tree.hudi.fileGroup': () => '文件组：同一组记录的所有版本（文件切片）。一个记录键恰好位于其分区中的一个文件组里。',
  'tree.hudi.slice': () => '文件切片：在其基础 instant 写出的一个基础文件，加上此后写出的日志文件。快照读取只使用最新的切片。',
  'tree.hudi.baseFile': () => '基础文件：文件组中的记录在其 instant 时的列式（Parquet）映像。',
  'tree.hudi.logFile': () => '日志文件：追加在基础文件之后的记录块、删除块和命令块；读取时按记录键与基础文件中的记录合并。',
  'tree.hudi.corrupt': (p) => `日志文件中无法分帧的一段区域，因此被跳过：${p.warning}`,
  'tree.hudi.block.avro_data': () => 'Avro 数据块：新的或更新的记录，以 Avro 二进制保存，写入 schema 放在块头中。',
  'tree.hudi.block.parquet_data': () => 'Parquet 数据块：以内嵌 Parquet 文件形式保存的新记录或更新的记录。',
  'tree.hudi.block.hfile_data': () => 'HFile 数据块：排好序的键值记录（元数据表）。',
  'tree.hudi.block.delete': () => '删除块：这个 instant 删除的记录键，以及它们的排序值。',
  'tree.hudi.block.command': () => '命令块：一次回滚，把之前某个失败 instant 的块标记为作废。',
  'tree.hudi.block.corrupt': () => '损坏块：无法分帧的字节；已跳过。',
  'tree.hudi.block.cdc_data': () => '变更数据块：用于变更数据捕获（CDC）的前后镜像；快照读取时不读取。',
  'tree.hudi.block.other': () => '一个日志块。',
  'tree.paimon.lsmLabel': (p) => (p.primaryKey ? 'LSM 树（按桶和层级的存活文件）' : '按桶的存活文件'),
};

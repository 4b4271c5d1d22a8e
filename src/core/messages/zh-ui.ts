/**
 * Simplified Chinese (zh-CN) text of the explorer's screens, key for key as en-ui.ts. Format terms follow
 * the Chinese Iceberg/Paimon docs: 快照 (snapshot), manifest / manifest list (kept), schema (kept),
 * 分区 (partition), 桶 (bucket), 合并 (compaction), 提交 (commit), 删除向量 (deletion vector).
 */
import { groupedCount, plural } from './catalog.ts';
import type { enUi } from './en-ui.ts';

const num = (c: number): string => groupedCount('zh-CN', c);
const n = (c: number, unit: string): string => `${num(c)} ${plural('zh-CN', c, { other: unit })}`;

export const zhUi: { readonly [K in keyof typeof enUi]: (...args: Parameters<(typeof enUi)[K]>) => string } = {
  'ui.writes.overBudget.title': (p) => `未在此浏览器中执行：它将读取 ${p.read}，超过单次重写 ${p.budget} 的预算。`,
  'ui.writes.overBudget.run': (p) => `在集群上执行同样的维护（${p.engine}）：`,
  'ui.writes.overBudget.none': () => '此操作在这里没有对应的引擎语句：请在集群上用引擎执行。',
  'ui.writes.overBudget.copy': () => '复制 SQL',
  'ui.writes.overBudget.label': () => '引擎 SQL',
  'ui.writes.overBudget.budget': () => '此浏览器中单次重写的预算（GiB）',
  'ui.writes.overBudget.save': () => '保存',
  'ui.writes.overBudget.saved': () => '已保存在此浏览器：重新预览即可生效。',
  'ui.writes.overBudget.footer': () => '没有写入任何内容：复制上面的 SQL，在集群上执行。',
  // Connect screen
  'ui.connect.tagline': () => '在浏览器中运行的湖仓浏览器：就地读取 Iceberg、Delta Lake、Paimon 和 Hudi 表，无需服务器。',
  'ui.connect.waysLabel': () => '打开方式',
  'ui.connect.way.demo': () => '演示仓库',
  'ui.connect.way.demo.sub': () => '内置，无需任何设置',
  'ui.connect.way.folder': () => '本地文件夹',
  'ui.connect.way.folder.sub': () => '这台电脑上的文件',
  'ui.connect.way.s3': () => 'S3 兼容存储桶',
  'ui.connect.way.s3.sub': () => 'AWS、阿里云 OSS、R2、MinIO、Ceph',
  'ui.connect.way.url': () => '公开 URL',
  'ui.connect.way.url.sub': () => '通过 https 访问的静态文件夹',
  'ui.connect.demo.text': () =>
    'Lakescope 自带的一个小型仓库，由本页面自己的 Web 服务器提供：四张 Apache Iceberg 表、一张 Delta Lake 表和一张 Apache Paimon 表，均由 Lakescope 自己的写入器写成——'
    + 'sales/orders（删除、一次覆盖写、一次合并、一个标签和一个 audit 分支）、sales/customers（数据擦除）、events/clicks（带删除向量的 v3 格式）、'
    + 'events/sessions、logistics/shipments（Delta：删除向量、OPTIMIZE、RESTORE、检查点）和 inventory/stock（Paimon：upsert、删除、一次 LSM 合并）；'
    + '还有一个由三种格式讲述的故事——story/iceberg、story/delta 和 story/paimon 以相同的历史保存相同的账户（“格式对比”并排展示它们）。'
    + '这里为只读——“在这里试试”会把它复制到此浏览器中的沙盒，在那里每次写入都会显示它对文件做了什么。其中的 README.txt 讲述了每张表的经历。',
  'ui.connect.demo.open': () => '打开演示仓库',
  'ui.common.opening': () => '正在打开…',

  // Tab notes
  'ui.tabNote.tree': (p) =>
    `所选版本的元数据树——${{
      iceberg: 'metadata.json → manifest list → manifest → 数据文件、删除文件和删除向量',
      delta: '_delta_log 中的提交和检查点 → add/remove 操作 → 数据文件和删除向量',
      paimon: '快照 → base 与 delta manifest list → manifest → 按 LSM 层级和桶划分的数据文件',
      hudi: '时间线 instant → 文件组 → 文件切片（基础文件 + 日志文件）',
    }[p.format]}——按需展开，每个节点都附有原始字节和简短说明。`,
  'ui.tabNote.partitions': () => '分区规范（partition spec）及其演变，以及所选版本中每个分区的文件数、行数和字节数。',
  'ui.tabNote.schema': () => '当前 schema 及其历史：按版本列出新增、重命名、改类型和删除的字段。',
  'ui.tabNote.data': () => '所选版本的行，以 Arrow 格式从 worker 流式传来（先到的行先显示），支持过滤和时间旅行。',
  'ui.tabNote.refused': () => '读取器无法打开这张表（概览页说明了原因），因此本页没有内容；文件页和原始页仍会显示它的字节。',

  // Inspector
  'ui.inspector.label': () => '检查器',
  'ui.inspector.show': () => '显示检查器',
  'ui.inspector.hide': () => '隐藏检查器（讲解面板）',
  'ui.inspector.hideButton': () => '隐藏 ▸',
  'ui.inspector.collapsedButton': () => '◂ 检查器',
  'ui.inspector.empty': () => '在时间线上选择一个版本，或在树中选择一个节点、一个字段、一个分区或一个文件，查看它是什么。',
  'ui.inspector.openRaw': () => '打开原始文件',
  'ui.inspector.rawRecord': () => '原始记录',
  'ui.inspector.yes': () => '是',
  'ui.inspector.no': () => '否',
  'ui.inspector.all': () => '全部',
  'ui.inspector.version.title': (p) => `版本 ${p.id}`,
  'ui.inspector.version.operation': () => '操作',
  'ui.inspector.version.committed': () => '提交时间',
  'ui.inspector.version.parent': () => '父版本',
  'ui.inspector.version.schemaId': () => 'Schema id',
  'ui.inspector.version.sequenceNumber': () => '序列号',
  'ui.inspector.version.refs': () => '引用',
  'ui.inspector.version.current': () => '当前版本',
  'ui.inspector.version.rows': () => '行数',
  'ui.inspector.version.explainSnapshot': () =>
    '快照：一次提交之后表的全部数据文件和删除文件，经由其 manifest list 访问。读取较早的快照就是时间旅行；快照摘要中的计数器在提交时写入。',
  'ui.inspector.version.explain': () => '表的一个版本：一次提交之后的状态。选中它后，所有视图都按这个版本作答。',
  'ui.inspector.node.location': () => '位置',
  'ui.inspector.node.size': () => '大小',
  'ui.inspector.node.byteRange': () => '字节范围',
  'ui.inspector.field.subtitle': (p) => `字段 id ${p.id} · ${p.type}`,
  'ui.inspector.field.id': () => '字段 id',
  'ui.inspector.field.noId': () => '无（此格式按名称跟踪列）',
  'ui.inspector.field.type': () => '类型',
  'ui.inspector.field.required': () => '必填',
  'ui.inspector.field.schema': () => 'Schema',
  'ui.inspector.field.doc': () => '说明',
  'ui.inspector.field.explain': () =>
    '列按字段 id 而不是按名称跟踪：重命名保留 id（以及数据），被删除列的 id 永不复用；在某列出现之前写入的数据文件读取该列时得到 null（或其初始默认值）。',
  'ui.inspector.field.explainByName': () =>
    '这张表的 schema 没有字段 id：读取器按名称匹配列，因此重命名会被读成一个新列（旧文件中没有它的值），而删除后又以同名加回的列会重新得到旧值。',
  'ui.inspector.field.specLink': () => 'Iceberg 规范 › schema 演变',
  'ui.inspector.partition.subtitle': (p) => `分区规范 ${p.specId}`,
  'ui.inspector.partition.dataFiles': () => '数据文件',
  'ui.inspector.partition.records': () => '记录数（删除前）',
  'ui.inspector.partition.bytes': () => '字节数',
  'ui.inspector.partition.deleteFiles': () => '删除文件',
  'ui.inspector.partition.explain': () =>
    '分区：分区元组取这些值的所有文件。查询规划会（经由分区转换）把过滤条件与分区值比较，从而整块跳过分区而无需打开其中的文件。',
  'ui.inspector.partition.specLink': () => 'Iceberg 规范 › 分区',
  'ui.inspector.file.subtitle': () => '规划读取的数据文件',
  'ui.inspector.file.records': () => '记录数',
  'ui.inspector.file.size': () => '大小',
  'ui.inspector.file.deletes': () => '应用的删除文件',
  'ui.inspector.file.rowGroups': () => '行组',
  'ui.inspector.file.specId': () => '分区规范',
  'ui.inspector.file.explain': () =>
    '这个版本要读取的数据文件：它的行，减去其删除文件（或删除向量）去掉的行。有过滤条件时，只读取统计信息可能匹配的行组。',

  // Error panels
  'ui.error.headline.Cors': () => '浏览器拒绝了请求（CORS）',
  'ui.error.headline.Auth': () => '密钥被拒绝',
  'ui.error.headline.NotFound': () => '未找到',
  'ui.error.headline.Io': () => '无法连接存储',
  'ui.error.headline.DataInvalid': () => '文件无效',
  'ui.error.headline.Unsupported': () => '不支持',
  'ui.error.headline.Conflict': () => '已被他人抢先修改',
  'ui.error.headline.Aborted': () => '已取消',
  'ui.error.headline.Internal': () => 'Lakescope 内部出错',
  'ui.error.headline.unknown': () => '出错了',
  'ui.error.code.unknown': () => '错误',
  'ui.error.advice.Auth': () => '服务器对签名请求返回了 401/403。请检查 Access Key ID 和密钥、会话令牌是否已过期、区域是否与存储桶一致，'
    + '以及这些密钥是否有权列出和读取该存储桶。',
  'ui.error.advice.NotFound': (p) => `${p.where ?? '所请求的位置'} 处不存在任何内容。请检查存储桶、前缀或 URL。`,
  'ui.error.advice.Io': () => '请求在网络上失败，或服务器返回了错误。重试可能会有帮助。',
  'ui.error.advice.DataInvalid': () => '这些字节不符合该格式的规范，Lakescope 不会去猜测答案。',
  'ui.error.advice.Unsupported': () => 'Lakescope 不能读取或执行此操作；错误信息说明了缺少什么。',
  'ui.error.advice.Conflict': () => '对象在读取和写入之间被修改了。请重新加载后再试。',
  'ui.error.advice.Aborted': () => '操作在完成前被取消了。',
  'ui.error.advice.Internal': () => '这是一个缺陷。下面的详细信息有助于报告它。',
  'ui.error.headline.throttled': () => '存储桶正在限流',
  'ui.error.advice.throttled': (p) => `存储桶正在限流（${p.status}）——已以递增的间隔重试 ${p.retries} 次。请等一分钟后重试，或一次少打开几张表。`,
  'ui.error.headline.timeout': () => '存储未能及时响应',
  'ui.error.advice.timeout': (p) => `重试之后仍在 ${p.seconds} 秒内（每个请求的时限）没有响应。服务器或网络停滞了；请稍后重试。`,
  'ui.error.headline.changed': () => '文件在读取过程中被修改',
  'ui.error.advice.changed': () => '有人在两次读取之间替换了这个文件，所以读到的各部分可能不属于同一个文件。请重新打开这张表以读取新版本。',
  'ui.error.details': () => '详细信息',
  'ui.error.retry': () => '重试',

  // Tree
  'ui.tree.empty': () => '这张表没有元数据树。',
  'ui.tree.reading': () => '正在读取表的元数据…',
  'ui.tree.rowsShown': (p) => `显示 ${n(p.count, '行')}`,
  'ui.tree.loadingNodes': (p) => `· 正在加载 ${n(p.count, '个节点')}…`,
  'ui.tree.key.move': () => '移动',
  'ui.tree.key.expand': () => '展开',
  'ui.tree.key.collapse': () => '折叠',
  'ui.tree.key.expandSiblings': () => '展开同级',
  'ui.tree.key.inspect': () => '查看',
  'ui.tree.label': () => '元数据树',
  'ui.tree.loading': () => '正在加载…',
  'ui.tree.emptyNode': () => '（空）',
  'ui.tree.failed': () => '失败',
  'ui.bytes.exact': (p) => `${num(p.count)} 字节`,

  // Left rail
  'ui.rail.label': () => '仓库',
  'ui.rail.filter': () => '筛选表',
  'ui.rail.filterLabel': () => '筛选表（按 / 聚焦）',
  'ui.rail.count': (p) => `${n(p.count, '张表')}`,
  'ui.rail.countFiltered': (p) => `${p.shown} / ${n(p.count, '张表')}`,
  'ui.rail.treeLabel': () => '文件夹和表',
  'ui.rail.noMatch': () => '没有与筛选条件匹配的表。',
  'ui.rail.none': () => '未找到表。',

  // Data tab
  'ui.data.read': () => '读取',
  'ui.data.changesSince': () => '此后的变更',
  'ui.data.changesSinceLabel': () => '只读取这个版本之后写入的记录（该格式的增量查询）',
  'ui.data.wholeVersion': () => '——整个版本——',
  'ui.data.readingChanges': (p) => `${p.since} 之后到 ${p.id} 为止插入或更新的记录（取最新值；不含删除）`,
  'ui.data.refLabel': () => '要读取的版本、分支或标签',
  'ui.data.selectedVersion': (p) => `所选版本 ${p.id}`,
  'ui.data.currentVersion': () => '当前版本',
  'ui.data.columns': (p) => (p.picked ? `列：${p.count} 列中的 ${p.picked} 列` : `列：全部 ${p.count} 列`),
  'ui.data.columnsLabel': () => '要读取的列',
  'ui.data.all': () => '全部',
  'ui.data.onlyFirst': () => '只要前',
  'ui.data.done': () => '完成',
  'ui.data.filterPlaceholder': () => '过滤条件，例如 id > 10 and region = \'eu\'',
  'ui.data.filterLabel': () => '行过滤条件（where）',
  'ui.data.apply': () => '应用',
  'ui.data.clear': () => '清除',
  'ui.data.reading': (p) =>
    `正在读取版本 ${p.id}${p.filter ? `，条件为 ${p.filter}` : ''}`,
};

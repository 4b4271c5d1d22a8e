/** Simplified Chinese (zh-CN) text of the engine errors of en-errors2.ts, key for key. */
import { plural } from './catalog.ts';
import type { enErrors2 } from './en-errors2.ts';

/** Storage operations (the `op` word parameter) in Chinese; an unknown one stays as written. */
const OPS: Record<string, string> = { read: '读取', head: '查看', list: '列出', write: '写入', delete: '删除', presign: '预签名' };
const op = (o: string): string => OPS[o] ?? o;
const status = (s: number, code?: string): string => `HTTP ${s}${code ? ` ${code}` : ''}`;
const typedTail = (why: string) => `不在列式执行器中：${why}；squirreling 会按它的文本或双精度浮点数作答，而不是按它的值`;

export const zhErrors2: { readonly [K in keyof typeof enErrors2]: (...args: Parameters<(typeof enErrors2)[K]>) => string } = {
  'error.because': (p) => `${p.subject}：${p.reason}`,

  'error.s3.subject': (p) => `s3：在 ${p.where} 中${op(p.op)}${p.key === undefined ? '' : ` '${p.key}'`}`,
  'error.s3.anonymousRefused': (p) => `匿名访问被拒绝：这个存储桶不允许所有人这样做；请用密钥连接（${p.status}）`,
  'error.s3.keysRefused': () => 's3：密钥被拒绝——存储桶允许本页面访问（CORS 没有问题），但签名请求被拒绝且没有可读的答复（access key 或 secret 错误、会话令牌已过期，或时钟/区域不匹配）',
  'error.s3.noSuchKey': () => '没有这个键（NoSuchKey）',
  'error.s3.noSuchBucket': (p) => `没有名为 '${p.bucket}' 的存储桶（NoSuchBucket）`,
  'error.s3.signature': () => '签名不匹配：密钥（secret key）错误，或 URL 被改动过（SignatureDoesNotMatch）',
  'error.s3.unknownAccessKey': () => '服务器不认识这个 access key id（InvalidAccessKeyId）',
  'error.s3.expiredToken': () => '会话令牌已过期（ExpiredToken）',
  'error.s3.preconditionFailed': () => '前置条件不成立（412 PreconditionFailed）',
  'error.s3.concurrentWrite': () => '另一个并发的条件写入先成功了；请重试（409 ConditionalRequestConflict）',
  'error.s3.accessDenied': () => '访问被拒绝：这些凭据无权这样做（AccessDenied）',
  'error.s3.forbidden': () => '被拒绝（HTTP 403）：凭据错误，或没有权限',
  'error.s3.status': (p) => `服务器答复 ${status(p.status, p.s3Code)}${p.detail ? `：${p.detail}` : ''}`,
  'error.io.changed': (p) => `${p.subject}：文件在读取期间被改动了（它的 ETag 不再是 ${p.etag}）；请重新打开这张表`,
  'error.io.cutShort': (p) => `${p.subject}：响应内容不完整（只收到 ${p.got} 字节，应为 ${p.declared} 字节）`,
  'error.http.subject': (p) => `http：${op(p.op)} '${p.key}'`,
  'error.http.notFound': (p) => `${p.subject}：找不到（${status(p.status, p.s3Code)}），地址 ${p.url}`,
  'error.http.refused': (p) => `${p.subject}：被拒绝——URL 可能已过期或被改动，或凭据没有权限（${status(p.status, p.s3Code)}），地址 ${p.url}`,
  'error.http.precondition': (p) => `${p.subject}：前置条件不成立（对象已存在或已改变）（${status(p.status, p.s3Code)}），地址 ${p.url}`,
  'error.http.failed': (p) => `${p.subject}：请求失败（${status(p.status, p.s3Code)}），地址 ${p.url}`,
  'error.http.readOnlyWrite': (p) => `http：写入 '${p.key}'：${p.where} 是只读的（这个键没有 PUT URL）`,
  'error.http.readOnlyDelete': (p) => `http：删除 '${p.key}'：${p.where} 是只读的`,
  'error.http.cannotList': (p) => `http：列出：${p.where} 是普通 HTTP 地址，无法列出其中的文件；请按确切路径打开表，或提供键列表`,
  'error.http.noUrl': (p) => `http：${op(p.op)} '${p.key}'：${p.where} 中没有这个键的 URL`,
  'error.http.noIndex': () => 'http：这个 URL 下没有 index.json 键列表（普通 HTTP 无法列出文件；请发布一份，或用 S3 密钥打开存储桶）',
  'error.http.indexNotJson': () => 'http：index.json 不是 JSON（这个 URL 下可能没有已发布的仓库，服务器返回的是别的页面）',
  'error.fetch.cors': (p) => `${p.subject}：浏览器拒绝了这个请求——很可能服务器没有为本页面的来源配置 CORS（或者服务器无法连接）`,
  'error.fetch.failed': (p) => `${p.subject}：请求失败：${p.detail}`,

  'error.open.otherFormat': (p) => `表：${p.location} 是一张 ${p.format} 表（发现了 ${p.evidence}）；当前版本还不能读取 ${p.format} 表`,
  'error.open.notListable': (p) =>
    `表：在 ${p.location} 没有找到表，而这个位置无法列出文件（普通 HTTP）：那里不存在 metadata/version-hint.text、`
    + 'metadata/v1.metadata.json（Iceberg）、schema/schema-0（Paimon）、_delta_log/（Delta Lake）、.hoodie/hoodie.properties（Apache Hudi）中的任何一个；'
    + `对于 Iceberg 表，请给出它某个元数据文件的 URL（…/metadata/<name>.metadata.json）（已查找：${p.formats}）`,
  'error.open.nothing': (p) => `表：${p.location} 处什么也没有（没有这个文件夹，或它是空的）`,
  'error.open.noMetadata': (p) => `表：在 ${p.location} 没有找到表：那里有文件，但顶层没有表的元数据（已查找：${p.formats}、Delta Lake、Apache Hudi）；请给出表自己的文件夹`,
  'error.open.cannotRead': (p) => `表：当前版本不能读取 ${p.format} 表`,
  'error.warehouse.noTable': () => '仓库：这个位置没有表',
  'error.iceberg.formatVersion': (p) => `iceberg 元数据：不支持 format-version ${p.version}（v4 仍在制定中；本读取器支持 v1–v3）`,

  'error.delta.readerVersion': (p) => `delta 协议：这张表需要读取器版本 ${p.version}；本读取器实现的是版本 1 到 3`,
  'error.json.invalid': (p) => `json：不是有效的 JSON（解析器说：${p.detail}）`,

  'error.parquet.tooShort': (p) => `parquet：文件只有 ${p.size} 字节，放不下文件尾（footer）`,
  'error.parquet.noMagic': () => 'parquet：文件末尾没有 PAR1 标识——文件已损坏或被截断',
  'error.parquet.footerLength': (p) => `parquet：文件尾长度 ${p.length} 超出了这个 ${p.size} 字节的文件`,
  'error.avro.badMagic': () => 'avro：不是 Avro 容器文件（开头标识不对）',
  'error.avro.truncated': (p) => `avro：数据被截断：${p.value} 超出了末尾（在第 ${p.at} 字节，共 ${p.end} 字节）`,

  'error.iceberg.committedSince': (p) => `iceberg 提交：读取 ${p.base} 之后，${p.newest} 已被提交`,
  'error.paimon.changedSincePreview': (p) => `paimon 提交：预览之后表已改变（最新快照 ${p.before} → ${p.now}）；请重新预览`,

  'error.sql': (p) => `SQL：${p.message}`,
  'error.sql.at': (p) => `SQL 错误（第 ${p.line} 行，第 ${p.column} 列）：${p.message}`,
  'error.sql.tableFailed': (p) => `${p.table}：${p.message}`,
  'error.sql.noTable': (p) => `这个仓库中 "${p.table}" 处没有表${p.known ? `（已有的表：${p.known}）` : ''}`,
  'error.sql.expectedFrom': () => '查询需要 FROM <表>',
  'error.sql.badDateLiteral': (p) => `${p.value} 不是合法的 DATE：Spark 读取年份，后面可以跟一到两位的月和日（如 2024-1-2），且该日期必须在当月存在`,
  'error.sql.badTimestampLiteral': (p) => `${p.value} 不是合法的 TIMESTAMP：Spark 读取日期（如 2024-1-2），后面可以跟空格或 T 加时间（如 3:04:05.123456）以及时区（Z、+08:00；不写时区按 UTC）`,
  'error.sql.unclosedString': () => '字符串没有结束引号',
  'error.sql.unclosedName': () => '带引号的名称没有结束引号',
  'error.sql.unclosedComment': () => '注释没有结束',
  'error.sql.columnNotFound': (p) => `没有列 "${p.column}"${p.known ? `。可用的列：${p.known}` : ''}`,
  'error.sql.tableNotFound': (p) => `没有表 "${p.table}"${p.qualified ? `（在 "${p.qualified}" 中）` : ''}${p.known ? `。可用的表：${p.known}` : ''}`,
  'error.sql.expected': (p) => `这里应为 ${p.expected}${p.after ? `（在 "${p.after}" 之后）` : ''}，却是${p.found === undefined ? '查询的结尾' : ` "${p.found}"`}`,
  'error.sql.unknownFunction': (p) => `未知函数 "${p.name}"。${p.suggestions ? `你是不是想用 ${p.suggestions}？` : ''}`,
  'error.sql.unexpectedChar': (p) => `意外的字符 "${p.char}"`,
  'error.sql.typed.sumOfTimes': (p) => `${p.fn}() 中的 ${p.type} ${typedTail('时间之和没有意义')}`,
  'error.sql.typed.setSides': (p) => `${p.operator} 的第 ${p.index} 列（${p.type}）${typedTail(`两边分别是 ${p.left} 和 ${p.right}`)}`,
  'error.sql.typed.setWidened': (p) => `查询内部 ${p.operator} 的第 ${p.index} 列（${p.type}）：外层查询按列名确定列的类型，而这个列名在这里是某张表的列，或是另一个 SELECT 中类型不同的别名；请给第一个 SELECT 的这一列起一个独立的别名`,
  'error.sql.typed.inSubquery': (p) => `IN（子查询）中的 ${p.type} ${typedTail('子查询按文本比较它的值')}`,
  'error.sql.typed.subqueryValue': (p) => `与 ${p.expr} 比较的 ${p.type} ${typedTail('子查询的值在这里没有类型')}`,
  'error.sql.typed.mixed': (p) => `${p.type} 的比较 ${typedTail(`另一边是 ${p.other}`)}`,
  'error.sql.typed.underFunction': (p) => `${p.fn}() 之下的 ${p.expr}（${p.type}）${typedTail('改写只能让直接比较、排序、分组或聚合的有类型值保持精确')}`,
  'error.sql.typed.underOperator': (p) => `运算符 ${p.operator} 之下的 ${p.expr}（${p.type}）${typedTail('改写只能让直接比较、排序、分组或聚合的有类型值保持精确')}`,
  'error.sql.typed.under': (p) => `${p.node} 之下的 ${p.expr}（${p.type}）${typedTail('改写只能让直接比较、排序、分组或聚合的有类型值保持精确')}`,
  'error.sql.exact.castRange': (p) => `${p.expr}：${p.value} 超出了 ${p.type} 的范围`,
  'error.sql.exact.overflow': (p) => `${p.expr}：结果超出了 ${p.type} 的范围`,
  'error.sql.exact.divideByZero': (p) => `${p.expr}：除数为零`,
  'error.sql.exact.divOperand': (p) => `${p.expr}：这里不支持 ${p.type} 类型操作数的 DIV（Spark 的 DIV 只接受整数和 decimal）`,
  'error.sql.exact.castInvalidTime': (p) => `${p.expr}：${p.value} 不是有效的${p.date ? '日期' : '日期时间'}，不能转换为 ${p.type}（ANSI 模式下的 Spark 同样拒绝这个转换）`,
  'error.sql.exact.castInvalid': (p) => `${p.expr}：${p.value} 不是 ${p.type}（数字格式不对；ANSI 模式下的 Spark 同样拒绝这个转换）`,
  'error.sql.exact.ambiguous': (p) => `${p.expr}：超过 2^53 的整数运算，而这里不知道其中一个值的类型（double 会舍入，整数不会），没有唯一的精确答案`,
  'error.sql.exact.decimalWith': (p) => `${p.expr}：decimal 与 ${p.other} 类型的值运算，这里它不是精确的数`,
  'error.sql.exact.decimalOverflow': (p) => `${p.expr}：精确结果有 ${p.digits} 位数字，超过了 decimal 的 38 位`,
  'error.sql.exact.decimalTypeOverflow': (p) => `${p.expr}：结果有 ${p.digits} 位数字，超过了它的类型 ${p.type} 能容纳的位数（ANSI 模式下的 Spark 同样报错）`,
  'error.sql.scalarSubqueryRows': () => '作为值使用的子查询返回了多于一行',
  'error.sql.fn.stringArg': (p) => `${p.fn}：需要字符串，却得到数组或结构体（请先 CAST 为字符串）`,
  'error.sql.fn.integerArg': (p) => `${p.fn}：需要整数，却得到 ${p.value}`,
  'error.sql.fn.numberArg': (p) => `${p.fn}：需要数字，却得到 ${p.value}`,
  'error.sql.likeEscape': (p) => `LIKE 模式 ${p.pattern}：转义符 \\ 只能放在 %、_ 或 \\ 之前（反斜杠本身写作 \\\\）`,
  'error.sql.missingAggregation': (p) => `${p.column} 既不在 GROUP BY 中，也不在聚合函数内：请按它分组或对它聚合，例如 max(${p.column})（Spark：MISSING_AGGREGATION）`,
  'error.sql.distinctOrder': (p) => `SELECT DISTINCT 时 ORDER BY ${p.column}：只能按 select 列表输出的列排序（Spark 同样无法解析）`,
  'error.sql.distinct': (p) => `${p.fn}(DISTINCT …) 不在列式执行器中：squirreling 在那里会忽略 DISTINCT，答案会是错的`,
  'error.sql.repeatedColumn': (p) => `这个子查询、CTE 或集合运算有两列都叫 '${p.name}'：请给每列一个自己的别名（AS），外层查询才能区分它们`,
  'error.sql.ambiguousColumn': (p) => `列 '${p.name}' 有歧义，可能是 ${p.candidates}：请加上表名限定（Spark：AMBIGUOUS_REFERENCE）`,

  'ui.error.original': () => '原始信息（英文）',
  'ui.error.untranslated': () => '这条信息还没有翻译，按引擎给出的英文原样显示。',
  'error.scan.unknownColumn': (p) =>
    `scan：这张表没有列 '${p.column}'；${p.count === 0 ? '它没有任何列' : `它的 ${plural('zh-CN', p.count, { other: '列' })}为：${p.known}`}`,
  'error.s3.unreachable': (p) =>
    `s3：无法连接 ${p.host}——域名无法解析或那里没有服务应答（请检查 endpoint；密钥尚未被校验）`,
};

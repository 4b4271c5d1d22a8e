/** Simplified Chinese (zh-CN) text of en-ui4.ts, key for key. */
import type { enUi4 } from './en-ui4.ts';

export const zhUi4: { readonly [K in keyof typeof enUi4]: (...args: Parameters<(typeof enUi4)[K]>) => string } = {
  'ui.error.context': (p) => ({
    key: '对象键', url: 'URL', prefix: '前缀', bucket: '存储桶', host: '主机', storage: '存储', file: '文件', method: '请求方法',
    path: '路径', filePath: '文件路径', column: '列', columnName: '列名', name: '名称', offset: '偏移量', pos: '位置', line: '行', length: '长度',
    version: '版本', versionId: '版本 ID', snapshotId: '快照 ID', id: 'ID', node: '节点', nodeId: '节点 ID', state: '状态', option: '选项',
    field: '字段', fieldId: '字段 ID', tableId: '表 ID', table: '表', operation: '操作', op: '操作', action: '操作', description: '描述',
    codec: '编解码器', value: '值', start: '起始位置', kind: '类型', type: '类型', feature: '特性', status: '状态码', retryable: '可重试',
    index: '序号', format: '格式', warehouseId: '仓库 ID', text: '文本', known: '已知的值', retries: '重试次数', s3Code: 'S3 错误码',
    requestId: '请求 ID', timeoutMs: '超时（毫秒）', expected: '预期', actual: '实际', size: '大小', bytesToFetch: '要读取的字节数', maxBytes: '字节数上限',
    metadataTable: '元数据表', ref: '引用', branch: '分支', tag: '标签', schemaId: 'schema ID', partition: '分区', bucketId: '桶', level: '层级',
    sequenceNumber: '序列号', commit: '提交', instant: '时刻', location: '位置', root: '根目录', endpoint: 'Endpoint', region: '区域', code: '代码',
  } as Record<string, string>)[p.name] ?? p.name,
  'ui.connection.label.demo': () => '演示仓库',
  'ui.connection.label.url': (p) => p.url,
  'ui.connection.label.s3': (p) => `${p.location}（${p.host}）`,
  'ui.connection.label.presigned': (p) => `${p.count.toLocaleString('zh-CN')} 个预签名 URL`,
  'ui.connection.label.sandbox': (p) => `${p.name}（沙盒）`,
  'ui.connection.label.folder': (p) => `文件夹“${p.name}”`,
  'ui.connection.label.files': (p) => `文件夹“${p.name}”（只读副本）`,
  'ui.writes.access.fsaRead': () => '这个文件夹是以只读方式打开的（File System Access，读权限）。要写入，需要以写权限打开文件夹。',
  'ui.writes.access.dropped': () => '这些是拖入或选取的文件：这个标签页中的只读副本。要写入，请用 File System Access 打开文件夹，或用 S3 密钥打开存储桶。',
  'ui.writes.access.http': () => '通过普通 HTTP 打开（公开 URL、演示仓库或预签名 GET 链接）：只能读取。要写入，请用 S3 密钥打开存储桶。',
  'ui.writes.access.anonymous': () => '以匿名方式打开（没有密钥）：公共读存储桶人人可读，但无人可写。要写入，请用访问密钥连接。',
  'ui.writes.access.readOnly': (p) => `${p.storage} 是只读的。`,
  'ui.timeline.laneLabel': (p) => (p.kind === 'branch' ? p.name : '不在分支上'),
  'ui.timeline.laneTitle': (p) => (p.kind === 'branch' ? `分支：${p.name}` : '不在任何分支上的版本（没有引用指向它们）'),
  'ui.timeline.refTitle': (p) => `${p.type === 'tag' ? '标签' : '分支'} ${p.name}`,
  'ui.timeline.flagTitle': (p) => `标签 ${p.names.join('、')} → ${p.id}`,
};

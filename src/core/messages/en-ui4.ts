/**
 * UI text of the zh3 pass of issue 20: the error panel's names of an error's context entries, and a
 * connection's name (worker/connection.ts) — both drawn in the reader's language; English as before — and why a
 * storage cannot be written (worker/engine-writes-storage.ts; moved from en-writes.ts, the page's part: issue 17).
 */

export const enUi4 = {
  // The error panel's name of a context entry (core/errors.ts LakeErrorContext): English shows the key as the engine wrote it.
  'ui.error.context': (p: { name: string }) => p.name,
  // A connection's name (worker/connection.ts connectionLabel): the top bar's warehouse name; the English is the worker's label.
  'ui.connection.label.demo': () => 'Demo warehouse',
  'ui.connection.label.url': (p: { url: string }) => p.url,
  'ui.connection.label.s3': (p: { location: string; host: string }) => `${p.location} (${p.host})`,
  'ui.connection.label.presigned': (p: { count: number }) => `${p.count} presigned URL${p.count === 1 ? '' : 's'}`,
  'ui.connection.label.sandbox': (p: { name: string }) => `${p.name} (sandbox)`,
  'ui.connection.label.folder': (p: { name: string }) => `folder "${p.name}"`,
  'ui.connection.label.files': (p: { name: string }) => `folder "${p.name}" (read-only copy)`,
  // Why a warehouse's storage cannot be written (worker/engine-writes-storage.ts; the writes bar's tooltip).
  'ui.writes.access.fsaRead': () => 'This folder was opened for reading only (File System Access, read permission). Writes need the folder opened with write permission.',
  'ui.writes.access.dropped': () => 'These are dropped or picked files: a read-only copy in this tab. Open the folder with File System Access, or the bucket with S3 keys, to write.',
  'ui.writes.access.http': () => 'Opened over plain HTTP (a public URL, the demo, or presigned GET links): it can only be read. Open the bucket with S3 keys to write.',
  'ui.writes.access.anonymous': () => 'Opened anonymously (no keys): a public-read bucket can be read by everyone but written by no one. Connect with access keys to write.',
  'ui.writes.access.readOnly': (p: { storage: string }) => `${p.storage} is read-only.`,
  /** The timeline's lane label: a branch's own name, or the lane of versions on no branch. */
  'ui.timeline.laneLabel': (p: { kind: 'branch' | 'unreferenced'; name: string }) => (p.kind === 'branch' ? p.name : 'unreferenced'),
  'ui.timeline.laneTitle': (p: { kind: 'branch' | 'unreferenced'; name: string }) => (p.kind === 'branch' ? `branch: ${p.name}` : 'versions on no branch: unreferenced'),
  /** A version mark's tooltip line for one of its refs. */
  'ui.timeline.refTitle': (p: { type: 'tag' | 'branch'; name: string }) => `${p.type} ${p.name}`,
  /** A tag flag's tooltip: its tag names and the version they name. */
  'ui.timeline.flagTitle': (p: { names: readonly string[]; id: string }) => `tag${p.names.length > 1 ? 's' : ''} ${p.names.join(', ')} → ${p.id}`,
};

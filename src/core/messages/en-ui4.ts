/**
 * UI text of the zh3 pass of issue 20: the error panel's names of an error's context entries, and a
 * connection's name (worker/connection.ts) — both drawn in the reader's language; English as before.
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
};

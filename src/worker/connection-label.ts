/**
 * A connection's secret-free name (issue 20): English for logs and the CLI, and the same name as a catalog
 * message the page draws in the reader's language. Apart from connection.ts because it needs the message
 * catalog, which the page's entry must not load (issue 17): only the worker names connections.
 */
import type { MessageRef } from '../core/messages/en.ts';
import { formatRef, messageRef } from '../core/messages/message-format.ts';
import { type ConnectionSpec, hostOf, stripQuery } from './connection.ts';

/** Secret-free, human-readable name of a connection (English: logs, the CLI). Must never include keys, tokens or URL query strings. */
export function connectionLabel(spec: ConnectionSpec): string {
  return formatRef(connectionLabelMessage(spec));
}

/** {@link connectionLabel} as a catalog message, for the page to draw in the reader's language (issue 20). */
export function connectionLabelMessage(spec: ConnectionSpec): MessageRef {
  switch (spec.kind) {
    case 'demo': return messageRef('ui.connection.label.demo');
    case 'url': return messageRef('ui.connection.label.url', { url: stripQuery(spec.url) });
    case 's3': return messageRef('ui.connection.label.s3', { location: `s3://${spec.bucket}${spec.prefix ? `/${spec.prefix.replace(/^\/+|\/+$/g, '')}` : ''}`, host: hostOf(spec.endpoint) });
    case 'presigned': return messageRef('ui.connection.label.presigned', { count: spec.urls.length });
    case 'folder':
      if (spec.sandbox !== undefined) return messageRef('ui.connection.label.sandbox', { name: spec.sandbox });
      return messageRef('ui.connection.label.folder', { name: spec.handle.name });
    case 'files': return messageRef('ui.connection.label.files', { name: spec.name });
  }
}

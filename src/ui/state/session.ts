/** The open warehouse as the page knows it: an id in the worker plus secret-free facts for display and links. */
import type { WarehouseDto } from '../../core/api/dto.ts';
import type { MessageRef } from '../../core/messages/en.ts';
import type { ConnectionKind } from '../../worker/connection.ts';

export interface Session {
  readonly warehouseId: string;
  /** Secret-free name (`s3://bucket/prefix (host)`, `Demo warehouse`…). */
  readonly label: string;
  /** The name as a catalog message (worker/connection.ts), drawn in the reader's language. */
  readonly labelMessage?: MessageRef;
  readonly kind: ConnectionKind;
  /** Secret-free location for deep links; null when this kind cannot be reopened from a link. */
  readonly loc: Readonly<Record<string, string>> | null;
  readonly warehouse: WarehouseDto;
  /** For CORS help on later errors. */
  readonly bucket?: string;
  readonly endpoint?: string;
  /** Set when this warehouse is a sandbox (issue 20): a copy in this browser's private storage. */
  readonly sandbox?: SandboxSession;
}

/** Where a sandbox was copied from, to copy it again on Reset. */
export interface SandboxSession {
  /** The sandbox folder's name. */
  readonly name: string;
  /** The warehouse it was copied from (kept open in the worker while the sandbox is). */
  readonly sourceWarehouseId: string;
  /** What was copied: the demo warehouse, or one table. */
  readonly source: { readonly kind: 'demo' } | { readonly kind: 'table'; readonly root: string };
  /** The key prefix copied ('' = everything). */
  readonly prefix: string;
}

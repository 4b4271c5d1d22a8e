/** The open warehouse as the page knows it: an id in the worker plus secret-free facts for display and links. */
import type { WarehouseDto } from '../../core/api/dto.ts';
import type { ConnectionKind } from '../../worker/connection.ts';

export interface Session {
  readonly warehouseId: string;
  /** Secret-free name (`s3://bucket/prefix (host)`, `Demo warehouse`…). */
  readonly label: string;
  readonly kind: ConnectionKind;
  /** Secret-free location for deep links; null when this kind cannot be reopened from a link. */
  readonly loc: Readonly<Record<string, string>> | null;
  readonly warehouse: WarehouseDto;
  /** For CORS help on later errors. */
  readonly bucket?: string;
  readonly endpoint?: string;
}

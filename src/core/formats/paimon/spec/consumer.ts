/**
 * Consumers (`consumer/consumer-ID`, paimon-core `consumer/Consumer`): `{"nextSnapshot": N}` records
 * the next snapshot a streaming reader will read. Snapshot expiration never removes snapshots at or
 * after the smallest `nextSnapshot` of the (unexpired) consumers.
 */
import { parseJson } from '../../../util/json.ts';
import { messageError } from '../../../message-error.ts';

export interface Consumer {
  readonly id: string;
  readonly nextSnapshot: bigint;
  /** Last modification time of the consumer file, when the storage reports it (for consumer.expiration-time). */
  readonly lastModified?: number;
}

/** Parses a consumer file. Invalid JSON or no integer `nextSnapshot` → DataInvalid `paimon consumer: …` with `{file}`. */
export function parseConsumer(id: string, text: string, file?: string, lastModified?: number): Consumer {
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (e) {
    throw messageError('DataInvalid', 'error.paimon.consumerJson', { reason: (e as Error).message }, file ? { file } : {});
  }
  const next = (json as { nextSnapshot?: unknown } | null)?.nextSnapshot;
  if (typeof next !== 'number' && typeof next !== 'bigint') {
    throw messageError('DataInvalid', 'error.paimon.consumerNext', undefined, file ? { file } : {});
  }
  return { id, nextSnapshot: BigInt(next), lastModified };
}

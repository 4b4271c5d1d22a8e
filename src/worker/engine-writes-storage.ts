/**
 * What the write handlers need to know about a warehouse's storage: whether it can be written at all
 * (and why not, in words for a tooltip), how strong its commit point is, and a decorator that counts
 * bytes moved so a long write (compaction) can report progress and bytes/s although the engine's apply
 * step has no progress hook of its own.
 */
import { HttpStorage } from '../core/io/http-storage.ts';
import { S3Storage } from '../core/io/s3-storage.ts';
import type { ListOptions, ListPage, ObjectInfo, ReadOptions, Storage, WriteOptions } from '../core/io/storage.ts';
import { DroppedFilesStorage } from '../platform/browser/dropped-files-storage.ts';
import { FsaStorage } from '../platform/browser/fsa-storage.ts';
import type { MessageRef } from '../core/messages/en.ts';
import { formatRef, messageRef } from '../core/messages/message-format.ts';

export interface WriteAccessDto {
  readonly writable: boolean;
  /** Why writes are disabled (tooltip text, English), when they are. */
  readonly reason?: string;
  /** The same reason as a message, for the page to show in the reader's language. */
  readonly reasonMessage?: MessageRef;
  /** How a commit is made atomic here; shown in every preview. */
  readonly concurrency: string;
  /** The same note as a message, for the reader's language (absent when there is no note). */
  readonly concurrencyMessage?: MessageRef;
}

const S3_NOTE = messageRef('note.write.concurrency.s3');
const FSA_NOTE = messageRef('note.write.concurrency.fsa');
/** A storage's commit note: its English (previews, the CLI) and its message. */
const noteOf = (ref: MessageRef) => ({ concurrency: formatRef(ref), concurrencyMessage: ref });

/** A refusal: the English reason (tooltips, the CLI, older pages) and its message for the page's language. */
function refused(ref: MessageRef, note?: MessageRef): WriteAccessDto {
  return { writable: false, reason: formatRef(ref), reasonMessage: ref, ...(note ? noteOf(note) : { concurrency: '' }) };
}

/** Writability of a warehouse storage, with the reason in words when it cannot be written. */
export function writeAccess(storage: Storage): WriteAccessDto {
  if (storage instanceof FsaStorage) {
    return storage.writable
      ? { writable: true, ...noteOf(FSA_NOTE) }
      : refused(messageRef('ui.writes.access.fsaRead'), FSA_NOTE);
  }
  if (storage instanceof DroppedFilesStorage) {
    return refused(messageRef('ui.writes.access.dropped'));
  }
  if (storage instanceof HttpStorage && !storage.writable) {
    return refused(messageRef('ui.writes.access.http'));
  }
  if (storage instanceof S3Storage && storage.anonymous) {
    return refused(messageRef('ui.writes.access.anonymous'));
  }
  if (!storage.writable) return refused(messageRef('ui.writes.access.readOnly', { storage: storage.description }));
  return { writable: true, ...noteOf(S3_NOTE) };
}

/**
 * Counts bytes read and written through it and reports them (at most every `intervalMs`) to `onBytes`.
 * Pass-through otherwise: same errors, same writability.
 */
export class ProgressStorage implements Storage {
  bytesRead = 0;
  bytesWritten = 0;
  onBytes?: (read: number, written: number, key: string) => void;
  private last = 0;

  constructor(readonly inner: Storage, private readonly intervalMs = 100) {}

  get description(): string { return this.inner.description; }
  get writable(): boolean { return this.inner.writable; }

  list(options?: ListOptions): Promise<ListPage> { return this.inner.list(options); }
  head(key: string, options?: { signal?: AbortSignal }): Promise<ObjectInfo> { return this.inner.head(key, options); }
  delete(key: string, options?: { signal?: AbortSignal }): Promise<void> { return this.inner.delete(key, options); }

  async read(key: string, options?: ReadOptions): Promise<Uint8Array> {
    const bytes = await this.inner.read(key, options);
    this.bytesRead += bytes.length;
    this.report(key);
    return bytes;
  }

  async write(key: string, data: Uint8Array, options?: WriteOptions): Promise<ObjectInfo> {
    const info = await this.inner.write(key, data, options);
    this.bytesWritten += data.length;
    this.report(key, true);
    return info;
  }

  /** Zeroes the counters (before apply, so prepare's reads do not count). */
  reset(): void {
    this.bytesRead = 0;
    this.bytesWritten = 0;
  }

  private report(key: string, force = false): void {
    const now = Date.now();
    if (!this.onBytes || (!force && now - this.last < this.intervalMs)) return;
    this.last = now;
    this.onBytes(this.bytesRead, this.bytesWritten, key);
  }
}

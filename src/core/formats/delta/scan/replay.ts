/**
 * Log replay (PROTOCOL.md "Action Reconciliation"): the state of a version from its checkpoint's actions
 * and the commits after it, in order. The latest protocol and metaData win; logical files are keyed by
 * (path, deletion vector id) and the newest reference wins — an add makes the file live, a remove makes it
 * a tombstone; txn per appId and domainMetadata per domain, latest wins (removed domains dropped).
 */
import type { Action, AddFile, CommitInfo, DomainMetadata, Metadata, Protocol, RemoveFile, Txn } from '../spec/actions.ts';
import { deletionVectorId } from '../spec/deletion-vector.ts';
import { checkReadable } from '../spec/table-features.ts';
import { messageError } from '../../../message-error.ts';

export interface Snapshot {
  readonly version: bigint;
  readonly protocol: Protocol;
  readonly metadata: Metadata;
  /** Live files by logical key, in the order they became live. */
  readonly files: ReadonlyMap<string, AddFile>;
  readonly tombstones: ReadonlyMap<string, RemoveFile>;
  readonly txns: ReadonlyMap<string, Txn>;
  readonly domains: ReadonlyMap<string, DomainMetadata>;
  /** commitInfo of the commit at `version` (checkpoints do not keep it). */
  readonly commitInfo?: CommitInfo;
}

/** Decoded path used in keys, so `a%20b` and `a b` name the same file. */
export function pathKey(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** The logical file key of an add or remove. */
export function fileKey(f: AddFile | RemoveFile): string {
  return `${pathKey(f.path)}\u0000${deletionVectorId(f.deletionVector) ?? ''}`;
}

/** Mutable replay state. */
export class Replay {
  protocol?: Protocol;
  metadata?: Metadata;
  readonly files = new Map<string, AddFile>();
  readonly tombstones = new Map<string, RemoveFile>();
  readonly txns = new Map<string, Txn>();
  readonly domains = new Map<string, DomainMetadata>();
  commitInfo?: CommitInfo;
  /** The log file the winning protocol action came from (named when it cannot be read). */
  protocolFile?: string;

  /** Applies one file's actions (a checkpoint's or a commit's, `file` naming it), in order. */
  apply(actions: readonly Action[], file?: string): void {
    this.commitInfo = undefined;
    for (const a of actions) {
      switch (a.type) {
        case 'protocol': this.protocol = a.protocol; this.protocolFile = file; break;
        case 'metaData': this.metadata = a.metaData; break;
        case 'add': {
          const k = fileKey(a.add);
          this.tombstones.delete(k);
          this.files.delete(k); // re-adding moves it to the end, as a new version of its statistics
          this.files.set(k, a.add);
          break;
        }
        case 'remove': {
          const k = fileKey(a.remove);
          this.files.delete(k);
          this.tombstones.set(k, a.remove);
          break;
        }
        case 'txn': this.txns.set(a.txn.appId, a.txn); break;
        case 'domainMetadata':
          if (a.domainMetadata.removed) this.domains.delete(a.domainMetadata.domain);
          else this.domains.set(a.domainMetadata.domain, a.domainMetadata);
          break;
        case 'commitInfo': this.commitInfo = a.commitInfo; break;
        default: break;
      }
    }
  }

  /**
   * The snapshot. Must hold: no protocol or no metaData → DataInvalid naming what is missing and `file`
   * (the segment's oldest file); a protocol
   * this reader cannot read → Unsupported (table-features.ts).
   */
  snapshot(version: bigint, where: string, file?: string): Snapshot {
    // The oldest file of the segment (checkpoint or first commit) is named: it should have held them.
    const ctx = { version: version.toString(), ...(file ? { file } : {}) };
    if (!this.protocol) throw messageError('DataInvalid', 'error.delta.noProtocol', { where }, ctx);
    if (!this.metadata) throw messageError('DataInvalid', 'error.delta.noMetaData', { where }, ctx);
    checkReadable(this.protocol, this.protocolFile);
    return {
      version, protocol: this.protocol, metadata: this.metadata, files: this.files, tombstones: this.tombstones,
      txns: this.txns, domains: this.domains, ...(this.commitInfo ? { commitInfo: this.commitInfo } : {}),
    };
  }
}

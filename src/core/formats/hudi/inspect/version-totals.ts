/**
 * The common totals of each Hudi version (VersionDto.totals), folded over the completed instants in
 * order from their write statistics (HoodieCommitMetadata `partitionToWriteStats`). Each file group's
 * latest slice is its newest base file plus the log files written after it: a write of a base file starts
 * a new slice (its `numWrites` is every record in the file), a log write appends to the slice, a replace
 * drops the replaced file groups. Rows are live when no slice has log files (copy-on-write, or merge-on-read
 * just compacted); else they are counted before merging the log files into the base files. When an instant
 * updates a file group the fold has not seen (the older instants were archived), the state is unknown and
 * only the instant's own counters remain.
 */
import type { VersionTotalsDto } from '../../table-format.ts';
import type { CommitMetadata } from '../spec/commit-metadata.ts';

interface Slice { base?: { records: number; bytes: number }; logs: Map<string, { records: number; bytes: number }> }

const isLog = (path: string): boolean => /(^|\/)\.[^/]*\.log\.\d+/.test(path);

export class HudiTotalsFold {
  private readonly groups = new Map<string, Slice>();
  private known = true;

  /** Applies one completed instant's metadata and returns the version's totals. */
  apply(m: CommitMetadata): VersionTotalsDto {
    let inserts = 0; let deletes = 0; let bytes = 0;
    for (const s of m.writeStats) {
      inserts += s.numInserts; deletes += s.numDeletes; bytes += s.totalWriteBytes;
      const key = `${s.partitionPath}\u0000${s.fileId}`;
      const fresh = s.prevCommit === undefined || s.prevCommit === 'null';
      let g = this.groups.get(key);
      if (!g && !fresh) this.known = false;
      if (isLog(s.path)) {
        if (!g) { g = { logs: new Map() }; this.groups.set(key, g); }
        const prev = g.logs.get(s.path);
        g.logs.set(s.path, { records: (prev?.records ?? 0) + s.numWrites, bytes: (prev?.bytes ?? 0) + s.totalWriteBytes });
      } else {
        this.groups.set(key, { base: { records: s.numWrites, bytes: s.totalWriteBytes }, logs: new Map() });
      }
    }
    for (const [partition, ids] of m.replacedFileIds) for (const id of ids) this.groups.delete(`${partition}\u0000${id}`);
    const added = { records: String(inserts), bytes: String(bytes) };
    const removed = { records: String(deletes) };
    return this.known ? { ...this.current(), added, removed } : { added, removed };
  }

  private current(): VersionTotalsDto {
    let records = 0; let bytes = 0; let files = 0; let logs = 0;
    for (const g of this.groups.values()) {
      if (g.base) { records += g.base.records; bytes += g.base.bytes; files++; }
      for (const l of g.logs.values()) { records += l.records; bytes += l.bytes; files++; logs++; }
    }
    return {
      records: logs === 0 ? { count: String(records), live: true } : { count: String(records), live: false, basis: 'before merging log files' },
      dataFiles: String(files), bytes: String(bytes),
    };
  }
}

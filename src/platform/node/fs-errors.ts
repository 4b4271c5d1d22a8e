/** node:fs errors (errno codes) → LakeErrors for FsStorage. */
import { LakeError, type LakeErrorCode } from '../../core/errors.ts';

/** node:fs errors → LakeErrors naming the key and folder. */
export function fsError(e: unknown, op: string, key: string, fs: { description: string }): LakeError {
  if (e instanceof LakeError) return e;
  const err = e as NodeJS.ErrnoException;
  if (err?.name === 'AbortError') return new LakeError('Aborted', `fs: ${op}: aborted`, { key }, { cause: e });
  const code: LakeErrorCode = err?.code === 'ENOENT' || err?.code === 'ENOTDIR' || err?.code === 'EISDIR' ? 'NotFound'
    : err?.code === 'EACCES' || err?.code === 'EPERM' ? 'Auth'
      : err?.code === 'EEXIST' ? 'Conflict' : 'Io';
  const what = code === 'NotFound' ? 'no such key' : code === 'Auth' ? 'permission denied' : err?.message ?? String(e);
  return new LakeError(code, `fs: ${op} '${key}' in ${fs.description}: ${what}${err?.code ? ` (${err.code})` : ''}`, { key, errno: err?.code }, { cause: e });
}


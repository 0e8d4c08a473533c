// Storage that cannot be written (issue 28 item 8). A full disk (SQLite's SQLITE_FULL, the file
// system's ENOSPC) and a data directory that cannot be written at all (read-only files or file
// system, an I/O error) become a 507 that says what happened and what to do, instead of a bare
// 500; reads do not depend on writing (a session's last activity is kept in memory when it cannot
// be written, store/sessions.ts), and a server whose databases cannot be written when it starts
// serves read-only (store/storage.ts).
import { AlmError } from './errors';

const codeOf = (err: unknown): string | undefined => {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/** Whether `err` says the disk (or the database file's allowed size) is full. */
function isDiskFull(err: unknown): boolean {
  const code = codeOf(err);
  return code === 'SQLITE_FULL' || code === 'ENOSPC';
}

/** Whether `err` says storage refused a write: full, read-only, or failing (SQLite's "disk I/O error"). */
export function isWriteRefused(err: unknown): boolean {
  const code = codeOf(err) ?? '';
  return isDiskFull(err) || /^SQLITE_(READONLY|IOERR|CANTOPEN)/.test(code) || ['EROFS', 'EACCES', 'EPERM', 'EIO'].includes(code);
}

/** What a write refused by storage is answered with: `readOnlyReason` when the server started read-only. */
export function storageError(err: unknown, readOnlyReason?: string): AlmError {
  if (readOnlyReason !== undefined) return readOnlyError(readOnlyReason);
  if (isDiskFull(err)) {
    return new AlmError(
      507,
      'qccore.general-error',
      "The server's disk is full: the change was not stored. Free disk space on the server (or ask its administrator to), then try again; reading keeps working meanwhile.",
    );
  }
  return new AlmError(
    507,
    'qccore.general-error',
    `The server could not write its data (${codeOf(err) ?? 'storage error'}): the change was not stored. Its administrator should check the data directory's disk and permissions; reading keeps working meanwhile.`,
  );
}

/** The answer to every write while the server is read-only. */
export function readOnlyError(reason: string): AlmError {
  return new AlmError(
    507,
    'qccore.general-error',
    `The server is read-only: its data could not be written when it started (${reason}). Nothing was changed. Reading and signing in work; to change data, its administrator must free disk space or fix the data directory's permissions and restart the server.`,
  );
}

/**
 * Runs a clean-up that may wait for a later chance (releasing a dead session's lock, recording a
 * session's activity): when storage refuses it, a read goes on instead of failing with it.
 */
export function whenWritable(write: () => void): void {
  try {
    write();
  } catch (err) {
    if (!isWriteRefused(err)) throw err;
  }
}

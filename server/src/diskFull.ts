// A full disk (issue 28 item 8): SQLite's SQLITE_FULL and the file system's ENOSPC become a 507
// that says what happened and what to do, instead of a bare 500; reads do not depend on writing
// (a session's last activity is kept in memory when it cannot be written, store/sessions.ts).
import { AlmError } from './errors';

/** Whether `err` says the disk (or the database file's allowed size) is full. */
export function isDiskFull(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_FULL' || code === 'ENOSPC';
}

export function diskFullError(): AlmError {
  return new AlmError(
    507,
    'qccore.general-error',
    "The server's disk is full: the change was not stored. Free disk space on the server (or ask its administrator to), then try again; reading keeps working meanwhile.",
  );
}

// Crash points for the durability tests (issue 14): a server started with
// ALM_SERVER_CRASH_AT=<name> kills itself with SIGKILL when it reaches that point, exactly as a
// power cut or `kill -9` would, so a test can prove every point leaves a consistent data dir.
// Unset (always, outside those tests), a crash point costs one string comparison.
const CRASH_AT = process.env.ALM_SERVER_CRASH_AT;

export function crashPoint(name: string): void {
  if (CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}

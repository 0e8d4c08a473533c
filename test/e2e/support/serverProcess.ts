// What the run's ALM server and its clients are doing on this machine, read from Linux's /proc (the
// launcher hands the tests the server's pid): whether the server is writing an upload, and which
// connections to it are still sending. Tests wait for these events instead of for a time.
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Whether server process `pid` has a temporary upload file open (store/attachments.ts names them `.upload-…`). */
export function writingUpload(pid: number): boolean {
  const dir = `/proc/${pid}/fd`;
  return readdirSync(dir).some((fd) => {
    try {
      return readlinkSync(join(dir, fd)).includes('/.upload-');
    } catch {
      return false; // closed in the meantime
    }
  });
}

interface TcpSocket {
  inode: string;
  established: boolean;
  /** Bytes written but not yet taken by the peer. */
  queued: number;
}

/** This machine's sockets connected to local `port` (the client ends), from /proc/net/tcp and tcp6. */
function socketsTo(port: number): TcpSocket[] {
  const found: TcpSocket[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:when retrnsmt uid timeout inode
      const cols = line.trim().split(/\s+/);
      if (parseInt(cols[2].split(':')[1], 16) !== port) continue;
      found.push({ inode: cols[9], established: cols[3] === '01', queued: parseInt(cols[4].split(':')[0], 16) });
    }
  }
  return found;
}

/** The open connections to local `port` that have data queued for it (an upload a frozen server is not reading), by inode. */
export function sendingTo(port: number): Set<string> {
  return new Set(
    socketsTo(port)
      .filter((s) => s.established && s.queued > 0 && s.inode !== '0')
      .map((s) => s.inode),
  );
}

/** Whether all of `inodes` are closed by their process (a closed socket leaves the table or loses its inode). */
export function allClosed(port: number, inodes: ReadonlySet<string>): boolean {
  return !socketsTo(port).some((s) => s.established && inodes.has(s.inode));
}

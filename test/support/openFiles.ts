// Whether this process holds a file open (Linux /proc), so tests can check a reader closed it.
import { readdirSync, readlinkSync } from 'node:fs';

export function isOpenHere(path: string): boolean {
  return readdirSync('/proc/self/fd').some((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false; // the descriptor closed while we looked (readdir's own, for one)
    }
  });
}

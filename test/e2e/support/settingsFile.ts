// Changes the test workspace's settings file the way an editor saves it: the new content is written
// beside it and renamed over it. A plain write truncates the file first, and VS Code's file watcher
// can read it empty in between — which reads as "no ALM servers": every connection was dropped and
// made again, signed out of its session (a journey's Sign Out then found a changed account).
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/** Replaces `file` with `content` in one step. */
export function replaceFileAtOnce(file: string, content: string): void {
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, content);
  renameSync(next, file);
}

/** Reads the JSON settings in `file`, lets `change` edit them, and writes them back in one step. */
export function editSettingsFile(file: string, change: (settings: Record<string, unknown>) => void): void {
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(settings);
  replaceFileAtOnce(file, `${JSON.stringify(settings, null, 2)}\n`);
}

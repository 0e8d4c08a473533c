// What a clipboard's text says about files: VS Code hands extensions the clipboard as text only,
// so files copied elsewhere arrive as their `file:` URIs (a file manager's Copy) or their paths
// (the Explorer's Copy Path, a terminal). No `vscode` import.
import { isAbsolute } from 'node:path';

export type ClipboardFile = { uri: string } | { path: string };

/**
 * The files `text` names, one per line (`#` lines and blank lines skipped, quotes around a path
 * stripped), or undefined unless every line names one: ordinary text is never taken for files.
 */
export function clipboardFiles(text: string, absolute: (path: string) => boolean = isAbsolute): ClipboardFile[] | undefined {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim().replace(/^"(.*)"$/, '$1'))
    .filter((l) => l && !l.startsWith('#'));
  if (lines.length === 0) return undefined;
  const files: ClipboardFile[] = [];
  for (const line of lines) {
    if (/^file:\/\/[^\s]*$/i.test(line)) files.push({ uri: line });
    else if (!/^[a-z][a-z0-9+.-]+:\/\//i.test(line) && absolute(line)) files.push({ path: line });
    else return undefined;
  }
  return files;
}

// Sizes as people read them, wherever the extension shows one (attachments in the tree, the editor, chat).
import * as l10n from '@vscode/l10n';

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** `0 B`, `900 B`, `1.5 KB`, `12.3 MB`, `210 MB`. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return l10n.t('size unknown');
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

// How an attachment reads in the tree, the editor and messages: size in B/KB/MB/GB, the server's
// modification time without seconds, the HTML description as plain text, and an icon by type.
// Everything from the server is escaped before it reaches Markdown. No `vscode` import.
import * as l10n from '@vscode/l10n';
import type { Attachment } from '../../api';
import { memoToText } from '../../defects/memo';
import { dateText } from '../../shared/valueText';
import { formatBytes } from '../../util/format';
import { escapeMarkdown } from '../../util/markdown';

export { formatBytes };

/** The server's `YYYY-MM-DD hh:mm:ss` as every view writes a date-time (src/shared/valueText.ts); anything else as sent. */
export function formatModified(value: string | null | undefined, locale?: string): string | undefined {
  return value ? dateText(value, locale) : undefined;
}

/**
 * Milliseconds since the epoch of the server's local `last-modified`, for FileStat.mtime (read as
 * UTC: the server's zone is unknown, and only changes matter to VS Code). 0 when unreadable.
 */
export function modifiedMillis(value: string | null | undefined): number {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(value) : null;
  if (!m) return 0;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

/** The description as plain text ('' when there is none). */
export function descriptionText(a: Pick<Attachment, 'description'>): string {
  return memoToText(a.description);
}

/** `12.3 KB · 2026-01-05 10:00` */
export function attachmentDescription(a: Attachment): string {
  const when = formatModified(a.lastModified);
  return when ? `${formatBytes(a.fileSize)} · ${when}` : formatBytes(a.fileSize);
}

/** Markdown tooltip: name, description, size, modification time and who changed it last. */
export function attachmentTooltip(a: Attachment): string {
  const lines = [`**${escapeMarkdown(a.name)}**`];
  const text = descriptionText(a);
  if (text)
    lines.push(
      '',
      ...text
        .split('\n')
        .map((l) => escapeMarkdown(l))
        .filter((l) => l !== ''),
    );
  lines.push(
    '',
    a.lastModified ? l10n.t('{0} · modified {1}', escapeMarkdown(formatBytes(a.fileSize)), escapeMarkdown(formatModified(a.lastModified) ?? '')) : escapeMarkdown(formatBytes(a.fileSize)),
  );
  if (a.vcUserName) lines.push('', l10n.t('by {0}', escapeMarkdown(a.vcUserName)));
  return lines.join('\n');
}

const ICONS: [RegExp, string][] = [
  [/\.(png|jpe?g|gif|bmp|svg|webp|ico|tiff?)$/i, 'file-media'],
  [/\.pdf$/i, 'file-pdf'],
  [/\.(zip|gz|tgz|7z|rar|tar|bz2|xz)$/i, 'file-zip'],
  [/\.(txt|log|md|csv|json|xml|html?|ya?ml|ini|cfg|conf|js|ts|java|py|cs|sql|sh|bat|ps1)$/i, 'file-code'],
  [/\.(exe|dll|bin|so|dylib|class|jar)$/i, 'file-binary'],
];

/** A codicon id for the file type. */
export function attachmentIcon(name: string): string {
  return ICONS.find(([re]) => re.test(name))?.[1] ?? 'file';
}

// Attachment names come from the server and are untrusted: before one becomes a local file name it
// is made safe on every platform (no path separators, no reserved characters or device names, no
// control or bidi characters, at most 255 bytes), and a joined path is checked to stay inside the
// folder the user chose. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

const FALLBACK = 'attachment';
const MAX_BYTES = 255;
/** Characters Windows forbids in names, plus both separators. */
const RESERVED = /[<>:"/\\|?*]/g;
/** C0 and C1 controls and DEL. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/**
 * Zero-width, bidi-control and other invisible characters (soft hyphen, Arabic letter mark, BOM):
 * they can disguise an extension ("txt.exe" shown as "exe.txt", "e\u200bxe" shown as "exe").
 */
const INVISIBLE = /[\u00ad\u034f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** Device names Windows maps to hardware whatever the extension (`con.txt` too). */
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)$/i;

/**
 * A file name that is safe to create in any folder on Windows, macOS and Linux, as close to
 * `name` as possible: `../../x` becomes `.._.._x`, `CON.txt` becomes `_CON.txt`, `a<b>.log`
 * becomes `a_b_.log`. Never empty, never `.` or `..`.
 */
export function sanitizeFileName(name: string): string {
  let out = name.normalize('NFC').replace(INVISIBLE, '').replace(CONTROLS, '_').replace(RESERVED, '_');
  // Windows drops trailing dots and spaces, so "a.txt." would land on (and replace) "a.txt".
  out = out.trim().replace(/[. ]+$/, '');
  if (out === '' || /^\.+$/.test(out)) return FALLBACK;
  const stem = out.split('.')[0].trimEnd();
  if (DEVICE.test(stem)) out = `_${out}`;
  return truncateUtf8(out, MAX_BYTES);
}

/** Shortens to `max` UTF-8 bytes, keeping a short extension and never splitting a character. */
function truncateUtf8(name: string, max: number): string {
  if (Buffer.byteLength(name) <= max) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  const budget = max - Buffer.byteLength(ext);
  let stem = '';
  for (const ch of name.slice(0, name.length - ext.length)) {
    if (Buffer.byteLength(stem + ch) > budget) break;
    stem += ch;
  }
  return stem.replace(/[. ]+$/, '') + ext;
}

/** Thrown when a name would resolve outside the target folder (cannot happen after sanitizing; checked anyway). */
class UnsafePathError extends Error {
  constructor(
    readonly folder: string,
    readonly fileName: string,
  ) {
    super(l10n.t('The attachment name "{0}" would be written outside {1}.', fileName, folder));
    this.name = 'UnsafePathError';
  }
}

/** `folder/<sanitized name>`, verified to be a direct child of `folder`. */
export function safeJoin(folder: string, name: string): string {
  const base = resolve(folder);
  const target = resolve(join(base, sanitizeFileName(name)));
  const rel = relative(base, target);
  // A direct child: same parent, one segment, not the folder itself.
  if (dirname(target) !== base || rel === '' || rel === '..' || isAbsolute(rel) || /[/\\]/.test(rel)) throw new UnsafePathError(folder, name);
  return target;
}

/** `report (2).pdf` for n = 2: the name a second copy gets, ALM's own "keep both" pattern. */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** The first of `name`, `name (1)`, `name (2)`, … that `taken` does not hold. */
export function freeName(name: string, taken: (candidate: string) => boolean, limit = 10_000): string {
  if (!taken(name)) return name;
  for (let n = 1; n <= limit; n++) {
    const candidate = numberedName(name, n);
    if (!taken(candidate)) return candidate;
  }
  throw new Error(l10n.t('No free name for {0} after {1} tries.', name, limit));
}

/** Why `name` cannot be an attachment's name on the server, or undefined when it can (the server's rules). */
export function attachmentNameProblem(name: string): string | undefined {
  const n = name.trim();
  if (!n) return l10n.t('Enter a file name.');
  if (/[/\\]/.test(n)) return l10n.t('A file name cannot contain / or \\.');
  if (/[\u0000-\u001f\u007f]/.test(n)) return l10n.t('A file name cannot contain control characters.');
  if (n === '.' || n === '..') return l10n.t('Enter a file name.');
  if (n.length > 255) return l10n.t('A file name has at most 255 characters.');
  return undefined;
}

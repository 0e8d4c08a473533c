// The wire form of an attachment and the small rules around it: descriptor JSON, descriptions
// as HTML fragments, file-name checks and content types.
import { AlmError } from '../errors';
import type { AttachmentRow } from '../store/attachments';

/** An attachment as the `/api` tree sends it: the row without its storage columns, its parent as `entity`. */
export type AttachmentRecord = Omit<AttachmentRow, 'parent-id' | 'parent-type' | 'content-type' | 'content-file'> & {
  type: 'attachment';
  entity: { id: number; type: string };
};

/** Field names that select the `entity` object in `fields=`. */
const ENTITY_FIELDS = new Set(['entity', 'entity.id', 'entity.type', 'parent-id', 'parent-type']);

/** The descriptor; with `fields`, only those (plus type and id, which the list always holds). */
export function toRecord(row: AttachmentRow, fields: readonly string[] | null = null): Partial<AttachmentRecord> {
  const full: AttachmentRecord = {
    type: 'attachment',
    id: row.id,
    name: row.name,
    description: row.description,
    'ref-type': row['ref-type'],
    'ref-subtype': row['ref-subtype'],
    'file-size': row['file-size'],
    'last-modified': row['last-modified'],
    'vc-user-name': row['vc-user-name'],
    'vc-cur-ver': row['vc-cur-ver'],
    entity: { id: row['parent-id'], type: row['parent-type'] },
  };
  if (!fields) return full;
  const out: Partial<AttachmentRecord> = {};
  const target = out as Record<string, unknown>;
  for (const [key, value] of Object.entries(full)) {
    const wanted = key === 'entity' ? fields.some((f) => ENTITY_FIELDS.has(f)) : fields.includes(key);
    if (wanted) target[key] = value;
  }
  return out;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Descriptions are returned wrapped as HTML (seed). Text that already is an HTML document is
 * kept; plain text is escaped, so `a < b` stays text; an empty description is null.
 */
export function toHtmlFragment(text: string | undefined | null): string | null {
  if (text === undefined || text === null || text.trim() === '') return null;
  if (/^\s*<html[\s>]/i.test(text)) return text;
  const body = escapeHtml(text).replace(/\r?\n/g, '<br />');
  return `<html><body>${body}</body></html>`;
}

/**
 * The description as stored (toHtmlFragment), refused with 413 when that stored form passes the
 * server's field size (`maxFieldBytes`): escaping makes `<` five bytes, so the stored form is
 * what is bounded, as every other field of both trees is (issue 28 item 1).
 */
export function storedDescription(text: string | undefined | null, maxBytes: number): string | null {
  const fragment = toHtmlFragment(text);
  if (fragment === null || fragment.length * 3 <= maxBytes) return fragment;
  const bytes = Buffer.byteLength(fragment, 'utf8');
  if (bytes <= maxBytes) return fragment;
  throw new AlmError(
    413,
    'qccore.invalid-value-type-for-field',
    `The attachment description is ${bytes} bytes as stored (as HTML, with < > & escaped); this server accepts at most ${maxBytes} bytes in one field. Shorten it, or attach long text as a file.`,
    [
      { Name: 'field', Value: 'description' },
      { Name: 'maximum-bytes', Value: maxBytes },
    ],
  );
}

/** Why a file name is unacceptable, or null when it is fine. */
export function fileNameProblem(name: string): string | null {
  if (name.trim() === '') return 'is empty';
  if (name.length > 255) return 'is longer than 255 characters';
  if (/[/\\]/.test(name)) return 'contains a path separator';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'contains a control character';
  if (name === '.' || name === '..') return 'is not a file name';
  return null;
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.txt': 'text/plain',
  '.log': 'text/plain',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.xml': 'application/xml',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The uploaded part's type when it names one, else a guess from the extension. */
export function contentTypeFor(name: string, declared: string | undefined): string {
  const clean = declared?.trim().toLowerCase();
  if (clean && clean !== 'application/octet-stream' && /^[a-z0-9.+-]+\/[a-z0-9.+-]+(\s*;.*)?$/.test(clean)) return clean;
  const dot = name.lastIndexOf('.');
  return (dot >= 0 && TYPES[name.slice(dot).toLowerCase()]) || 'application/octet-stream';
}

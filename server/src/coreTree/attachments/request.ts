// What a Core attachment request asks for: the representation of an item (descriptor in XML
// or JSON, or the bytes), the file name of a raw upload (`Slug`), and the `by-id` switch.
import type { FastifyRequest } from 'fastify';
import { AlmError } from '../../errors';
import { mediaRanges } from '../../mediaTypes';

export type ItemForm = 'xml' | 'json' | 'bytes';

const FORMS: Record<string, ItemForm> = {
  'application/xml': 'xml',
  'text/xml': 'xml',
  'application/json': 'json',
  'text/json': 'json',
  'application/octet-stream': 'bytes',
  // Core answers XML unless told otherwise (reference §15.11).
  'application/*': 'xml',
  '*/*': 'xml',
};

/** `alt` wins over `Accept`; neither means the XML descriptor. */
export function itemForm(request: FastifyRequest, alt: string | undefined): ItemForm {
  const header = alt?.trim() || request.headers.accept?.trim();
  if (!header) return 'xml';
  for (const type of mediaRanges(header)) {
    const form = FORMS[type];
    if (form) return form;
  }
  throw new AlmError(
    406,
    'qccore.general-error',
    `Unsupported Accept '${header}': an attachment is returned as application/xml or application/json (its descriptor) or application/octet-stream (its content).`,
  );
}

/** `by-id=true` addresses the item by attachment id; absent or `false`, by file name. */
export function byId(raw: string | undefined): boolean {
  if (raw === undefined) return false;
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === 'y') return true;
  if (value === 'false' || value === 'n' || value === '') return false;
  throw new AlmError(400, 'qccore.general-error', `Parameter by-id is 'true' or 'false', not '${raw}'.`);
}

/**
 * The file name of an octet-stream upload. `Slug` is percent-encoded UTF-8 by its definition
 * (RFC 5023); clients that send raw UTF-8 instead arrive here as Latin-1, which is undone when
 * the bytes form valid UTF-8.
 */
export function slugName(header: string | string[] | undefined): string {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!raw) {
    throw new AlmError(400, 'qccore.general-error', 'An application/octet-stream upload names its file in the Slug header (e.g. Slug: report.txt); or send multipart/form-data with a filename part.');
  }
  if (/%[0-9a-f]{2}/i.test(raw)) {
    try {
      return decodeURIComponent(raw);
    } catch {
      // Not percent-encoding after all: a name like `100%ab` is taken as written.
    }
  }
  if (/[\u0080-\u00ff]/.test(raw)) {
    const utf8 = Buffer.from(raw, 'latin1').toString('utf8');
    if (!utf8.includes('\ufffd')) return utf8;
  }
  return raw;
}

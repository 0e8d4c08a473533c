// Chooses the attachment representation from `Accept` (or the Core tree's `alt` parameter):
// the descriptor as JSON, the bytes, or multipart/mixed with metadata and bytes. A client that
// names no type (no Accept, or only `*/*`) gets multipart/mixed for one attachment, as public
// clients written for real servers parse it, and JSON for the collection.
import { AlmError } from '../errors';

export type AttachmentForm = 'json' | 'octet-stream' | 'multipart';

const FORMS: Record<string, AttachmentForm> = {
  'application/json': 'json',
  'application/*': 'json',
  'application/octet-stream': 'octet-stream',
  'multipart/mixed': 'multipart',
  'multipart/*': 'multipart',
};

// The highest-quality acceptable form; `anyForm` answers no header or the wildcard `*/*`.
export function negotiate(accept: string | undefined, alt: string | undefined, anyForm: AttachmentForm): AttachmentForm {
  const header = alt?.trim() || accept?.trim();
  if (!header) return anyForm;
  const ranges = header
    .split(',')
    .map((item, index) => {
      const [type = '', ...params] = item.split(';').map((s) => s.trim().toLowerCase());
      const q = params.find((p) => p.startsWith('q='));
      return { type, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.type !== '' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    const form = range.type === '*/*' ? anyForm : FORMS[range.type];
    if (form) return form;
  }
  throw new AlmError(
    406,
    'qccore.general-error',
    `Unsupported Accept '${header}': attachments are returned as application/json, application/octet-stream or multipart/mixed.`,
  );
}

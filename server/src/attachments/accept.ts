// Chooses the attachment representation from `Accept` (or the Core tree's `alt` parameter):
// the descriptor as JSON, the bytes, or multipart/mixed with metadata and bytes. A client that
// names no type (no Accept, or only `*/*`) gets multipart/mixed for one attachment, as public
// clients written for real servers parse it, and JSON for the collection.
import { AlmError } from '../errors';
import { mediaRanges } from '../mediaTypes';

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
  for (const type of mediaRanges(header)) {
    const form = type === '*/*' ? anyForm : FORMS[type];
    if (form) return form;
  }
  throw new AlmError(406, 'qccore.general-error', `Unsupported Accept '${header}': attachments are returned as application/json, application/octet-stream or multipart/mixed.`);
}

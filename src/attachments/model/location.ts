// Where an attachment lives, as the path of an `alm-attachment:` URI:
//   /<server>/<domain>/<project>/<attachment id>/<file name>
// In the first three segments only "%" and "/" are percent-encoded (server and project names may
// hold them): VS Code's breadcrumbs show the path as it is, so "ALM 26.1" must not read "ALM%2026.1";
// the last is the sanitized file name as is, so VS Code shows it in the tab and picks the editor
// or viewer by its extension. Only server, domain, project and id identify the attachment; the
// name is decoration (a rename on the server does not break an open URI). No `vscode` import.
import * as l10n from '@vscode/l10n';
import type { ProjectRefKey } from '../../defects/refs';
import { sanitizeFileName } from './names';

export const ATTACHMENT_SCHEME = 'alm-attachment';

export interface AttachmentLocation extends ProjectRefKey {
  /** Attachment id. */
  id: number;
  /** File name (display and editor choice only). */
  name: string;
}

export class AttachmentUriError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(l10n.t('Not an ALM attachment address ({0}): {1}', reason, path));
    this.name = 'AttachmentUriError';
  }
}

/** The URI path of an attachment; its file name is sanitized. */
export function attachmentPath(loc: AttachmentLocation): string {
  if (!Number.isSafeInteger(loc.id) || loc.id <= 0) throw new AttachmentUriError(String(loc.id), l10n.t('the id is not a positive integer'));
  for (const part of [loc.server, loc.domain, loc.project]) {
    if (part === '') throw new AttachmentUriError(JSON.stringify(loc), l10n.t('server, domain and project must not be empty'));
  }
  const enc = (part: string) => part.replace(/%/g, '%25').replace(/\//g, '%2F');
  return `/${enc(loc.server)}/${enc(loc.domain)}/${enc(loc.project)}/${loc.id}/${sanitizeFileName(loc.name)}`;
}

/** Reads a URI path back; throws AttachmentUriError for anything that is not one of ours. */
export function parseAttachmentPath(path: string): AttachmentLocation {
  const parts = path.split('/');
  if (parts.length !== 6 || parts[0] !== '') throw new AttachmentUriError(path, l10n.t('expected /server/domain/project/id/name'));
  const [, server, domain, project, id, name] = parts;
  if (!/^[1-9]\d{0,14}$/.test(id)) throw new AttachmentUriError(path, l10n.t('the id is not a positive integer'));
  const decoded = [server, domain, project].map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      throw new AttachmentUriError(path, l10n.t('bad percent-encoding'));
    }
  });
  if (decoded.some((p) => p === '')) throw new AttachmentUriError(path, l10n.t('server, domain and project must not be empty'));
  if (name === '') throw new AttachmentUriError(path, l10n.t('no file name'));
  return { server: decoded[0], domain: decoded[1], project: decoded[2], id: Number(id), name };
}

/** A stable key of the attachment (the name left out), for caches and maps. */
export function locationKey(loc: Omit<AttachmentLocation, 'name'>): string {
  return `${encodeURIComponent(loc.server)}/${encodeURIComponent(loc.domain)}/${encodeURIComponent(loc.project)}/${loc.id}`;
}

// Images in memos: an `<img src>` is shown only when it names an attachment of this defect (by id,
// as `…/attachments/17`, or by file name, as ALM's rich-text editor writes it). The extension
// downloads it through the client and hands the webview a data: URI — the page itself never loads
// anything. Raster types only: an SVG could carry script if it were ever shown another way.
import * as l10n from '@vscode/l10n';
import type { Attachment, AttachmentsApi } from '../api/index';
import type { ImageReply } from '../shared/editorProtocol';
import { MAX_INLINE_IMAGE_BYTES, rasterTypeOfExtension, rasterTypeOfMime } from '../shared/imageTypes';

/** Images larger than this stay a placeholder (a data: URI travels through postMessage). */
export const MAX_IMAGE_BYTES = MAX_INLINE_IMAGE_BYTES;

export interface ImageTarget {
  id?: number;
  name?: string;
}

/**
 * What an image source points at: `…/attachments/<id>` or `…/attachments/<name>` (query and hash
 * ignored), or a bare file name. Undefined for another host or a scheme other than http(s).
 */
export function imageTarget(src: string, serverBaseUrl: string): ImageTarget | undefined {
  const raw = src.trim();
  if (!raw || /^(data|blob|javascript|file|vbscript):/i.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, new URL(serverBaseUrl.endsWith('/') ? serverBaseUrl : `${serverBaseUrl}/`));
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) && url.host !== new URL(serverBaseUrl).host) return undefined;
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const at = segments.lastIndexOf('attachments');
  const last = at >= 0 ? segments[at + 1] : segments.at(-1);
  if (!last) return undefined;
  if (at >= 0 && /^\d+$/.test(last)) return { id: Number(last) };
  return { name: last };
}

/** The raster type (src/shared/imageTypes.ts) an attachment is: as the server declares it, else by its name's extension. */
export function imageMime(name: string, contentType: string | undefined): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1];
  return (rasterTypeOfMime(contentType) ?? (ext ? rasterTypeOfExtension(ext) : undefined))?.mime;
}

/** Resolves image sources of one defect's memos; the attachment list is read once. */
export class ImageResolver {
  private attachments: Promise<Attachment[]> | undefined;

  constructor(
    private readonly api: Pick<AttachmentsApi, 'list' | 'download'>,
    private readonly defectId: number,
    private readonly serverBaseUrl: string,
  ) {}

  async resolve(src: string): Promise<ImageReply> {
    const target = imageTarget(src, this.serverBaseUrl);
    if (!target) return { reason: l10n.t('The image is not an attachment of this defect.') };
    this.attachments ??= this.api.list({ entity: { type: 'defect', ids: [this.defectId] } }).catch((e: unknown) => {
      this.attachments = undefined;
      throw e;
    });
    const all = await this.attachments;
    const found = all.find((a) => (target.id !== undefined ? a.id === target.id : a.name === target.name));
    if (!found) return { reason: l10n.t('The image is not an attachment of this defect.') };
    if (found.fileSize !== null && found.fileSize > MAX_IMAGE_BYTES) return { reason: l10n.t('{0} is too large to show inline.', found.name) };
    const download = await this.api.download(found.id);
    const mime = imageMime(found.name, download.contentType);
    if (!mime) {
      download.stream.destroy();
      return { reason: l10n.t('{0} is not an image type the editor shows.', found.name) };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of download.stream) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += b.length;
      if (size > MAX_IMAGE_BYTES) {
        download.stream.destroy();
        return { reason: l10n.t('{0} is too large to show inline.', found.name) };
      }
      chunks.push(b);
    }
    return { dataUri: `data:${mime};base64,${Buffer.concat(chunks).toString('base64')}` };
  }

  /** Attachments changed (an upload): read the list again next time. */
  forget(): void {
    this.attachments = undefined;
  }
}

// Images pasted or dropped into a memo become attachments of the defect, shown in the memo by the
// absolute attachment URL — the `src` form a real server keeps (ALM 26.1 strips a bare `NAME` or
// `attachments/NAME` on read; the last path segment is the attachment's name). A saved defect's
// image is uploaded at once. A new defect's wait here, named, until it is created: then they are
// uploaded, and only after that are its memos saved with their sources made absolute. What failed
// is remembered, so the user can try again without losing the defect or the text. No `vscode`.
import * as l10n from '@vscode/l10n';
import { MAX_PASTED_IMAGE_BYTES, PASTED_IMAGE_TYPES } from '../../shared/editorProtocol';
import type { PastedImage, PastedImageReply, WireValue } from '../../shared/editorProtocol';
import { formatBytes } from '../../util/format';

/** What the images need from the rest of the extension. */
export interface MemoImageServices {
  /** Uploads `bytes` as an attachment of defect `defectId`; resolves with the name the server stored. */
  upload(defectId: number, name: string, bytes: Buffer): Promise<string>;
  /** The `src` a memo keeps for attachment `name` of defect `defectId` (absolute: see attachmentImageSrc). */
  srcFor(defectId: number, name: string): string;
  /** The defect's attachments changed: the tree rows, the editor's list and its images hear of it. */
  changed(defectId: number): void;
}

/** A new defect waits for at most this many pasted images (each up to MAX_PASTED_IMAGE_BYTES). */
export const MAX_PENDING_IMAGES = 20;

/** The absolute Core URL of a defect's attachment: the image `src` form ALM servers keep verbatim. */
export function attachmentImageSrc(baseUrl: string, ref: { domain: string; project: string }, defectId: number, name: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}/rest/domains/${encodeURIComponent(ref.domain)}/projects/${encodeURIComponent(ref.project)}/defects/${defectId}/attachments/${encodeURIComponent(name)}`;
}

/** A pasted image checked: a raster type, within the size limit, valid base64. Throws a message for the user otherwise. */
export function checkPastedImage(image: PastedImage): { bytes: Buffer; extension: string } {
  const mime = image.mime.toLowerCase();
  const extension = PASTED_IMAGE_TYPES[mime];
  if (!extension) {
    throw new Error(l10n.t('Only PNG, JPEG, GIF, WebP and BMP images can be pasted into a memo ({0} was refused); attach other files in the Attachments section.', image.name || mime || '?'));
  }
  // Base64 is 4 characters per 3 bytes: refuse an oversized one before decoding it.
  if (image.data.length > Math.ceil(MAX_PASTED_IMAGE_BYTES / 3) * 4 + 4 || !/^[A-Za-z0-9+/]*={0,2}$/.test(image.data)) {
    throw new Error(tooLarge(image, Math.floor((image.data.length * 3) / 4)));
  }
  const bytes = Buffer.from(image.data, 'base64');
  if (bytes.length === 0) throw new Error(l10n.t('The pasted image {0} is empty.', image.name));
  if (bytes.length > MAX_PASTED_IMAGE_BYTES) throw new Error(tooLarge(image, bytes.length));
  return { bytes, extension };
}

function tooLarge(image: PastedImage, size: number): string {
  return l10n.t(
    'The image {0} ({1}) is larger than {2}, the most a memo shows inline; attach it in the Attachments section instead.',
    image.name || image.mime,
    formatBytes(size),
    formatBytes(MAX_PASTED_IMAGE_BYTES),
  );
}

/** `screenshot.png` kept (made safe for a file name), else `pasted-20260105-143000-1.png`. */
export function pastedImageName(original: string, extension: string, now: Date, sequence: number): string {
  const safe = original
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
    .trim()
    .slice(-120);
  if (safe && /\.[a-z0-9]+$/i.test(safe)) return safe;
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `pasted-${stamp}-${sequence}.${extension}`;
}

/**
 * The memo values of `edits` whose images name a waiting image (`src="NAME"`, as the page writes
 * an image it has no URL for yet) with that source replaced. Only memos that change are returned.
 * The names are ones this module chose or checked, so the attribute text is matched exactly.
 */
export function withImageSources(edits: Readonly<Record<string, WireValue>>, sources: ReadonlyMap<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(edits)) {
    if (typeof value !== 'string') continue;
    let html = value;
    for (const [name, src] of sources) html = html.split(`src="${attributeText(name)}"`).join(`src="${attributeText(src)}"`);
    if (html !== value) out[field] = html;
  }
  return out;
}

/** A value as the HTML serializer writes it inside double quotes. */
function attributeText(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/\u00a0/g, '&nbsp;');
}

/** What attaching a new defect's images left undone. */
export interface ImagesOutcome {
  /** Images that could not be uploaded (their names: the memo shows them missing). */
  missing: string[];
  /** Why the last upload failed. */
  reason?: string;
}

export class MemoImages {
  /** A new defect's images by the name they will have, until uploaded. */
  private readonly waiting = new Map<string, Buffer>();
  private sequence = 0;

  constructor(
    private readonly services: MemoImageServices,
    private readonly now: () => Date,
  ) {}

  get hasWaiting(): boolean {
    return this.waiting.size > 0;
  }

  get waitingNames(): string[] {
    return [...this.waiting.keys()];
  }

  /** Checks and names a pasted image: a saved defect's is uploaded now; a new defect's waits for its creation. */
  async paste(defectId: number | undefined, image: PastedImage): Promise<PastedImageReply> {
    const { bytes, extension } = checkPastedImage(image);
    let name = pastedImageName(image.name, extension, this.now(), ++this.sequence);
    if (defectId !== undefined) {
      const stored = await this.services.upload(defectId, name, bytes);
      this.services.changed(defectId);
      return { src: this.services.srcFor(defectId, stored), name: stored };
    }
    if (this.waiting.size >= MAX_PENDING_IMAGES) {
      throw new Error(l10n.t('A new defect can take {0} pasted images; save it first, then paste more.', MAX_PENDING_IMAGES));
    }
    // Two drops of files with one name: the second gets a number, so each keeps its own image.
    for (let n = 2; this.waiting.has(name); n++) name = name.replace(/(?:-\d+)?(\.[a-z0-9]+)$/i, `-${n}$1`);
    this.waiting.set(name, bytes);
    return { src: name, name };
  }

  /**
   * After the defect was created: uploads every waiting image that `edits` still show (one the user
   * deleted again is dropped; those that fail keep waiting) and returns the sources the memos
   * should name — the stored name's URL, also for a missing one (it shows once a retry uploads it
   * under that name). Without `edits` (a retry), every waiting image goes.
   */
  async upload(defectId: number, edits?: Readonly<Record<string, WireValue>>): Promise<ImagesOutcome & { sources: Map<string, string> }> {
    const sources = new Map<string, string>();
    const missing: string[] = [];
    let reason: string | undefined;
    for (const [name, bytes] of [...this.waiting]) {
      if (edits && !Object.values(edits).some((v) => typeof v === 'string' && v.includes(`src="${attributeText(name)}"`))) {
        this.waiting.delete(name);
        continue;
      }
      try {
        const stored = await this.services.upload(defectId, name, bytes);
        this.waiting.delete(name);
        sources.set(name, this.services.srcFor(defectId, stored));
      } catch (e) {
        missing.push(name);
        reason = e instanceof Error ? e.message : String(e);
        sources.set(name, this.services.srcFor(defectId, name));
      }
    }
    if (missing.length < sources.size) this.services.changed(defectId);
    return { sources, missing, ...(reason !== undefined ? { reason } : {}) };
  }
}

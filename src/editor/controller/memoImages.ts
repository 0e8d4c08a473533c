// Images pasted or dropped into a memo become attachments of the defect, shown in the memo by the
// absolute attachment URL — the `src` form a real server keeps (ALM 26.1 strips a bare `NAME` or
// `attachments/NAME` on read; the last path segment is the attachment's name). Nothing reaches the
// server before Save: each image waits here, named, and the memo names it bare (`src="NAME"`; the
// page shows it from its own bytes, the host from these). Saving a defect uploads the images its
// memos still show and sends the memos with their sources made absolute; a new defect's are
// uploaded once it is created, then its memos saved. Images uploaded by a save that then failed
// are removed again when the user discards the edit. What failed is remembered, so the user can
// try again without losing the defect or the text. No `vscode`.
import * as l10n from '@vscode/l10n';
import type { PastedImage, PastedImageReply, WireValue } from '../../shared/editorProtocol';
import { checkPastedImage, pastedImageName } from './pastedImage';

/** What the images need from the rest of the extension. */
export interface MemoImageServices {
  /** Uploads `bytes` as an attachment of defect `defectId`; resolves with the attachment the server stored. */
  upload(defectId: number, name: string, bytes: Buffer): Promise<{ id: number; name: string }>;
  /** Deletes attachment `attachmentId` of defect `defectId`. */
  remove(defectId: number, attachmentId: number): Promise<void>;
  /** The `src` a memo keeps for attachment `name` of defect `defectId` (absolute: see attachmentImageSrc). */
  srcFor(defectId: number, name: string): string;
  /** The defect's attachments changed: the tree rows, the editor's list and its images hear of it. */
  changed(defectId: number): void;
}

/** An edit holds at most this many pasted images until it is saved (each up to MAX_PASTED_IMAGE_BYTES). */
export const MAX_PENDING_IMAGES = 20;

/** The absolute Core URL of a defect's attachment: the image `src` form ALM servers keep verbatim. */
export function attachmentImageSrc(baseUrl: string, ref: { domain: string; project: string }, defectId: number, name: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}/rest/domains/${encodeURIComponent(ref.domain)}/projects/${encodeURIComponent(ref.project)}/defects/${defectId}/attachments/${encodeURIComponent(name)}`;
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

/** A pasted image until it is uploaded (and after, until the memo that shows it is saved). */
interface HeldImage {
  bytes: Buffer;
  mime: string;
}

/** Whether one of `edits`' memos shows the image the page named `name`. */
function shows(edits: Readonly<Record<string, WireValue>>, name: string): boolean {
  return Object.values(edits).some((v) => typeof v === 'string' && v.includes(`src="${attributeText(name)}"`));
}

export class MemoImages {
  /** Pasted images by the name they will have, until a save uploads them. */
  private readonly waiting = new Map<string, HeldImage>();
  /** Images a save uploaded whose memo the server does not have yet: their source, and the attachment a discard removes. */
  private readonly sent = new Map<string, HeldImage & { src: string; id: number }>();
  private sequence = 0;

  constructor(
    private readonly services: MemoImageServices,
    private readonly now: () => Date,
  ) {}

  get hasWaiting(): boolean {
    return this.waiting.size > 0;
  }

  /** Whether the edit holds pasted images: waiting for a save, or uploaded by one that failed. */
  get heldByEdit(): boolean {
    return this.waiting.size > 0 || this.sent.size > 0;
  }

  get waitingNames(): string[] {
    return [...this.waiting.keys()];
  }

  /** Checks and names a pasted image, which waits for the next Save; nothing is sent yet. */
  paste(image: PastedImage): PastedImageReply {
    const checked = checkPastedImage(image);
    let name = pastedImageName(image.name, checked, this.now(), ++this.sequence);
    if (this.waiting.size >= MAX_PENDING_IMAGES) {
      throw new Error(l10n.t('Your edit holds {0} pasted images, the most it keeps until it is saved; click Save first, then paste more.', MAX_PENDING_IMAGES));
    }
    // Two drops of files with one name: the second gets a number, so each keeps its own image.
    for (let n = 2; this.waiting.has(name) || this.sent.has(name); n++) name = name.replace(/(?:-\d+)?(\.[a-z0-9]+)$/i, `-${n}$1`);
    this.waiting.set(name, { bytes: checked.bytes, mime: checked.mime });
    return { src: name, name };
  }

  /** The image a memo names by the bare `src` the page gave it, while it is held here (a reloaded page shows it from these bytes). */
  localImage(src: string): string | undefined {
    const held = this.waiting.get(src) ?? this.sent.get(src);
    return held && `data:${held.mime};base64,${held.bytes.toString('base64')}`;
  }

  /**
   * Before saving defect `defectId`'s `edits`: uploads the waiting images they still show (one the
   * user deleted again is dropped) and answers the memos of `edits` with the uploaded images'
   * absolute sources. An upload that fails throws; those uploaded before it are not sent twice.
   */
  async beforeSave(defectId: number, edits: Readonly<Record<string, WireValue>>): Promise<Record<string, string>> {
    let uploaded = false;
    try {
      for (const [name, image] of [...this.waiting]) {
        if (shows(edits, name)) {
          const stored = await this.services.upload(defectId, name, image.bytes);
          uploaded = true;
          this.sent.set(name, { ...image, src: this.services.srcFor(defectId, stored.name), id: stored.id });
        }
        this.waiting.delete(name);
      }
    } finally {
      if (uploaded) this.services.changed(defectId);
    }
    return withImageSources(edits, new Map([...this.sent].map(([name, s]) => [name, s.src])));
  }

  /** The save went through: the uploaded images are the saved memos' now. */
  saved(): void {
    this.sent.clear();
  }

  /**
   * The edit was discarded: its waiting images are dropped and those a failed save uploaded are
   * deleted from defect `defectId`. Resolves with what to tell the user when some could not be.
   */
  async discard(defectId: number | undefined): Promise<string | undefined> {
    this.waiting.clear();
    const sent = [...this.sent];
    this.sent.clear();
    if (defectId === undefined || sent.length === 0) return undefined;
    const left: string[] = [];
    let reason = '';
    for (const [name, image] of sent) {
      try {
        await this.services.remove(defectId, image.id);
      } catch (e) {
        left.push(name);
        reason = e instanceof Error ? e.message : String(e);
      }
    }
    if (left.length < sent.length) this.services.changed(defectId);
    if (!left.length) return undefined;
    return l10n.t('Your changes were discarded, but these pasted images, uploaded by a save that failed, could not be removed from defect {0}: {1}. {2}', defectId, left.join(', '), reason);
  }

  /**
   * After a new defect was created: uploads every waiting image that `edits` still show (one the
   * user deleted again is dropped; those that fail keep waiting) and returns the sources the memos
   * should name — the stored name's URL, also for a missing one (it shows once a retry uploads it
   * under that name). Without `edits` (a retry), every waiting image goes.
   */
  async upload(defectId: number, edits?: Readonly<Record<string, WireValue>>): Promise<ImagesOutcome & { sources: Map<string, string> }> {
    const sources = new Map<string, string>();
    const missing: string[] = [];
    let reason: string | undefined;
    for (const [name, image] of [...this.waiting]) {
      if (edits && !shows(edits, name)) {
        this.waiting.delete(name);
        continue;
      }
      try {
        const stored = await this.services.upload(defectId, name, image.bytes);
        this.waiting.delete(name);
        sources.set(name, this.services.srcFor(defectId, stored.name));
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

// Images pasted from the clipboard or dropped as files onto a memo being edited. The page checks
// type and size before reading a byte (the host checks again), hands the bytes to the extension,
// which holds them until Save attaches them to the defect, and shows the image from its own bytes
// at once: the memo keeps the `src` the extension answers (a name, made the attachment's URL on
// Save), never the data: URI.
import * as l10n from '@vscode/l10n';
import { MAX_PASTED_IMAGE_BYTES, PASTED_IMAGE_TYPES } from '../../../src/shared/editorProtocol';
import type { PastedImage, PastedImageReply } from '../../../src/shared/editorProtocol';
import { IMAGE_SOURCE_ATTR, RASTER_DATA_URI } from '../sanitize';

export interface MemoImageContext {
  /** Attaches the image through the extension; undefined when it refused (the page shows why). */
  pasteImage(image: PastedImage, dataUri: string): Promise<PastedImageReply | undefined>;
  /** Shows why an image was not taken. */
  showError(message: string): void;
}

/** The files of a paste or drop (a screenshot on the clipboard is one `image/png` file). */
export function filesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  const files = Array.from(data.files);
  if (files.length) return files;
  // Some sources put the image only in `items`.
  return Array.from(data.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.getAsFile())
    .filter((f): f is File => f !== null);
}

/** Why a file cannot go into a memo, or undefined when it can. */
function refusal(file: File): string | undefined {
  if (!PASTED_IMAGE_TYPES[file.type.toLowerCase()]) {
    return l10n.t('{0} is not a PNG, JPEG, GIF, WebP or BMP image; attach it in the Attachments section instead.', file.name || file.type || l10n.t('The file'));
  }
  if (file.size > MAX_PASTED_IMAGE_BYTES) {
    const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
    return l10n.t('{0} ({1}) is larger than {2}, the most a memo shows inline; attach it in the Attachments section instead.', file.name || file.type, mb(file.size), mb(MAX_PASTED_IMAGE_BYTES));
  }
  return undefined;
}

function readDataUri(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error(l10n.t('Could not read {0}.', file.name)));
    reader.readAsDataURL(file);
  });
}

/**
 * Attaches each image file and inserts it at `at` (the caret when the paste or drop happened),
 * one after the other in their order; calls `inserted` after each. Files that are not images, or
 * too large, are refused with a message and the others still go in. `keepNames`: a dropped file's
 * name is the user's; a clipboard image's ("image.png") is not, and the host names it by time.
 */
export async function insertImages(files: readonly File[], at: Range, ctx: MemoImageContext, inserted: () => void, keepNames: boolean): Promise<void> {
  for (const file of files) {
    const refused = refusal(file);
    if (refused) {
      ctx.showError(refused);
      continue;
    }
    const dataUri = await readDataUri(file);
    // The type the file claims: the data: URI names it the same way.
    if (!RASTER_DATA_URI.test(dataUri)) {
      ctx.showError(l10n.t('{0} could not be read as an image.', file.name || file.type));
      continue;
    }
    const mime = file.type.toLowerCase();
    const reply = await ctx.pasteImage({ name: keepNames ? file.name : '', mime, data: dataUri.slice(dataUri.indexOf(',') + 1) }, dataUri);
    if (!reply) continue;
    const img = document.createElement('img');
    img.setAttribute(IMAGE_SOURCE_ATTR, reply.src);
    img.alt = reply.name;
    img.src = dataUri;
    at.insertNode(img);
    at.setStartAfter(img);
    at.collapse(true);
    inserted();
  }
}

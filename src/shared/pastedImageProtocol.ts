// Images pasted or dropped into a memo of the defect editor: what the page sends and the host answers.
// Part of the editor's protocol (editorProtocol.ts re-exports it); types and constants only.

import { MAX_INLINE_IMAGE_BYTES, RASTER_IMAGE_TYPES } from './imageTypes';

/**
 * Images pasted or dropped into a memo: the raster types of imageTypes.ts (an SVG could carry
 * script) by MIME type, with the extension given to a new name; each at most MAX_PASTED_IMAGE_BYTES
 * — the size the editor still shows inline, since images travel to the page as data: URIs. The page
 * checks before it sends; the host checks again (the page is not trusted).
 */
export const PASTED_IMAGE_TYPES: Readonly<Record<string, string>> = Object.fromEntries(RASTER_IMAGE_TYPES.map((t) => [t.mime, t.extensions[0]]));
export const MAX_PASTED_IMAGE_BYTES = MAX_INLINE_IMAGE_BYTES;

/** An image the user pasted or dropped into a memo, as the page sends it. */
export interface PastedImage {
  /** The file's name when it had one (a dropped file), else empty: the host names it. */
  name: string;
  mime: string;
  /** The bytes, base64. */
  data: string;
}

/** Where the pasted image is: the `src` the memo keeps, and the attachment's name. */
export interface PastedImageReply {
  src: string;
  name: string;
}

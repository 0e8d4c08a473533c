// Images pasted or dropped into a memo of the defect editor: what the page sends and the host answers.
// Part of the editor's protocol (editorProtocol.ts re-exports it); types and constants only.

/**
 * Images pasted or dropped into a memo: raster types only (an SVG could carry script), each at most
 * MAX_PASTED_IMAGE_BYTES — the size the editor still shows inline, since images travel to the page
 * as data: URIs. The page checks before it sends; the host checks again (the page is not trusted).
 */
export const PASTED_IMAGE_TYPES: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
};
export const MAX_PASTED_IMAGE_BYTES = 8 * 1024 * 1024;

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

// The one table of image types the extension shows inline (issue 39): the memo's images the host
// downloads for the page, the images a user pastes or drops into a memo (the page's check and the
// host's), and the content type an uploaded file is sent with. Raster types only: an SVG could carry
// script. Here, below the host and the page; types and constants only.

/** Each raster type with the extensions a file of that type may have; the first is given to new names. */
export const RASTER_IMAGE_TYPES = [
  { mime: 'image/png', extensions: ['png'] },
  { mime: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  { mime: 'image/gif', extensions: ['gif'] },
  { mime: 'image/webp', extensions: ['webp'] },
  { mime: 'image/bmp', extensions: ['bmp', 'dib'] },
] as const satisfies readonly { mime: string; extensions: readonly [string, ...string[]] }[];

export type RasterImageType = (typeof RASTER_IMAGE_TYPES)[number];
export type RasterMime = RasterImageType['mime'];

/** The largest image shown inline (pasted, or an attachment a memo shows): images reach the page as data: URIs. */
export const MAX_INLINE_IMAGE_BYTES = 8 * 1024 * 1024;

/** The raster type a file extension (without the dot, any case) stands for. */
export function rasterTypeOfExtension(extension: string): RasterImageType | undefined {
  const ext = extension.toLowerCase();
  return RASTER_IMAGE_TYPES.find((t) => (t.extensions as readonly string[]).includes(ext));
}

/** The raster type a MIME type names (parameters and case ignored). */
export function rasterTypeOfMime(mime: string | undefined): RasterImageType | undefined {
  const m = mime?.split(';')[0].trim().toLowerCase();
  return m ? RASTER_IMAGE_TYPES.find((t) => t.mime === m) : undefined;
}

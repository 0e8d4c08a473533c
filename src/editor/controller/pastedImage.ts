// A pasted or dropped image as the page sends it, checked on the host (the page is not trusted):
// its bytes decoded, their type read from the bytes' own signature (what the page claims is only a
// claim), and a file name whose extension is that type's — a name the page sends keeps its stem
// only, so `evil.html` sent as image/png is stored as `evil.png`. No `vscode`.
import * as l10n from '@vscode/l10n';
import { MAX_PASTED_IMAGE_BYTES } from '../../shared/editorProtocol';
import type { PastedImage } from '../../shared/editorProtocol';
import { RASTER_IMAGE_TYPES } from '../../shared/imageTypes';
import type { RasterMime } from '../../shared/imageTypes';
import { formatBytes } from '../../util/format';

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

// The signatures are the formats' own: PNG's 8-byte header, JPEG's SOI marker and the next
// marker's FF, GIF87a/GIF89a, a RIFF container of WEBP, BMP's "BM". One per type of the shared
// table (src/shared/imageTypes.ts): a type added there without its signature fails to compile.
const SIGNATURES: { readonly [M in RasterMime]: (bytes: Buffer) => boolean } = {
  'image/png': (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/jpeg': (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  'image/gif': (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  'image/webp': (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  'image/bmp': (b) => startsWith(b, ascii('BM')) && b.length > 14,
};

/** The raster type `bytes` are, by their signature; undefined for anything else. */
function sniffImageType(bytes: Buffer): { mime: string; extension: string; extensions: readonly string[] } | undefined {
  const type = RASTER_IMAGE_TYPES.find((t) => SIGNATURES[t.mime](bytes));
  return type && { mime: type.mime, extension: type.extensions[0], extensions: type.extensions };
}

/** Base64 as sent: line breaks and spaces (a MIME-wrapped copy) are allowed and dropped. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Base64 is 4 characters per 3 bytes; whitespace may add a few percent (76-character lines). */
const MAX_BASE64_CHARS = Math.ceil((Math.ceil(MAX_PASTED_IMAGE_BYTES / 3) * 4 * 105) / 100) + 4;

/** A pasted image checked: valid base64, within the size limit, bytes of a raster type. Throws a message for the user otherwise. */
export function checkPastedImage(image: PastedImage): { bytes: Buffer; mime: string; extension: string; extensions: readonly string[] } {
  const label = image.name || image.mime || '?';
  // Refused before decoding: the length alone says it is too large.
  if (image.data.length > MAX_BASE64_CHARS) throw new Error(tooLarge(label, Math.floor((image.data.length * 3) / 4)));
  const data = image.data.replace(/\s+/g, '');
  if (!BASE64.test(data)) throw new Error(l10n.t('The image {0} could not be read: its data is not base64. Paste it again, or attach the file in the Attachments section.', label));
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0) throw new Error(l10n.t('The pasted image {0} is empty.', label));
  if (bytes.length > MAX_PASTED_IMAGE_BYTES) throw new Error(tooLarge(label, bytes.length));
  const type = sniffImageType(bytes);
  if (!type) {
    throw new Error(l10n.t('Only PNG, JPEG, GIF, WebP and BMP images can be pasted into a memo ({0} is none of them); attach other files in the Attachments section.', label));
  }
  return { bytes, ...type };
}

function tooLarge(label: string, size: number): string {
  return l10n.t('The image {0} ({1}) is larger than {2}, the most a memo shows inline; attach it in the Attachments section instead.', label, formatBytes(size), formatBytes(MAX_PASTED_IMAGE_BYTES));
}

/**
 * A dropped file's name made safe for a file name, its extension the image's own (`shot.jpeg`
 * stays, `evil.html` becomes `evil.png`); a clipboard image (no name, or none with an extension) becomes
 * `pasted-20260105-143000-1.png`.
 */
export function pastedImageName(original: string, type: { extension: string; extensions?: readonly string[] }, now: Date, sequence: number): string {
  const safe = original
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_')
    .trim()
    .slice(-120);
  const ext = /\.([a-z0-9]+)$/i.exec(safe)?.[1];
  if (ext && (type.extensions ?? [type.extension]).includes(ext.toLowerCase())) return safe;
  const stem = ext ? safe.slice(0, -ext.length - 1).replace(/[.\s]+$/, '') : '';
  if (stem) return `${stem}.${type.extension}`;
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `pasted-${stamp}-${sequence}.${type.extension}`;
}

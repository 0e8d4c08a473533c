// The one HTML escape for text the extension puts into HTML it builds (memo documents, the editor
// page, error pages): every character that could end a text node or an attribute value. And the
// one nonce a webview page's Content-Security-Policy lets its own script run by.
import { randomBytes } from 'node:crypto';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A fresh nonce for one load of a webview page (its script runs by it, nothing else does). */
export function createNonce(): string {
  return randomBytes(18).toString('base64url');
}

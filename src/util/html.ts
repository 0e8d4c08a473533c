// The one HTML escape for text the extension puts into HTML it builds (memo documents, the editor
// page, error pages): every character that could end a text node or an attribute value. And the
// one nonce a webview page's Content-Security-Policy lets its own script run by.
import { randomBytes } from 'node:crypto';

/**
 * Text as HTML that reads back as the same text in a text node and in a double- or single-quoted
 * attribute value: `'` is escaped too (`&#39;`), so no quote in the text can end an attribute.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A fresh nonce for one load of a webview page (its script runs by it, nothing else does). */
export function createNonce(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The strict Content-Security-Policy of our webview pages: only the page's nonce'd script runs, and
 * nothing may connect, frame, post a form or load media. Pages differ only in how styles and images load.
 */
export function webviewCsp(o: { cspSource: string; nonce: string; style: string; img: string }): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${o.nonce}'`,
    `style-src ${o.cspSource} ${o.style}`,
    `font-src ${o.cspSource}`,
    `img-src ${o.img}`,
    "connect-src 'none'",
    "frame-src 'none'",
    "child-src 'none'",
    "worker-src 'none'",
    "object-src 'none'",
    "media-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/**
 * A webview page from `<!DOCTYPE html>` through `</head>`: the language, the strict policy
 * (webviewCsp), no referrer, the page's stylesheet — its text written in (with the nonce when the
 * policy admits styles by nonce) or a link — and the title. Every value is escaped here.
 */
export function webviewHead(o: { lang: string; csp: Parameters<typeof webviewCsp>[0]; stylesheet: { href: string; inline?: string; nonce?: string }; title: string }): string {
  const { href, inline, nonce } = o.stylesheet;
  const style = inline === undefined ? `<link rel="stylesheet" href="${escapeHtml(href)}">` : `<style${nonce === undefined ? '' : ` nonce="${escapeHtml(nonce)}"`}>${inline}</style>`;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(o.lang)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(webviewCsp(o.csp))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${style}
<title>${escapeHtml(o.title)}</title>
</head>`;
}

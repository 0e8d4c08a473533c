// Memo HTML from the server is untrusted. It passes DOMPurify (its own instance, so these hooks
// stay local) before it touches the DOM: HTML profile only (no SVG/MathML), no forms, frames,
// styles sheets or embeds, inline styles reduced to a whitelist of harmless properties, links
// kept only for http(s) and mailto, and every image's `src` moved to `data-alm-src` so nothing
// loads until the extension resolves it to one of the defect's attachments.
import createDOMPurify from 'dompurify';
import type { Config } from 'dompurify';
import { blocksAsDisclosures } from './disclosures';
import { needsRescue, rescueSwallowedText } from './rescueText';

export const IMAGE_SOURCE_ATTR = 'data-alm-src';
/** An image the extension could not resolve is marked so (the page's own attribute: the sanitizer drops data-* from memos). */
export const IMAGE_MISSING_ATTR = 'data-alm-missing';
/** An image shown by a placeholder until the extension has resolved it (memoImageLoader.ts). */
export const IMAGE_PENDING_ATTR = 'data-alm-pending';
/**
 * What the page sets on a memo's image to show it (a resolved data: URI or a placeholder, waiting,
 * loading, not found): never part of the memo, stripped when it is written out, and no change of the memo.
 */
export const IMAGE_DISPLAY_ATTRS: readonly string[] = ['src', 'aria-busy', IMAGE_MISSING_ATTR, IMAGE_PENDING_ATTR];

const purify = createDOMPurify(window);

const FORBID_TAGS = [
  'style',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'link',
  'meta',
  'base',
  'svg',
  'math',
  'template',
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'dialog',
  'noscript',
  'title',
  'head',
  'applet',
  'portal',
  'marquee',
  'canvas',
];
/**
 * `inert` and the popover and command attributes would make part of a memo impossible to click into,
 * edit or even see (a popover is hidden until shown): typing there would be lost (issue 37).
 */
const FORBID_ATTR = [
  'srcset',
  'action',
  'formaction',
  'background',
  'ping',
  'poster',
  'xlink:href',
  'target',
  'id',
  'name',
  'autofocus',
  'tabindex',
  'is',
  'inert',
  'popover',
  'popovertarget',
  'popovertargetaction',
  'command',
  'commandfor',
];

/**
 * Elements dropped together with their content: code, and foreign (SVG/MathML) markup. Any other
 * removed element (audio, video, form, noscript…) leaves its content, the user's words.
 */
const FORBID_CONTENTS = ['script', 'style', 'svg', 'math', 'annotation-xml', 'desc', 'foreignobject', 'mi', 'mn', 'mo', 'ms', 'mtext', 'head', 'colgroup', 'selectedcontent'];

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS,
  FORBID_ATTR,
  FORBID_CONTENTS,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Ids and names could clobber globals of this page's script.
  SANITIZE_DOM: true,
  SANITIZE_NAMED_PROPS: true,
};

/** CSS properties a memo may keep (what ALM's rich-text editor writes); anything else is dropped. */
const SAFE_CSS = new Set([
  'color',
  'background-color',
  'font-weight',
  'font-style',
  'font-size',
  'font-family',
  'text-decoration',
  'text-align',
  'vertical-align',
  'white-space',
  'border',
  'border-collapse',
  'border-color',
  'border-style',
  'border-width',
  'padding',
  'padding-left',
  'padding-right',
  'padding-top',
  'padding-bottom',
  'margin',
  'margin-left',
  'margin-right',
  'margin-top',
  'margin-bottom',
  'width',
  'height',
  'list-style-type',
  'text-indent',
  'line-height',
]);
/** Values that could load something or run code in any engine. */
const UNSAFE_CSS_VALUE = /url\s*\(|expression\s*\(|image-set|@import|javascript:|behavior|binding|[\\<>]|\/\*/i;

function filterStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const prop = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (SAFE_CSS.has(prop) && value && !UNSAFE_CSS_VALUE.test(value)) kept.push(`${prop}: ${value}`);
  }
  return kept.join('; ');
}

const SAFE_LINK = /^(?:https?:|mailto:)/i;
/** Raster images inline in the HTML itself; shown without asking the extension. */
export const RASTER_DATA_URI = /^data:image\/(png|jpeg|gif|webp|bmp);base64,[a-z0-9+/=\s]*$/i;

purify.addHook('afterSanitizeAttributes', (node) => {
  if (!(node instanceof Element)) return;
  const style = node.getAttribute('style');
  if (style !== null) {
    const filtered = filterStyle(style);
    if (filtered) node.setAttribute('style', filtered);
    else node.removeAttribute('style');
  }
  if (node.tagName === 'IMG') {
    const src = node.getAttribute('src')?.trim();
    node.removeAttribute('src');
    // Inline images are kept only as raster data (an SVG or HTML data: URI is dropped).
    if (src && (!/^data:/i.test(src) || RASTER_DATA_URI.test(src))) node.setAttribute(IMAGE_SOURCE_ATTR, src);
  }
  if (node.tagName === 'A') {
    const href = node.getAttribute('href');
    if (href !== null && !SAFE_LINK.test(href.trim())) node.removeAttribute('href');
    if (node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** The sanitized body of a memo, as a fragment of this document (never a string put into innerHTML). */
export function sanitizeMemo(html: string | null | undefined): DocumentFragment {
  if (!html) return document.createDocumentFragment();
  const input = needsRescue(html) ? rescueSwallowedText(html) : html;
  const result: unknown = purify.sanitize(input, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  // Should anything still give no fragment, there is nothing to show.
  const isFragment = typeof result === 'object' && result !== null && (result as Node).nodeType === Node.DOCUMENT_FRAGMENT_NODE;
  return isFragment ? (result as DocumentFragment) : document.createDocumentFragment();
}

/**
 * `parts` (consecutive nodes of one parent of a parsed memo's body, or a shallow copy of one standing
 * for its tags) sanitized in one pass, as sanitizeMemo sanitizes them inside the whole memo: the
 * sanitizer decides on each node by the node and its attributes alone, and an HTML parent (here a
 * plain `<div>` holding them) for an HTML one. The nodes are moved, never written out and parsed
 * again, so a row keeps its meaning outside its table.
 */
export function sanitizeParts(parts: readonly Node[]): DocumentFragment {
  const first = parts[0];
  if (!first?.ownerDocument) return document.createDocumentFragment();
  const holder = first.ownerDocument.createElement('div');
  holder.append(...parts);
  const result: unknown = purify.sanitize(holder, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
  const clean = result instanceof DocumentFragment && result.firstChild instanceof Element && result.childNodes.length === 1 ? result.firstChild : undefined;
  const fragment = (clean?.ownerDocument ?? document).createDocumentFragment();
  if (clean) fragment.append(...Array.from(clean.childNodes));
  return fragment;
}

/** Gives every image under `root` its original source back as `src` (in a document that loads nothing). */
function originalSources(root: Element): void {
  for (const img of Array.from(root.querySelectorAll('img'))) {
    const original = img.getAttribute(IMAGE_SOURCE_ATTR);
    img.removeAttribute(IMAGE_SOURCE_ATTR);
    if (original) img.setAttribute('src', original);
  }
}

/** Moves every image's original source back to `src`, in a document that loads nothing. */
function storedHtmlOf(fragment: DocumentFragment | Element): string {
  // An inert document: setting `src` there starts no request (in this page it would, even detached).
  const inert = document.implementation.createHTMLDocument('');
  const holder = inert.createElement('div');
  holder.appendChild(inert.importNode(fragment, true));
  originalSources(holder);
  return holder.innerHTML;
}

/** An inert document's element holding a memo sanitized (the source view's text, a slice at a time), for storedHtmlOfClean. */
export function inertHolder(): HTMLElement {
  return document.implementation.createHTMLDocument('').createElement('div');
}

/** What `holder` (an inertHolder filled with sanitized nodes) holds, as stored: images by their original source. */
export function storedHtmlOfClean(holder: HTMLElement): string {
  originalSources(holder);
  return holder.innerHTML;
}

/** Untrusted HTML (the source view, a paste) cleaned to what may be stored: sanitized, images by their original source. */
export function cleanMemoHtml(html: string): string {
  return storedHtmlOf(sanitizeMemo(html));
}

/**
 * The HTML to store of each of `nodes` (nodes of a memo being edited: a paragraph, a table row, a
 * memo's text, or a shallow copy of an element standing for its tags), sanitized as a whole memo
 * is, in one pass of the sanitizer. They are copied as nodes, never written out and parsed again,
 * so a row or a cell keeps its meaning outside its table. Images get their original `src` back
 * (resolved data: URIs are for display only), editable blocks become `<details>` again.
 * `asShown`: the nodes are as sanitizeMemo gave them (nobody changed them since), only written out.
 */
export function storedHtmlOfEach(nodes: readonly Node[], asShown = false): string[] {
  const inert = document.implementation.createHTMLDocument('');
  const holder = inert.createElement('div');
  // Each node in a plain <div> of its own, which the sanitizer keeps: its content is that node's HTML.
  for (const node of nodes) holder.appendChild(inert.createElement('div')).appendChild(inert.importNode(node, true));
  blocksAsDisclosures(holder);
  // As shown, a memo's images hold what the page set to show them (asShown writes them out unsanitized).
  for (const img of Array.from(holder.querySelectorAll('img'))) for (const attr of IMAGE_DISPLAY_ATTRS) img.removeAttribute(attr);
  originalSources(holder);
  if (asShown) return Array.from(holder.children, (wrapper) => wrapper.innerHTML);
  const clean: unknown = purify.sanitize(holder, { ...CONFIG, RETURN_DOM: true });
  const wrappers = clean instanceof Element && clean.firstElementChild ? Array.from(clean.firstElementChild.children) : [];
  // Should the sanitizer ever drop a wrapper, each part is taken alone (one it drops has no HTML left).
  if (wrappers.length !== nodes.length) return nodes.length === 1 ? [''] : nodes.map((node) => storedHtmlOfEach([node])[0] ?? '');
  return wrappers.map((wrapper) => {
    originalSources(wrapper);
    return wrapper.innerHTML;
  });
}

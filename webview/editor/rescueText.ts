// Before memo HTML is sanitized, the elements whose removal would take the user's words with them
// are opened up, in an inert document: an unclosed raw-text element (`<textarea>`, `<title>`,
// `<script>`, `<iframe>`, `<plaintext>`…) swallows everything after it as text, so its text is
// parsed again as markup; `<noscript>` and `<template>` give up their content; an unclosed
// `<!--` (it hides everything after it) is read as text and markup again. DOMPurify then drops
// what is dangerous and keeps the rest (audio, video, form… keep their content by config).

/** Elements the parser fills with raw text up to their end tag — or to the end of the memo. */
const RAW_TEXT = ['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext'];
/** Raw text that is code, not words: dropped when it swallowed nothing. */
const CODE = new Set(['SCRIPT', 'STYLE']);
/** Markup inside raw text: the element swallowed tags that were meant as the memo's content. */
const MARKUP = /<[/\w!]/;
const HTML_NS = 'http://www.w3.org/1999/xhtml';
/** Enough for any real memo; a hostile one cannot make the loop run forever. */
const MAX_PASSES = 16;

/** Whether nothing follows `node` up to the end of `root` (an unclosed raw-text element runs to the end). */
function isLast(node: Node, root: Node): boolean {
  for (let n: Node | null = node; n && n !== root; n = n.parentNode) {
    for (let s = n.nextSibling; s; s = s.nextSibling) if (s.nodeType !== Node.TEXT_NODE || s.textContent?.trim()) return false;
  }
  return true;
}

/**
 * A `<base>` element reports a CSP `base-uri` violation as soon as any document of this page parses
 * it, even an inert one; renamed first, it is an unknown element the sanitizer drops. A `<frameset>`
 * would make the parser throw away every paragraph after it; renamed, its content stays.
 */
function defuseBase(html: string): string {
  return html.replace(/<(\/?)(base|frameset)(?=[\s/>]|$)/gi, '<$1x-$2');
}

function parseInto(doc: Document, html: string): DocumentFragment {
  const template = doc.createElement('template');
  template.innerHTML = defuseBase(html);
  return template.content;
}

/**
 * Whether raw text is the rest of the memo: an element left unclosed swallows the source to its
 * end. Needed where the tree order is not the source order: in `<table><mglyph><style>…` the
 * parser moves (foster-parents) the `<style>` in front of the table it opened in, so the table
 * follows it in the tree though the style swallowed everything after it.
 */
function runsToEnd(text: string, source: string): boolean {
  return text.trim() !== '' && source.endsWith(text);
}

/** One pass; returns whether anything changed. */
function openUp(doc: Document, body: HTMLElement, source: string): boolean {
  let changed = false;
  for (const el of Array.from(body.querySelectorAll(RAW_TEXT.join(',')))) {
    if (!el.isConnected) continue;
    const text = el.textContent ?? '';
    if (MARKUP.test(text) && (isLast(el, body) || runsToEnd(text, source))) el.replaceWith(parseInto(doc, text));
    else if (CODE.has(el.tagName)) el.remove();
    else el.replaceWith(doc.createTextNode(text));
    changed = true;
  }
  // HTML inside SVG or MathML (an unclosed `<math><mi>` takes the paragraphs after it) is moved
  // out next to its foreign root, which the sanitizer drops with the rest of its content.
  for (const root of Array.from(body.querySelectorAll('svg, math'))) {
    if (!root.isConnected || root.parentElement?.namespaceURI !== HTML_NS) continue;
    const islands = Array.from(root.querySelectorAll('*')).filter((e) => e.namespaceURI === HTML_NS && e.parentElement?.namespaceURI !== HTML_NS);
    if (islands.length === 0) continue;
    root.after(...islands);
    changed = true;
  }
  for (const el of Array.from(body.querySelectorAll('noscript, template'))) {
    if (!el.isConnected) continue;
    el.replaceWith(...(el instanceof HTMLTemplateElement ? [el.content] : Array.from(el.childNodes)));
    changed = true;
  }
  return changed;
}

/**
 * A comment the memo never closed runs to its end and would hide every word after `<!--`; it is
 * parsed again as markup. A closed comment stays what its author meant: hidden (the sanitizer drops it).
 */
function openUnclosedComments(doc: Document, body: HTMLElement, parsedHtml: string): void {
  const source = parsedHtml.replace(/\r\n?/g, '\n');
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_COMMENT);
  const comments: Comment[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) comments.push(n as Comment);
  // Only a comment that nothing follows can run to the end; the search of the source (a scan of the
  // whole memo) is made for it alone, not for each of a memo's comments (1 MB of distinct comments
  // searched the memo 100,000 times and froze the editor).
  for (const comment of comments) {
    if (!isLast(comment, body)) continue;
    const data = comment.data;
    const closed = data === '' || source.includes(`<!--${data}-->`) || source.includes(`<!--${data}--!>`);
    if (!closed) comment.replaceWith(parseInto(doc, data));
  }
}

/** What the end tags `</html>`, `</head>` and `</body>` are renamed to while a memo with comments is parsed. */
const RENAMED_END = '</x-alm-';

/**
 * A memo with comments, to be parsed so that every comment lands in the head or the body. Comments
 * before `<head>` or after `</head>`, `</body>` or `</html>` become children of the document or its
 * root element, and Chromium checks all their siblings on each such insertion: 128 KB of `<!--x-->`
 * took 3.5 s to parse, 1 MB minutes. The parse starts in the head, and those end tags (which hold
 * nothing: what follows them goes into the body all the same) are renamed to tags the parser
 * ignores; restoreEndTags puts them back where they were text. A memo without comments is parsed as
 * it is (explicit opening tags make Chromium parse a plain memo slower).
 */
function commentsInHeadOrBody(html: string): string {
  if (!html.includes('<!--')) return html;
  return `<html><head>${html.replace(/<\/(html|head|body)(?=[\s/>]|$)/gi, `${RENAMED_END}$1`)}`;
}

/** Gives back `</html>`, `</head>` and `</body>` written as text (in raw text or an attribute) (or a comment) that commentsInHeadOrBody renamed. */
function restoreEndTags(doc: Document, body: HTMLElement): void {
  const restore = (text: string) => text.replace(/<\/x-alm-(html|head|body)/gi, '</$1');
  const walker = doc.createTreeWalker(body, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.nodeValue?.includes(RENAMED_END)) n.nodeValue = restore(n.nodeValue);
  for (const el of Array.from(body.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) if (attr.value.includes(RENAMED_END)) attr.value = restore(attr.value);
  }
}

/** What rescueSwallowedText acts on: raw-text, hiding and foreign elements, `<base>`, `<frameset>` and comments. */
const RESCUED = new RegExp(`<!--|<\\/?(?:${[...RAW_TEXT, 'noscript', 'template', 'svg', 'math', 'base', 'frameset'].join('|')})(?=[\\s/>]|$)`, 'i');

/**
 * Whether `html` holds anything rescueSwallowedText would change. Without it, the memo is handed to
 * the sanitizer as the text it is: parsed once there, it is not copied node by node (a copy the
 * sanitizer then walks again for shadow roots: two thirds of the time a 1 MB memo took to show).
 */
export function needsRescue(html: string): boolean {
  return RESCUED.test(html);
}

/**
 * The memo parsed in an inert document (nothing loads or runs there) with swallowed text given
 * back as markup; the result still has to be sanitized.
 */
export function rescueSwallowedText(html: string): HTMLElement {
  const defused = commentsInHeadOrBody(defuseBase(html));
  const doc = new DOMParser().parseFromString(defused, 'text/html');
  const body = doc.body;
  openUnclosedComments(doc, body, defused);
  // The source as the parser reads it (CR LF and CR are LF; NUL in raw text is U+FFFD).
  const source = defused.replace(/\r\n?/g, '\n').replace(/\0/g, '\ufffd');
  for (let pass = 0; pass < MAX_PASSES && openUp(doc, body, source); pass++);
  if (defused.includes(RENAMED_END)) restoreEndTags(doc, body);
  return body;
}

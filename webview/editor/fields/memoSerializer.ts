// The HTML of a memo being edited, kept up to date part by part: a typing pause sanitizes and
// writes out only the parts that changed since the last one, not the whole memo (a 1 MB memo took
// 0.4–1 s a pause; issue 38). A MutationObserver forgets the parts a change touched: the changed
// node and every element above it. An element with many children (a long table, a list, the memo
// itself) is its own tags around its children's parts; anything smaller is one part. A part no one
// touched since the memo was shown is the sanitizer's own output: it is only written out.
import { storedHtmlOfEach } from '../sanitize';

/** Elements that may stand for their tags around their children: kept by the sanitizer with their content. */
const CONTAINERS = new Set([
  'DIV',
  'P',
  'UL',
  'OL',
  'LI',
  'DL',
  'DD',
  'DT',
  'TABLE',
  'THEAD',
  'TBODY',
  'TFOOT',
  'TR',
  'TD',
  'TH',
  'BLOCKQUOTE',
  'PRE',
  'SPAN',
  'FONT',
  'B',
  'I',
  'U',
  'STRONG',
  'EM',
  'CENTER',
]);
/** Below this many children an element is cheaper to write out whole. */
const MIN_CHILDREN = 16;
/** How far below an element a container makes it one too (`<table><tbody>` rows, `<div><ul>` items). */
const NESTED_DEPTH = 2;

interface Tags {
  open: string;
  close: string;
}

export class MemoSerializer {
  private parts = new WeakMap<Node, string>();
  private tags = new WeakMap<Element, Tags>();
  /** Nodes changed, added or with something changed inside since the memo was shown: they are sanitized again. */
  private touched = new WeakSet<Node>();
  private readonly observer = new MutationObserver((records) => this.forget(records));

  constructor(private readonly root: Element) {
    this.observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  }

  /** The memo was replaced as a whole (a new value shown): nothing written before holds. */
  reset(): void {
    this.observer.takeRecords();
    this.parts = new WeakMap();
    this.tags = new WeakMap();
    this.touched = new WeakSet();
  }

  /** The memo's HTML to store: what changed since the last call is sanitized and written out, the rest reused. */
  html(): string {
    this.forget(this.observer.takeRecords());
    this.refresh();
    return this.childrenHtml(this.root);
  }

  /** An element of many children, or one holding such an element close below (a table's body, a list in a block). */
  private isContainer(node: Node, depth = 0): node is Element {
    if (!(node instanceof Element) || !CONTAINERS.has(node.tagName)) return false;
    if (node.childNodes.length >= MIN_CHILDREN) return true;
    if (depth >= NESTED_DEPTH) return false;
    return Array.from(node.children).some((child) => this.isContainer(child, depth + 1));
  }

  private forget(records: readonly MutationRecord[]): void {
    for (const record of records) {
      for (let n: Node | null = record.target; n && n !== this.root; n = n.parentNode) {
        this.parts.delete(n);
        this.touched.add(n);
        if (n instanceof Element) this.tags.delete(n);
      }
      // A node put back (an undo, a move) may have changed while it was out of the memo.
      for (const added of Array.from(record.addedNodes)) this.forgetAll(added);
    }
  }

  private forgetAll(node: Node): void {
    this.parts.delete(node);
    this.touched.add(node);
    if (node instanceof Element) this.tags.delete(node);
    for (let child = node.firstChild; child; child = child.nextSibling) this.forgetAll(child);
  }

  /**
   * Writes out up to `limit` parts ahead of the first pause (the page calls this when idle after
   * Edit, a slice at a time); returns whether parts are left to write.
   */
  prepare(limit: number): boolean {
    this.forget(this.observer.takeRecords());
    return this.refresh(limit);
  }

  /**
   * Sanitizes, in one pass, up to `limit` parts not written yet and the tags of every container
   * around them; returns whether parts were left for another call.
   */
  private refresh(limit = Infinity): boolean {
    const leaves: Node[] = [];
    const containers: Element[] = [];
    const visit = (parent: Node) => {
      for (let child = parent.firstChild; child && leaves.length < limit; child = child.nextSibling) {
        if (this.parts.has(child)) continue;
        if (!this.isContainer(child)) leaves.push(child);
        else {
          if (!this.tags.has(child)) containers.push(child);
          visit(child);
        }
      }
    };
    visit(this.root);
    if (leaves.length === 0 && containers.length === 0) return false;
    for (const asShown of [true, false]) {
      const parts = leaves.filter((leaf) => this.touched.has(leaf) !== asShown);
      const around = containers.filter((container) => this.touched.has(container) !== asShown);
      if (parts.length === 0 && around.length === 0) continue;
      const html = storedHtmlOfEach([...parts, ...around.map((c) => c.cloneNode(false))], asShown);
      parts.forEach((leaf, i) => this.parts.set(leaf, html[i] ?? ''));
      around.forEach((container, i) => this.tags.set(container, splitTags(html[parts.length + i] ?? '')));
    }
    return leaves.length >= limit;
  }

  private childrenHtml(parent: Node): string {
    const out: string[] = [];
    for (let child = parent.firstChild; child; child = child.nextSibling) out.push(this.partHtml(child));
    return out.join('');
  }

  private partHtml(node: Node): string {
    let html = this.parts.get(node);
    if (html === undefined) {
      const tags = node instanceof Element ? this.tags.get(node) : undefined;
      html = tags ? tags.open + this.childrenHtml(node) + tags.close : '';
      this.parts.set(node, html);
    }
    return html;
  }
}

/** `<ul class="x"></ul>` → its opening and closing tags; an element the sanitizer dropped has none. */
function splitTags(html: string): Tags {
  const close = html.lastIndexOf('</');
  return close < 0 ? { open: html, close: '' } : { open: html.slice(0, close), close: html.slice(close) };
}

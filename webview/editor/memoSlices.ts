// A memo shown a slice at a time: sanitizing a 1 MB memo in one go froze the editor for up to half
// a second (issue 38). The memo is parsed a piece at a time (the browser's own parser, fed through
// `document.write` into an inert document: the tree is the one a single parse gives), then its
// parts are sanitized in document order, a few dozen per sanitizer pass, as many passes as fit in
// a slice's time. A part that holds many others (a long table, a list, a block around the memo) is
// shown as its own tags, sanitized alone, around its parts. The result is the DOM sanitizeMemo
// gives for the whole memo (test/e2e/ui/memoSlices.test.ts compares them).
// The first slice shows the memo's start. After it, what is sanitized is shown at the end of each
// slice while the browser lays it out quickly; once a frame takes long (a memo that is one long
// paragraph, or one table, is laid out again whole each time something is added), the rest is
// kept aside until it is all sanitized, then put into the page a few hundred nodes a step (putting
// half a memo into the page at once took the page's script up to a quarter of a second).
import { disclosuresAsBlocks } from './disclosures';
import { needsRescue, rescueSwallowedText } from './rescueText';
import { sanitizeParts } from './sanitize';

/** Elements that may stand for their tags around their parts: kept by the sanitizer with their content. */
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
/** Below this many children an element is sanitized whole. */
const MIN_CHILDREN = 16;
/** How far below an element a container makes it one too (`<table><tbody>` rows, `<div><ul>` items). */
const NESTED_DEPTH = 2;
/** Parts per sanitizer pass: its fixed cost (its configuration, a document) is spread over them. */
const PASS = 48;
/** Characters of the memo given to the parser at once. */
const PARSE_CHUNK = 32 * 1024;
/** A pause between two slices longer than this: the browser's layout of what was shown took long. */
const SLOW_FRAME_MS = 40;
/** Nodes kept aside put into the page in one step. */
const INSERT = 256;

/**
 * An element of many children, or one holding such an element close below (a table's body, a list
 * in a block): it stands for its tags around its children's parts, here and in memoSerializer.ts.
 * Only one with element children: the sanitizer judges one holding text alone by its text.
 */
export function isContainer(node: Node, depth = 0): node is Element {
  if (!(node instanceof Element) || !CONTAINERS.has(node.tagName) || !node.firstElementChild) return false;
  if (node.childNodes.length >= MIN_CHILDREN) return true;
  if (depth >= NESTED_DEPTH) return false;
  return Array.from(node.children).some((child) => isContainer(child, depth + 1));
}

/** The sanitized tags of `container` (an element without its children), or undefined when the sanitizer would not keep it so. */
function cleanTags(container: Element): Element | undefined {
  const clean = sanitizeParts([container.cloneNode(false)]);
  const shell = clean.firstChild;
  return clean.childNodes.length === 1 && shell instanceof Element && shell.tagName === container.tagName && !shell.hasChildNodes() ? shell : undefined;
}

/** Where the parts go: the next part of a parent of the parsed memo, the element shown for it, and what is kept aside for it. */
interface Level {
  next: ChildNode | null;
  into: ParentNode;
  aside: DocumentFragment;
}

/** The memo being parsed: the inert document fed a chunk at a time, and how far. */
interface Parsing {
  html: string;
  doc: Document;
  at: number;
}

export class MemoSlices {
  private levels: Level[] = [];
  private parsing: Parsing | undefined;
  /** What was kept aside, in order, for elements in the page: put in a step at a time. */
  private readonly inserting: { into: ParentNode; aside: DocumentFragment }[] = [];
  /** Whether anything of the memo is shown yet (its first screen). */
  private shownOnce = false;
  private lastEnd = 0;
  /** Whether what is sanitized is shown slice by slice (else kept aside until the end). */
  private progressive = true;

  /**
   * Starts parsing `html`; its sanitized parts go into `root` (emptied), slice by slice, with
   * `<details>` as editable blocks (disclosures.ts) unless `asBlocks` is false; `beforeShown` gets
   * each sanitized part before it goes into `root`.
   */
  constructor(
    html: string | null,
    private readonly root: Element,
    private readonly asBlocks = true,
    private readonly beforeShown: (part: DocumentFragment) => void = () => undefined,
  ) {
    root.replaceChildren();
    if (!html) return;
    // A memo whose swallowed text must be given back is parsed and rescued at once (rescueText.ts).
    if (needsRescue(html)) this.start(rescueSwallowedText(html));
    else {
      const doc = document.implementation.createHTMLDocument('');
      doc.open();
      this.parsing = { html, doc, at: 0 };
    }
  }

  get done(): boolean {
    return !this.parsing && this.levels.length === 0 && this.inserting.length === 0;
  }

  /** Parses, sanitizes and shows parts until `deadline` (performance.now()), at least a step; returns whether any are left. */
  slice(deadline: number): boolean {
    // A long pause since the last slice: the browser took long to lay out what it showed.
    if (this.shownOnce && performance.now() - this.lastEnd > SLOW_FRAME_MS) this.progressive = false;
    do this.step();
    while (!this.done && performance.now() < deadline);
    if (!this.shownOnce || this.progressive || this.done) {
      this.show();
      this.shownOnce = this.root.hasChildNodes();
    }
    this.lastEnd = performance.now();
    return !this.done;
  }

  /** Shows the rest now (the whole memo is needed at once). */
  finish(): void {
    while (!this.done) this.step();
    this.show();
  }

  private step(): void {
    if (this.parsing) this.parse(this.parsing);
    else if (this.levels.length) this.pass();
    else this.insert();
  }

  /** Parts kept aside for `into`: put in now where that costs little (out of the page), else a step at a time. */
  private place(into: ParentNode, aside: DocumentFragment): void {
    if ((into as Node).isConnected && aside.childNodes.length > INSERT) this.inserting.push({ into, aside });
    else into.appendChild(aside);
  }

  /** Puts the next few nodes kept aside into the page. */
  private insert(): void {
    const next = this.inserting[0];
    if (!next) return;
    const batch = next.aside.ownerDocument.createDocumentFragment();
    for (let n = 0; n < INSERT && next.aside.firstChild; n++) batch.appendChild(next.aside.firstChild);
    next.into.appendChild(batch);
    if (!next.aside.firstChild) this.inserting.shift();
  }

  /** Gives the parser the next chunk; at the end, the memo's body as the sanitizer would parse it. */
  private parse(parsing: Parsing): void {
    const { html, doc, at } = parsing;
    doc.write(html.slice(at, at + PARSE_CHUNK));
    parsing.at = at + PARSE_CHUNK;
    if (parsing.at < html.length) return;
    doc.close();
    this.parsing = undefined;
    const body = doc.getElementsByTagName('body')[0];
    // As the sanitizer parses: the white space the parser drops before the body is put back.
    const leading = /^[\r\n\t ]+/.exec(html)?.[0];
    if (body && leading) body.insertBefore(doc.createTextNode(leading), body.firstChild);
    if (body) this.start(body);
  }

  private start(body: HTMLElement): void {
    this.levels = [{ next: body.firstChild, into: this.root, aside: this.root.ownerDocument.createDocumentFragment() }];
  }

  /** Shows what was kept aside, each level's parts into its element. */
  private show(): void {
    for (const level of this.levels) level.into.appendChild(level.aside);
  }

  /** One sanitizer pass over the next parts of the current level, or the tags of a container to go into. */
  private pass(): void {
    const level = this.levels[this.levels.length - 1];
    if (!level) return;
    const parts: Node[] = [];
    while (level.next && parts.length < PASS) {
      const node: ChildNode = level.next;
      if (isContainer(node)) {
        if (parts.length) break;
        level.next = node.nextSibling;
        const tags = cleanTags(node);
        if (tags) {
          level.aside.appendChild(tags);
          this.levels.push({ next: node.firstChild, into: tags, aside: this.root.ownerDocument.createDocumentFragment() });
          return;
        }
      } else level.next = node.nextSibling;
      parts.push(node);
    }
    if (parts.length) {
      const clean = sanitizeParts(parts);
      const part = this.asBlocks ? disclosuresAsBlocks(clean) : clean;
      this.beforeShown(part);
      level.aside.appendChild(part);
    }
    if (!level.next) {
      this.levels.pop();
      this.place(level.into, level.aside);
    }
  }
}

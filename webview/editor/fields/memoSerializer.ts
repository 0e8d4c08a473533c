// The HTML of a memo being edited, kept up to date part by part: a typing pause sanitizes and
// writes out only the parts that changed since the last one, not the whole memo (a 1 MB memo took
// 0.4–1 s a pause; issue 38). A MutationObserver forgets the parts a change touched: the changed
// node and every element above it (whose tags it keeps unless their attributes changed). An
// element with many children (a long table, a list, the memo itself) is its own tags around its
// children's parts; anything smaller is one part. A part no one
// touched since the memo was shown is the sanitizer's own output: it is only written out.
// The memo's own children and their HTML are kept in order, as last written out, and so are the
// children of a long container a few levels down (a list or table of 1 MB in one <ul>): a pause
// finds the few that changed from the observer's records (not by walking them all), going down
// into a long container whose tags did not change, and gives the change as a splice of the memo's
// HTML (memoSplice.ts), which is all the page sends of a long memo.
import { spliceBetween } from '../../../src/shared/memoSplice';
import type { MemoSplice } from '../../../src/shared/memoSplice';
import { isContainer } from '../memoSlices';
import { IMAGE_DISPLAY_ATTRS, storedHtmlOfEach } from '../sanitize';

interface Tags {
  open: string;
  close: string;
}

/**
 * The memo, or a long container in it, as last written out: its tags, its children, the HTML of
 * each (a long container's own Written), and its length in all, tags included.
 */
interface Written {
  tags: Tags;
  depth: number;
  nodes: Node[];
  html: (string | Written)[];
  length: number;
}

/** What a pause changed: `before` became `after` at `offset` of the memo's HTML. */
interface Changed {
  before: string;
  after: string;
  offset: number;
}

/** A container this long or longer, this deep at most (the memo is 0), keeps its children's HTML apart. */
const LONG = 4096;
const DEEPEST = 3;
const NO_TAGS: Tags = { open: '', close: '' };

/** Looking up more nodes than this among the memo's children builds an index of them. */
const FEW_LOOKUPS = 16;

export class MemoSerializer {
  private parts = new WeakMap<Node, string>();
  private tags = new WeakMap<Element, Tags>();
  /** Nodes changed, added or with something changed inside since the memo was shown: they are sanitized again. */
  private touched = new WeakSet<Node>();
  /**
   * Containers all of whose parts are written out and tags sanitized, though they have no part of
   * their own (a long one is kept as its children's parts): refresh need not go through them again.
   */
  private complete = new WeakSet<Node>();
  private readonly observer = new MutationObserver((records) => this.forget(records));
  /** Undefined until html() writes the memo out whole: a splice needs what it changes. */
  private written: Written | undefined;
  /** Of each node (the memo, a container in it), its children changed inside since the memo was last written out. */
  private changedChildren = new Map<Node, Set<Node>>();
  /** Of the memo and each container written apart, the changes of its own list of children since then. */
  private childListChanges = new Map<Node, MutationRecord[]>();
  /** Nodes put into the memo since then: what was written of them may not hold (they may have changed while out of it). */
  private added = new Set<Node>();
  /** Where prepare goes on: the node it stopped at, as deep in the memo as it was (inside a long table, its next row). */
  private preparedTo: Node | null = null;

  constructor(private readonly root: Element) {
    this.observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
  }

  /** The memo is being replaced (shown a slice at a time): its changes mean nothing until reset. */
  detach(): void {
    this.observer.disconnect();
  }

  /** The memo was replaced as a whole (a new value shown): nothing written before holds. */
  reset(): void {
    this.observer.takeRecords();
    this.observer.observe(this.root, { subtree: true, childList: true, characterData: true, attributes: true });
    this.parts = new WeakMap();
    this.tags = new WeakMap();
    this.touched = new WeakSet();
    this.complete = new WeakSet();
    this.written = undefined;
    this.forgetChanges();
    this.preparedTo = null;
  }

  private forgetChanges(): void {
    this.changedChildren.clear();
    this.childListChanges.clear();
    this.added.clear();
  }

  /** The memo's HTML to store: what changed since the last call is sanitized and written out, the rest reused. */
  html(): string {
    this.forget(this.observer.takeRecords());
    this.refresh();
    const written = this.writtenOf(this.root, NO_TAGS, 0);
    this.written = written;
    this.forgetChanges();
    // All of it is written out: nothing is left to prepare.
    this.preparedTo = null;
    return textOf(written);
  }

  /**
   * What changed since the memo was last written out (html or change), as a splice of its HTML;
   * only the memo's children that changed are written out again. Undefined before html().
   */
  change(): MemoSplice | undefined {
    this.forget(this.observer.takeRecords());
    const written = this.written;
    if (!written) return undefined;
    const changed = this.changeIn(written, this.root, 0);
    this.forgetChanges();
    // Records that do not add up (should a change escape them): the memo is written out whole.
    if (!changed) return spliceBetween(textOf(written), this.html());
    return spliceBetween(changed.before, changed.after, changed.offset, written.length);
  }

  /**
   * Writes out again the children of `parent` (written out as `written`, at `offset` of the memo's
   * HTML) that changed, and keeps them in `written`; a single long container changed inside, its
   * tags the same, is gone into instead. Undefined when the records do not add up.
   */
  private changeIn(written: Written, parent: Node, offset: number): Changed | undefined {
    const span = this.changedSpan(parent, written.nodes);
    if (!span) return undefined;
    const { from, to, nodes } = span;
    let at = offset + written.tags.open.length;
    for (let i = 0; i < from; i++) at += lengthOf(written.html[i]);
    const only = written.html[from];
    if (nodes.length === 1 && to - from === 1 && nodes[0] === written.nodes[from] && !this.added.has(nodes[0]) && typeof only === 'object' && sameTags(this.tagsOf(nodes[0]), only.tags)) {
      const length = only.length;
      const inside = this.changeIn(only, nodes[0], at);
      if (inside) {
        written.length += only.length - length;
        this.complete.add(nodes[0]);
        return inside;
      }
    }
    if (nodes.length) this.refresh(Infinity, nodes[0] ?? null, written.nodes[to] ?? null);
    const html = nodes.map((node) => this.writtenOrHtml(node, written.depth + 1));
    const before = written.html.slice(from, to).map(textOf).join('');
    const after = html.map(textOf).join('');
    written.length += after.length - before.length;
    if (nodes.length === to - from) {
      nodes.forEach((node, i) => (written.nodes[from + i] = node));
      html.forEach((part, i) => (written.html[from + i] = part));
    } else {
      written.nodes = written.nodes.slice(0, from).concat(nodes, written.nodes.slice(to));
      written.html = written.html.slice(0, from).concat(html, written.html.slice(to));
    }
    return { before, after, offset: at };
  }

  /** `parent` (the memo or a container `depth` deep in it) as written out, its children's HTML apart. */
  private writtenOf(parent: Node, tags: Tags, depth: number): Written {
    const nodes = Array.from(parent.childNodes);
    const html = nodes.map((node) => this.writtenOrHtml(node, depth + 1));
    const length = html.reduce<number>((sum, part) => sum + lengthOf(part), tags.open.length + tags.close.length);
    return { tags, depth, nodes, html, length };
  }

  /** A node's HTML; a long container's, not too deep, as a Written of its children. */
  private writtenOrHtml(node: Node, depth: number): string | Written {
    const tags = depth <= DEEPEST && node instanceof Element ? this.tags.get(node) : undefined;
    if (!tags || this.parts.has(node) || !node.firstChild) return this.partHtml(node);
    const written = this.writtenOf(node, tags, depth);
    if (written.length >= LONG) {
      this.complete.add(node);
      return written;
    }
    const html = textOf(written);
    this.parts.set(node, html);
    return html;
  }

  /** An element's sanitized tags, sanitized again when it was changed since. */
  private tagsOf(element: Node): Tags | undefined {
    if (!(element instanceof Element)) return undefined;
    let tags = this.tags.get(element);
    if (!tags) {
      tags = splitTags(storedHtmlOfEach([element.cloneNode(false)], !this.touched.has(element))[0] ?? '');
      this.tags.set(element, tags);
    }
    return tags;
  }

  /**
   * The run of the memo's children that changed since `old` (its children as last written out):
   * old[from..to) is now `nodes`. A change of the memo's list of children happened between the
   * siblings its record names, so every child outside the run is where it was, unchanged.
   * Undefined when the records do not add up.
   */
  private changedSpan(parent: Node, old: readonly Node[]): { from: number; to: number; nodes: Node[] } | undefined {
    const indexOf = this.indexer(old);
    // The run is between old[before] and old[after] (-1 and old.length: the memo's start and end).
    let before = Infinity;
    let after = -Infinity;
    const changed = (i: number) => {
      before = Math.min(before, i - 1);
      after = Math.max(after, i + 1);
    };
    for (const node of this.changedChildren.get(parent) ?? []) {
      const i = indexOf(node);
      // A child added since is in the run by the record that added it.
      if (i >= 0) changed(i);
    }
    for (const record of this.childListChanges.get(parent) ?? []) {
      for (const removed of Array.from(record.removedNodes)) {
        const i = indexOf(removed);
        if (i >= 0) changed(i);
      }
      const previous = record.previousSibling ? indexOf(record.previousSibling) : -1;
      const next = record.nextSibling ? indexOf(record.nextSibling) : old.length;
      // A sibling added since is not a place in `old`: the run reaches the memo's start or end.
      before = Math.min(before, record.previousSibling && previous < 0 ? -1 : previous);
      after = Math.max(after, record.nextSibling && next < 0 ? old.length : next);
    }
    if (before === Infinity) return { from: 0, to: 0, nodes: [] };
    const first = before >= 0 ? old[before] : undefined;
    const last = after < old.length ? (old[after] ?? null) : null;
    if ((first && first.parentNode !== parent) || (last && last.parentNode !== parent)) return undefined;
    const nodes: Node[] = [];
    for (let n = first ? first.nextSibling : parent.firstChild; n !== last; n = n.nextSibling) {
      if (!n) return undefined;
      nodes.push(n);
    }
    return { from: before + 1, to: after, nodes };
  }

  /** A node's index in `nodes` (-1: not there): a search for a few, an index built once for many. */
  private indexer(nodes: readonly Node[]): (node: Node) => number {
    let lookups = 0;
    let index: Map<Node, number> | undefined;
    return (node) => {
      if (++lookups <= FEW_LOOKUPS) return nodes.indexOf(node);
      index ??= new Map(nodes.map((n, i) => [n, i]));
      return index.get(node) ?? -1;
    };
  }

  private forget(records: readonly MutationRecord[]): void {
    for (const record of records) {
      // An image being shown (its data: URI, loading, not found) is no change of the memo: a memo of 20,000 images
      // wrote them all out again in the pauses while they loaded, and stored what showed them.
      if (record.type === 'attributes' && isImageDisplay(record)) continue;
      if (record.type === 'childList') {
        const changes = this.childListChanges.get(record.target);
        if (changes) changes.push(record);
        else this.childListChanges.set(record.target, [record]);
      }
      for (let n: Node | null = record.target; n && n !== this.root; n = n.parentNode) {
        this.parts.delete(n);
        this.complete.delete(n);
        this.touched.add(n);
        // An element's tags are its own and its attributes' (sanitized without its children): a change inside keeps them.
        if (n === record.target && record.type === 'attributes' && n instanceof Element) this.tags.delete(n);
        const parent = n.parentNode;
        if (!parent) break;
        const changed = this.changedChildren.get(parent);
        if (changed) changed.add(n);
        else this.changedChildren.set(parent, new Set([n]));
      }
      // A node put back (an undo, a move) may have changed while it was out of the memo.
      for (const added of Array.from(record.addedNodes)) {
        this.forgetAll(added);
        this.added.add(added);
      }
    }
  }

  private forgetAll(node: Node): void {
    this.parts.delete(node);
    this.complete.delete(node);
    this.touched.add(node);
    if (node instanceof Element) this.tags.delete(node);
    for (let child = node.firstChild; child; child = child.nextSibling) this.forgetAll(child);
  }

  /**
   * Writes out up to `limit` parts ahead of the first pause (the page calls this when idle after
   * Edit, a slice at a time); returns whether parts are left to write. It goes on where it stopped,
   * however deep: going again through the rows of a long table it had prepared made each slice
   * step through the whole table (issue 38).
   */
  prepare(limit: number): boolean {
    this.forget(this.observer.takeRecords());
    const from = this.preparedTo && this.preparedTo !== this.root && this.root.contains(this.preparedTo) ? this.preparedTo : this.root.firstChild;
    this.preparedTo = null;
    return this.refresh(limit, from, null, true);
  }

  /**
   * Sanitizes, in one pass, up to `limit` parts not written yet and the tags of every container
   * around them, among `first` and its next siblings up to `end` (by default, all of the memo's
   * children); returns whether parts were left for another call. `resume` (prepare): `first` is
   * where the last call stopped, and the next siblings of the nodes above it follow; where this
   * one stops is kept for the next.
   */
  private refresh(limit = Infinity, first: Node | null = this.root.firstChild, end: Node | null = null, resume = false): boolean {
    const leaves: Node[] = [];
    const containers: Element[] = [];
    const gone: Element[] = [];
    // Goes through `from` and its next siblings up to `to`; false when it stopped at the limit.
    const visit = (from: Node | null, to: Node | null): boolean => {
      for (let child = from; child && child !== to; child = child.nextSibling) {
        if (leaves.length >= limit) {
          if (resume) this.preparedTo = child;
          return false;
        }
        if (this.parts.has(child) || this.complete.has(child)) continue;
        if (!isContainer(child)) leaves.push(child);
        else {
          if (!this.tags.has(child)) containers.push(child);
          if (!visit(child.firstChild, null)) return false;
          gone.push(child);
        }
      }
      return true;
    };
    let done = visit(first, end);
    // A container above where the last call stopped is not marked complete: what is before that place may have changed since.
    if (resume) for (let n = first?.parentNode; done && n && n !== this.root; n = n.parentNode) done = visit(n.nextSibling, null);
    this.sanitize(leaves, containers);
    // Gone through whole in this call: all of it is written now.
    for (const container of gone) this.complete.add(container);
    return !done;
  }

  /** Sanitizes `leaves` and the tags of `containers`, in one pass for those shown as they were and one for those changed. */
  private sanitize(leaves: readonly Node[], containers: readonly Element[]): void {
    for (const asShown of [true, false]) {
      const parts = leaves.filter((leaf) => this.touched.has(leaf) !== asShown);
      const around = containers.filter((container) => this.touched.has(container) !== asShown);
      if (parts.length === 0 && around.length === 0) continue;
      const html = storedHtmlOfEach([...parts, ...around.map((c) => c.cloneNode(false))], asShown);
      parts.forEach((leaf, i) => this.parts.set(leaf, html[i] ?? ''));
      around.forEach((container, i) => this.tags.set(container, splitTags(html[parts.length + i] ?? '')));
    }
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

function isImageDisplay(record: MutationRecord): boolean {
  return record.target.nodeName === 'IMG' && IMAGE_DISPLAY_ATTRS.includes(record.attributeName ?? '');
}

/** A part's HTML whole. */
function textOf(part: string | Written | undefined): string {
  if (part === undefined || typeof part === 'string') return part ?? '';
  return part.tags.open + part.html.map(textOf).join('') + part.tags.close;
}

function lengthOf(part: string | Written | undefined): number {
  return part === undefined ? 0 : part.length;
}

function sameTags(a: Tags | undefined, b: Tags): boolean {
  return a !== undefined && a.open === b.open && a.close === b.close;
}

/** `<ul class="x"></ul>` → its opening and closing tags; an element the sanitizer dropped has none. */
function splitTags(html: string): Tags {
  const close = html.lastIndexOf('</');
  return close < 0 ? { open: html, close: '' } : { open: html.slice(0, close), close: html.slice(close) };
}

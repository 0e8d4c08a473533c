// A memo's `<details>` / `<summary>` (a disclosure widget) are shown as plain blocks. Chromium cannot
// put the caret into a `<details>` in an editable element: a click there lands at the memo's start
// or nowhere, so what is typed at the end of a memo that holds one — or that a server left unclosed,
// which swallows the rest of the memo — is lost (issue 37 item 3). As blocks marked with a class they
// edit like any paragraph, and serializing the memo turns them back into the server's elements.

const DETAILS = 'alm-details';
const OPEN = 'alm-details-open';
const SUMMARY = 'alm-summary';

/** `el`'s children and attributes moved into a new element `tag` of the same document, which replaces it. */
function renamed(el: Element, tag: string): Element {
  const next = el.ownerDocument.createElement(tag);
  for (const attr of Array.from(el.attributes)) next.setAttribute(attr.name, attr.value);
  next.append(...Array.from(el.childNodes));
  el.replaceWith(next);
  return next;
}

/** Shows every `<details>` and `<summary>` under `root` as a block the caret can enter; returns `root`. */
export function disclosuresAsBlocks<T extends DocumentFragment | Element>(root: T): T {
  for (const el of Array.from(root.querySelectorAll('details, summary'))) {
    const details = el.tagName === 'DETAILS';
    const open = details && el.hasAttribute('open');
    const block = renamed(el, 'div');
    block.removeAttribute('open');
    block.classList.add(details ? DETAILS : SUMMARY);
    if (open) block.classList.add(OPEN);
  }
  return root;
}

/** Turns the blocks of disclosuresAsBlocks under `root` back into `<details>` and `<summary>`. */
export function blocksAsDisclosures(root: Element): void {
  for (const block of Array.from(root.querySelectorAll(`div.${DETAILS}, div.${SUMMARY}`))) {
    const details = block.classList.contains(DETAILS);
    const open = block.classList.contains(OPEN);
    block.classList.remove(DETAILS, OPEN, SUMMARY);
    if (block.classList.length === 0) block.removeAttribute('class');
    const el = renamed(block, details ? 'details' : 'summary');
    if (open) el.setAttribute('open', '');
  }
}

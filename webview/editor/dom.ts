// A tiny element builder: every node is created with DOM calls (text as text nodes), so nothing
// from the server reaches innerHTML except sanitized memo HTML (see sanitize.ts).
type Attrs = Record<string, string | number | boolean | undefined>;
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs, ...children: Child[]): HTMLElementTagNameMap[K];
export function h(tag: string, attrs?: Attrs, ...children: Child[]): HTMLElement;
export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) setAttr(el, name, value);
  append(el, ...children);
  return el;
}

function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

/** Sets or removes an attribute: false/undefined remove it, true sets it empty. */
export function setAttr(el: Element, name: string, value: string | number | boolean | undefined): void {
  if (value === undefined || value === false) el.removeAttribute(name);
  else el.setAttribute(name, value === true ? '' : String(value));
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

let counter = 0;
/** A document-unique id for label/aria wiring. */
export function uid(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** Plain text of an HTML fragment, parsed inertly (DOMParser runs no scripts and loads nothing). */
export function textOfHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export type ButtonAppearance = 'primary' | 'secondary' | 'icon';

/**
 * A native button drawn like the toolkit's (theme colours, focus ring): the page shows and operates
 * in read mode without the toolkit, which is only loaded for editing.
 */
export function button(appearance: ButtonAppearance, attrs: Attrs, ...children: Child[]): HTMLButtonElement {
  const { class: extra, ...rest } = attrs;
  return h('button', { type: 'button', class: `button ${appearance}${extra ? ` ${String(extra)}` : ''}`, ...rest }, ...children);
}

/**
 * After "Show more" in a list: the focus goes to the first row that came in (its first enabled
 * button, else the row itself), so a keyboard user reads on from there. The button pressed is gone
 * once everything is shown, and the focus would fall back to the page's top.
 */
export function focusFirstAdded(list: HTMLElement, shownBefore: number): void {
  const row = list.children[shownBefore] as HTMLElement | undefined;
  if (!row) return;
  const target = row.querySelector<HTMLElement>('button:not([disabled])') ?? row;
  if (target === row) row.tabIndex = -1;
  target.focus();
}

// Small DOM helpers of the grid page. Text goes in as text content only: defect text is never markup.

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

export function button(label: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', { type: 'button', title }, label);
  b.addEventListener('click', onClick);
  return b;
}

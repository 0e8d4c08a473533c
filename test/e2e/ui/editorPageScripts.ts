// Code that runs inside the editor page (Playwright `evaluate`), kept as JavaScript source: this
// project type-checks tests without DOM types, and these few lines only touch the page's DOM.

/** Hovers, focuses and clicks everything inside the memos, as a curious user would. */
export const POKE_MEMOS = `(() => {
  for (const el of Array.from(document.querySelectorAll('.memo *'))) {
    el.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    if (typeof el.focus === 'function') el.focus();
    if (typeof el.click === 'function') el.click();
  }
})()`;

/** Markup left in the memos that the sanitizer must have removed. */
export const DANGEROUS_MARKUP = `(() => {
  const found = [];
  const banned = 'script,iframe,frame,object,embed,form,input,button,textarea,select,style,link,meta,base,svg,math,video,audio,source,template';
  for (const memo of Array.from(document.querySelectorAll('.memo'))) {
    for (const el of Array.from(memo.querySelectorAll('*'))) {
      if (el.matches(banned)) found.push('<' + el.tagName.toLowerCase() + '>');
      for (const a of Array.from(el.attributes)) {
        if (/^on/i.test(a.name) || ['srcset', 'formaction', 'id', 'name'].includes(a.name)) found.push(el.tagName + '@' + a.name);
      }
      const href = el.getAttribute('href');
      if (href !== null && !/^(https?:|mailto:)/i.test(href.trim())) found.push('href=' + href);
      const src = el.getAttribute('src');
      if (src !== null && !src.startsWith('data:image/')) found.push('src=' + src);
    }
  }
  return found;
})()`;

/** Pastes `html` (and "plain" as text) into the memo of `field`, as the clipboard would. */
export function pasteInto(field: string, html: string): string {
  return `(() => {
    const target = document.querySelector('[data-field=${JSON.stringify(field)}] .memo');
    const data = new DataTransfer();
    data.setData('text/html', ${JSON.stringify(html)});
    data.setData('text/plain', 'plain');
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  })()`;
}

/** Sets the value of the HTML source view's text area and fires its input event. */
export function typeIntoSource(field: string, text: string): string {
  return `(() => {
    const area = document.querySelector('[data-field=${JSON.stringify(field)}] textarea.memo-source');
    area.value = ${JSON.stringify(text)};
    area.dispatchEvent(new Event('input', { bubbles: true }));
  })()`;
}

/** Injects unsanitized HTML and sets the mark, to prove the traps see an attack. */
export const UNSANITIZED_ATTACK = `(() => {
  const div = document.createElement('div');
  div.innerHTML = '<img src="https://evil.example/x.png"><img src=y onerror="window.__xss=1">';
  document.body.append(div);
  window.__xss = 1;
})()`;

/** Clicks the "HTML source" / "Formatted view" toggle of a memo directly (no pointer simulation). */
export function toggleSource(field: string): string {
  return `document.querySelector('[data-field=${JSON.stringify(field)}] .memo-actions button').click()`;
}

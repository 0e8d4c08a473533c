// Memo fields: sanitized HTML shown in place; while editing, a rich-text area with basic
// formatting (bold, italic, underline, lists, remove formatting) and an HTML source view. What is
// sent back is sanitized again; pastes and drops are sanitized before they land. Images resolve
// through the extension; links open through it.
import * as l10n from '@vscode/l10n';
import type { FieldView, WireValue } from '../../../src/shared/editorProtocol';
import { button, h, setAttr } from '../dom';
import { IMAGE_SOURCE_ATTR, RASTER_DATA_URI, cleanMemoHtml, sanitizeMemo, serializeMemo } from '../sanitize';
import type { ControlContext, FieldControl } from './control';
import { FieldRow, accessibleName, nameToolkitInput } from './control';

interface TextAreaElement extends HTMLElement {
  value: string;
}

const FORMATS: readonly { command: string; label: string; text: string }[] = [
  { command: 'bold', label: l10n.t('Bold'), text: l10n.t({ message: 'B', comment: ['Button text for bold'] }) },
  { command: 'italic', label: l10n.t('Italic'), text: l10n.t({ message: 'I', comment: ['Button text for italic'] }) },
  { command: 'underline', label: l10n.t('Underline'), text: l10n.t({ message: 'U', comment: ['Button text for underline'] }) },
  { command: 'insertUnorderedList', label: l10n.t('Bulleted list'), text: `• ${l10n.t('List')}` },
  { command: 'insertOrderedList', label: l10n.t('Numbered list'), text: `1. ${l10n.t('List')}` },
  { command: 'removeFormat', label: l10n.t('Remove formatting'), text: l10n.t('Clear') },
];

/** A memo document around a body fragment, as ALM stores memos. */
function memoDocument(body: string): string {
  return `<html><body>\n${body}\n</body></html>`;
}

/** Replaces images' pending sources with data: URIs from the extension; failures show the alt text. */
function resolveImages(container: Element, ctx: ControlContext): void {
  for (const img of Array.from(container.querySelectorAll<HTMLImageElement>(`img[${IMAGE_SOURCE_ATTR}]:not([src])`))) {
    const src = img.getAttribute(IMAGE_SOURCE_ATTR) ?? '';
    if (RASTER_DATA_URI.test(src)) {
      img.src = src;
      continue;
    }
    img.setAttribute('aria-busy', 'true');
    void ctx.resolveImage(src).then(
      (uri) => {
        img.removeAttribute('aria-busy');
        // Only an image data: URI from the host, never anything that would load from elsewhere.
        if (uri && RASTER_DATA_URI.test(uri)) img.src = uri;
        else img.classList.add('missing');
      },
      () => img.classList.add('missing'),
    );
  }
}

export function memoControl(view: FieldView, ctx: ControlContext & { addComment?: (text: string) => Promise<void> }): FieldControl & { flush(): void; retryImages(): void } {
  const row = new FieldRow(view, { wide: true });
  const name = accessibleName(view);
  const toolbar = h('div', { class: 'memo-toolbar', role: 'toolbar', 'aria-label': l10n.t('Formatting of {0}', view.label), hidden: true });
  const sourceToggle = button('secondary', { 'aria-pressed': 'false', title: l10n.t('Show the HTML source') }, l10n.t('HTML source'));
  const editor = h('div', { class: 'memo', role: 'textbox', 'aria-multiline': 'true', 'aria-label': name, 'aria-readonly': 'true', tabindex: 0 });
  editor.id = row.inputId;
  // A native text area: the source view works in read mode too, where the toolkit is not loaded.
  const source = h('textarea', { class: 'memo-source', rows: 14, readonly: true, hidden: true, spellcheck: 'false', 'aria-label': l10n.t('{0}, HTML source', view.label) });
  row.slot.append(toolbar, editor, source);
  let writable = false;
  let sourceMode = false;
  let last: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let savedRange: Range | undefined;

  for (const f of FORMATS) {
    const formatButton = button('icon', { 'aria-label': f.label, title: f.label, class: 'format' }, f.text);
    // Keep the caret in the memo when the mouse presses a format button.
    formatButton.addEventListener('mousedown', (e) => e.preventDefault());
    formatButton.addEventListener('click', () => format(f.command));
    toolbar.append(formatButton);
  }
  const headerRow = h('div', { class: 'memo-actions' }, sourceToggle);
  row.row.insertBefore(headerRow, row.slot);

  const send = () => {
    timer = undefined;
    const body = sourceMode ? cleanMemoHtml(source.value) : serializeMemo(editor);
    last = memoDocument(body);
    ctx.change(view.name, body.trim() === '' ? null : last);
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(send, 200);
  };
  const flush = () => {
    if (timer) {
      clearTimeout(timer);
      send();
    }
  };

  function format(command: string): void {
    if (!writable || sourceMode) return;
    editor.focus();
    const selection = window.getSelection();
    if (savedRange && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange);
    }
    document.execCommand(command, false);
    schedule();
  }

  const render = (html: string | null) => {
    editor.replaceChildren(sanitizeMemo(html));
    resolveImages(editor, ctx);
    if (sourceMode) source.value = serializeMemo(editor);
  };

  document.addEventListener('selectionchange', () => {
    const selection = window.getSelection();
    if (selection && selection.rangeCount && editor.contains(selection.anchorNode)) savedRange = selection.getRangeAt(0).cloneRange();
  });
  editor.addEventListener('input', schedule);
  editor.addEventListener('blur', flush);
  editor.addEventListener('paste', (e) => {
    if (!writable) return;
    e.preventDefault();
    const html = e.clipboardData?.getData('text/html');
    const text = e.clipboardData?.getData('text/plain') ?? '';
    if (html) {
      // Inserted without image sources: nothing loads until the extension resolves them.
      const holder = document.implementation.createHTMLDocument('').createElement('div');
      holder.appendChild(holder.ownerDocument.importNode(sanitizeMemo(html), true));
      document.execCommand('insertHTML', false, holder.innerHTML);
      resolveImages(editor, ctx);
    } else document.execCommand('insertText', false, text);
    schedule();
  });
  editor.addEventListener('dragover', (e) => e.preventDefault());
  editor.addEventListener('drop', (e) => {
    e.preventDefault();
    const text = e.dataTransfer?.getData('text/plain');
    if (writable && text) {
      document.execCommand('insertText', false, text);
      schedule();
    }
  });
  editor.addEventListener('click', (e) => {
    const link = (e.target as Element | null)?.closest?.('a');
    if (!link) return;
    e.preventDefault();
    // While editing, a plain click places the caret; Ctrl/Cmd+click follows the link.
    const href = link.getAttribute('href');
    if (href && (!writable || e.ctrlKey || e.metaKey)) ctx.openLink(href);
  });
  source.addEventListener('input', schedule);
  sourceToggle.addEventListener('click', () => {
    flush();
    sourceMode = !sourceMode;
    if (sourceMode) source.value = serializeMemo(editor);
    else render(cleanMemoHtml(source.value));
    source.hidden = !sourceMode;
    editor.hidden = sourceMode;
    toolbar.hidden = !writable || sourceMode;
    setAttr(sourceToggle, 'aria-pressed', String(sourceMode));
    sourceToggle.textContent = sourceMode ? l10n.t('Formatted view') : l10n.t('HTML source');
  });

  // "Add comment" shows only while editing: built (with the toolkit's text area) on the first Edit.
  const addComment = view.name === 'dev-comments' ? ctx.addComment : undefined;
  let comments: HTMLElement | undefined;

  return {
    view,
    row: row.row,
    setValue(value: WireValue | undefined) {
      const html = typeof value === 'string' ? value : null;
      if (html !== null && html === last) return;
      last = html ?? undefined;
      render(html);
    },
    setWritable(w) {
      writable = w && !view.readOnly;
      editor.contentEditable = writable ? 'true' : 'false';
      setAttr(editor, 'aria-readonly', writable ? 'false' : 'true');
      source.readOnly = !writable;
      if (writable && addComment && !comments) row.row.append((comments = commentBox(view, addComment, () => writable)));
      toolbar.hidden = !writable || sourceMode;
      row.row.classList.toggle('writable', writable);
    },
    setProblem(message) {
      row.setProblem(message);
      setAttr(editor, 'aria-invalid', message ? 'true' : undefined);
    },
    setDirty: (d) => row.setDirty(d),
    focus: () => (sourceMode ? source.focus() : editor.focus()),
    flush,
    retryImages() {
      for (const img of Array.from(editor.querySelectorAll('img.missing'))) img.classList.remove('missing');
      resolveImages(editor, ctx);
    },
  };
}

/** "Add comment": plain text appended by the extension under a header with the user and date. */
function commentBox(view: FieldView, add: (text: string) => Promise<void>, writable: () => boolean): HTMLElement {
  const text = h('vscode-text-area', { class: 'comment-text', rows: 3, resize: 'vertical', placeholder: l10n.t('New comment') }) as TextAreaElement;
  nameToolkitInput(text, l10n.t('New comment for {0}', view.label));
  const submitButton = button('secondary', {}, l10n.t('Add comment'));
  const submit = async () => {
    if (!writable() || !text.value.trim()) return;
    submitButton.disabled = true;
    try {
      await add(text.value);
      text.value = '';
    } finally {
      submitButton.disabled = false;
    }
  };
  submitButton.addEventListener('click', () => void submit());
  text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
  });
  return h('div', { class: 'comment-box' }, text, submitButton);
}

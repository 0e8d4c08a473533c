// Memo fields: sanitized HTML shown in place, a slice at a time (memoSlices.ts); while editing, a
// rich-text area with basic formatting (bold, italic, underline, lists, remove formatting) and an
// HTML source view. What is sent back is sanitized again, a long memo's change as a splice of its
// value (memoSerializer.ts); pastes and drops are sanitized before they land. Images resolve
// through the extension; links open through it. Image files pasted or dropped become attachments
// of the defect (memoImages.ts).
import * as l10n from '@vscode/l10n';
import type { FieldView, WireValue } from '../../../src/shared/editorProtocol';
import { applySplice } from '../../../src/shared/memoSplice';
import { disclosuresAsBlocks } from '../disclosures';
import { button, h, setAttr } from '../dom';
import { MemoSlices } from '../memoSlices';
import { cleanMemoHtml, inertHolder, sanitizeMemo, storedHtmlOfClean } from '../sanitize';
import { arrowKeysToolbar } from '../toolbarKeys';
import type { ControlContext, FieldControl } from './control';
import { FieldRow, accessibleName } from './control';
import { commentBox } from './commentBox';
import type { CommentBox, CommentContext } from './commentBox';
import { MemoImageLoader, showPendingImages } from './memoImageLoader';
import { filesOf, insertImages } from './memoImages';
import { MemoSerializer } from './memoSerializer';
import type { MemoImageContext } from './memoImages';

/** The first slice of a memo being shown (its first screen, in the task that got the value), then each next one. */
const FIRST_SLICE_MS = 24;
const SLICE_MS = 12;

/** Runs each in a task of its own soon (a message: not throttled as timers are in a hidden webview). */
const queued: (() => void)[] = [];
// One channel for the page's life: a channel no one holds may be collected with its message undelivered.
const tasks = new MessageChannel();
tasks.port1.onmessage = () => queued.shift()?.();
function nextTask(run: () => void): void {
  queued.push(run);
  tasks.port2.postMessage(null);
}

/**
 * The formatting buttons: `label` is what a screen reader says, `text` what shows, in the label as
 * WCAG's "label in name" asks (a voice user says what they see); `glyph` a sign drawn before the
 * text (by editor.css, as an icon is), which is not part of the label.
 */
const FORMATS: readonly { command: string; label: string; text: string; glyph?: string }[] = [
  { command: 'bold', label: l10n.t('Bold'), text: l10n.t({ message: 'B', comment: ['Button text for bold'] }) },
  { command: 'italic', label: l10n.t('Italic'), text: l10n.t({ message: 'I', comment: ['Button text for italic'] }) },
  { command: 'underline', label: l10n.t('Underline'), text: l10n.t({ message: 'U', comment: ['Button text for underline'] }) },
  { command: 'insertUnorderedList', label: l10n.t('Bulleted list'), text: l10n.t('List'), glyph: '•' },
  { command: 'insertOrderedList', label: l10n.t('Numbered list'), text: l10n.t('List'), glyph: '1.' },
  { command: 'removeFormat', label: l10n.t('Clear formatting'), text: l10n.t('Clear') },
];

/** A memo document around a body fragment, as ALM stores memos. */
function memoDocument(body: string): string {
  return `${BODY_START}${body}${BODY_END}`;
}
const BODY_START = '<html><body>\n';
const BODY_END = '\n</body></html>';
/** From this many characters on, a memo's change is sent as a splice of its value (the host holds the rest). */
const SPLICE_FROM = 16 * 1024;

type MemoContext = ControlContext & Partial<MemoImageContext> & Partial<CommentContext>;

export function memoControl(view: FieldView, ctx: MemoContext): FieldControl & { flush(): void; retryImages(): void; commentTaken(text: string | undefined): void } {
  return new MemoControl(view, ctx);
}

/** One memo field: the formatted view (contenteditable while editing), its toolbar and the HTML source view. */
class MemoControl implements FieldControl {
  readonly row: HTMLElement;
  private readonly field: FieldRow;
  private readonly toolbar: HTMLElement;
  private readonly sourceToggle: HTMLButtonElement;
  private readonly editor: HTMLElement;
  private readonly source: HTMLTextAreaElement;
  /** The edited memo's HTML, written out part by part as it changes. */
  private readonly serializer: MemoSerializer;
  private readonly images: MemoImageLoader;
  /** Writing the parts out ahead of the first typing pause: not yet, under way, or done for the memo shown. */
  private preparing: 'no' | 'running' | 'done' = 'no';
  /** "Add comment" shows only while editing: built (with the toolkit's text area) on the first Edit. */
  private readonly commentContext: CommentContext | undefined;
  private comments: CommentBox | undefined;
  private writable = false;
  private sourceMode = false;
  private last: string | undefined;
  /** Whether the host holds the memo as last written out here (`last`), so that a change can be sent as a splice of it. */
  private spliceable = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private savedRange: Range | undefined;
  /** The memo being shown a slice at a time; undefined once it is shown whole. */
  private showing: MemoSlices | undefined;
  /** The source view's text being cleaned a slice at a time for a typing pause. */
  private cleaning: MemoSlices | undefined;

  constructor(
    readonly view: FieldView,
    private readonly ctx: MemoContext,
  ) {
    this.field = new FieldRow(view, { wide: true });
    this.row = this.field.row;
    this.toolbar = h('div', { class: 'memo-toolbar', role: 'toolbar', 'aria-label': l10n.t('Formatting of {0}', view.label), hidden: true });
    this.sourceToggle = button('secondary', { 'aria-pressed': 'false', title: l10n.t('Show the HTML source') }, l10n.t('HTML source'));
    this.editor = h('div', { class: 'memo', role: 'textbox', 'aria-multiline': 'true', 'aria-label': accessibleName(view), 'aria-readonly': 'true', tabindex: 0 });
    this.editor.id = this.field.inputId;
    // A native text area: the source view works in read mode too, where the toolkit is not loaded.
    this.source = h('textarea', { class: 'memo-source', rows: 14, readonly: true, hidden: true, spellcheck: 'false', 'aria-label': l10n.t('{0}, HTML source', view.label) });
    this.field.slot.append(this.toolbar, this.editor, this.source);
    this.serializer = new MemoSerializer(this.editor);
    this.images = new MemoImageLoader((src) => ctx.resolveImage(src));
    const { addComment, commentDraft } = ctx;
    this.commentContext = view.name === 'dev-comments' && addComment && commentDraft ? { addComment, commentDraft } : undefined;
    this.buildToolbar();
    this.listen();
  }

  private buildToolbar(): void {
    for (const f of FORMATS) {
      const formatButton = button('icon', { 'aria-label': f.label, title: f.label, class: 'format', 'data-glyph': f.glyph }, f.text);
      // Keep the caret in the memo when the mouse presses a format button.
      formatButton.addEventListener('mousedown', (e) => e.preventDefault());
      formatButton.addEventListener('click', () => this.format(f.command));
      this.toolbar.append(formatButton);
    }
    arrowKeysToolbar(this.toolbar);
    this.toolbar.setAttribute('aria-controls', this.editor.id);
    this.row.insertBefore(h('div', { class: 'memo-actions' }, this.sourceToggle), this.field.slot);
  }

  private listen(): void {
    const { editor } = this;
    document.addEventListener('selectionchange', () => {
      const selection = window.getSelection();
      if (selection && selection.rangeCount && editor.contains(selection.anchorNode)) this.savedRange = selection.getRangeAt(0).cloneRange();
    });
    editor.addEventListener('input', () => this.schedule());
    editor.addEventListener('blur', () => this.flush());
    editor.addEventListener('paste', (e) => this.paste(e));
    editor.addEventListener('dragover', (e) => e.preventDefault());
    editor.addEventListener('drop', (e) => this.drop(e));
    editor.addEventListener('click', (e) => this.followLink(e));
    this.source.addEventListener('input', () => this.schedule());
    this.sourceToggle.addEventListener('click', () => this.toggleSource());
  }

  private send(): void {
    const start = performance.now();
    this.timer = undefined;
    this.cleaning = undefined;
    // A value the host sent meanwhile is still being shown: half a memo is never sent.
    this.showWhole();
    if (this.sourceMode || !this.spliceable || !this.sendSplice()) this.sendBody(this.sourceMode ? cleanMemoHtml(this.source.value) : this.serializer.html());
    // Each pause's sending on the page's timeline for an observer (bench/memoEditor: a typing pause's cost), not kept.
    performance.measure('alm-memo-pause', { start });
    performance.clearMeasures('alm-memo-pause');
  }

  /**
   * A typing pause: a long text of the source view is sanitized a slice at a time (sanitizing
   * 1 MB at once froze the editor each pause), then sent; a flush meanwhile sends at once.
   */
  private pause(): void {
    this.timer = undefined;
    if (!this.sourceMode || this.source.value.length < SPLICE_FROM) return this.send();
    const holder = inertHolder();
    const cleaning = new MemoSlices(this.source.value, holder, false);
    this.cleaning = cleaning;
    const step = () => {
      if (this.cleaning !== cleaning) return;
      if (cleaning.slice(performance.now() + SLICE_MS)) nextTask(step);
      else {
        this.cleaning = undefined;
        this.sendBody(storedHtmlOfClean(holder));
      }
    };
    step();
  }

  private sendBody(body: string): void {
    this.last = memoDocument(body);
    const empty = body.trim() === '';
    // The host now holds what the serializer wrote out: the next change may be a splice of it.
    this.spliceable = !this.sourceMode && !empty;
    this.ctx.change(this.view.name, empty ? null : this.last);
  }

  /** Sends a long memo's change as a splice of the value the host holds (the last one sent); false when it is not one. */
  private sendSplice(): boolean {
    const change = this.serializer.change();
    if (!change || typeof this.last !== 'string' || change.length < SPLICE_FROM) return false;
    const splice = { ...change, at: change.at + BODY_START.length, length: change.length + BODY_START.length + BODY_END.length };
    const value = applySplice(this.last, splice);
    if (value === undefined) return false;
    this.last = value;
    this.ctx.change(this.view.name, value, splice);
    return true;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    // A cleaning under way is of older text: the pause ahead sends the newer.
    this.cleaning = undefined;
    this.timer = setTimeout(() => this.pause(), 200);
  }

  /** Sends at once what a pause would send (before Save, on leaving the memo). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.timer || this.cleaning) this.send();
  }

  private format(command: string): void {
    if (!this.writable || this.sourceMode) return;
    this.editor.focus();
    const selection = window.getSelection();
    if (this.savedRange && selection) {
      selection.removeAllRanges();
      selection.addRange(this.savedRange);
    }
    document.execCommand(command, false);
    this.schedule();
  }

  /**
   * Shows `html` a slice at a time (the first one now); until it is shown whole the memo is busy
   * and cannot be edited, so nothing is typed into, or written out of, half a memo.
   */
  private render(html: string | null): void {
    this.serializer.detach();
    const showing = new MemoSlices(html, this.editor, true, showPendingImages);
    this.showing = showing;
    this.editable();
    const step = (budget: number) => {
      if (this.showing !== showing) return;
      const start = performance.now();
      const more = showing.slice(start + budget);
      // Each slice on the page's timeline (bench/memoEditor: the longest task of this script).
      performance.measure('alm-memo-slice', { start });
      if (more) nextTask(() => step(SLICE_MS));
      else this.shown();
    };
    step(FIRST_SLICE_MS);
  }

  /** A memo being shown is shown whole now (its text is needed at once). */
  private showWhole(): void {
    if (!this.showing) return;
    this.showing.finish();
    this.shown();
  }

  private shown(): void {
    this.showing = undefined;
    this.editable();
    this.serializer.reset();
    if (this.preparing === 'done') this.preparing = 'no';
    this.images.watch(this.editor, true);
    if (this.sourceMode) this.source.value = this.serializer.html();
    else if (this.writable) this.prepareParts();
  }

  /** The memo takes typing while writable and shown whole. */
  private editable(): void {
    const editable = this.writable && !this.showing ? 'true' : 'false';
    // Only when it changes: setting it again restyles the whole memo.
    if (this.editor.contentEditable !== editable) this.editor.contentEditable = editable;
    setAttr(this.editor, 'aria-busy', this.showing ? 'true' : undefined);
  }

  /** Writes the memo's parts out when the page is idle, a slice at a time, so that the first typing pause has little left to do. */
  private prepareParts(): void {
    if (this.preparing !== 'no') return;
    this.preparing = 'running';
    const step = (deadline: IdleDeadline) => {
      let more = true;
      while (more && deadline.timeRemaining() > 5) more = this.serializer.prepare(200);
      if (more) requestIdleCallback(step);
      else this.preparing = 'done';
    };
    requestIdleCallback(step);
  }

  /** Pasted HTML is sanitized before it lands, inserted without image sources: nothing loads until the extension resolves them. */
  private paste(e: ClipboardEvent): void {
    if (!this.writable) return;
    e.preventDefault();
    const files = filesOf(e.clipboardData);
    if (files.length) return this.attachImages(files, this.caret(), false);
    const html = e.clipboardData?.getData('text/html');
    const text = e.clipboardData?.getData('text/plain') ?? '';
    if (html) {
      const holder = document.implementation.createHTMLDocument('').createElement('div');
      holder.appendChild(holder.ownerDocument.importNode(disclosuresAsBlocks(sanitizeMemo(html)), true));
      showPendingImages(holder);
      document.execCommand('insertHTML', false, holder.innerHTML);
      this.images.watch(this.editor, false);
    } else document.execCommand('insertText', false, text);
    this.schedule();
  }

  private drop(e: DragEvent): void {
    e.preventDefault();
    const files = filesOf(e.dataTransfer);
    if (this.writable && files.length) return this.attachImages(files, this.caret(document.caretRangeFromPoint?.(e.clientX, e.clientY) ?? undefined), true);
    const text = e.dataTransfer?.getData('text/plain');
    if (this.writable && text) {
      document.execCommand('insertText', false, text);
      this.schedule();
    }
  }

  /** Where an image goes: `at` (a drop point) or the caret when inside this memo, else the memo's end. */
  private caret(at?: Range): Range {
    const inside = (r: Range | undefined) => r && this.editor.contains(r.startContainer);
    const selection = window.getSelection();
    const current = selection && selection.rangeCount ? selection.getRangeAt(0) : undefined;
    const range = inside(at) ? at : inside(current) ? current : inside(this.savedRange) ? this.savedRange : undefined;
    if (range) return range.cloneRange();
    const end = document.createRange();
    end.selectNodeContents(this.editor);
    end.collapse(false);
    return end;
  }

  private attachImages(files: File[], at: Range, keepNames: boolean): void {
    const { pasteImage, showError } = this.ctx;
    if (this.sourceMode || !pasteImage || !showError) return;
    this.editor.setAttribute('aria-busy', 'true');
    insertImages(files, at, { pasteImage, showError }, () => this.schedule(), keepNames)
      .catch((e: unknown) => showError(e instanceof Error ? e.message : String(e)))
      .finally(() => this.editor.removeAttribute('aria-busy'));
  }

  private followLink(e: MouseEvent): void {
    const link = (e.target as Element | null)?.closest?.('a');
    if (!link) return;
    e.preventDefault();
    // While editing, a plain click places the caret; Ctrl/Cmd+click follows the link.
    const href = link.getAttribute('href');
    if (href && (!this.writable || e.ctrlKey || e.metaKey)) this.ctx.openLink(href);
  }

  private toggleSource(): void {
    this.showWhole();
    this.flush();
    this.sourceMode = !this.sourceMode;
    if (this.sourceMode) this.source.value = this.serializer.html();
    else this.render(cleanMemoHtml(this.source.value));
    this.source.hidden = !this.sourceMode;
    this.editor.hidden = this.sourceMode;
    this.toolbar.hidden = !this.writable || this.sourceMode;
    setAttr(this.sourceToggle, 'aria-pressed', String(this.sourceMode));
    this.sourceToggle.textContent = this.sourceMode ? l10n.t('Formatted view') : l10n.t('HTML source');
  }

  setValue(value: WireValue | undefined): void {
    const html = typeof value === 'string' ? value : null;
    if (html !== null && html === this.last) return;
    this.last = html ?? undefined;
    this.spliceable = false;
    this.render(html);
  }

  setWritable(w: boolean): void {
    this.writable = w && !this.view.readOnly;
    this.editable();
    setAttr(this.editor, 'aria-readonly', this.writable ? 'false' : 'true');
    this.source.readOnly = !this.writable;
    if (this.writable && this.commentContext && !this.comments) {
      this.comments = commentBox(this.view, this.commentContext, () => this.writable);
      this.row.append(this.comments.element);
    }
    this.toolbar.hidden = !this.writable || this.sourceMode;
    this.row.classList.toggle('writable', this.writable);
    if (this.writable && !this.showing) this.prepareParts();
  }

  setProblem(message: string | undefined): void {
    this.field.setProblem(message);
    setAttr(this.editor, 'aria-invalid', message ? 'true' : undefined);
  }

  setDirty(dirty: boolean): void {
    this.field.setDirty(dirty);
    // Out of edit mode with nothing unsaved (Cancel, Discard, Save & Close): the box's text is gone on the host too.
    if (!this.writable && !dirty) this.comments?.empty();
  }

  /** A Save added `text` from the comment box to the comments: the box empties if it still holds it. */
  commentTaken(text: string | undefined): void {
    if (text !== undefined && this.comments?.holds(text)) this.comments.empty();
  }

  focus(): void {
    if (this.sourceMode) this.source.focus();
    else this.editor.focus();
  }

  retryImages(): void {
    this.images.retry(this.editor);
  }
}

// The *New comment* box under a defect's comments while editing ("Add comment"): plain text that
// the extension appends under a header with the user and date.
import * as l10n from '@vscode/l10n';
import type { FieldView } from '../../../src/shared/editorProtocol';
import { button, h } from '../dom';
import { nameToolkitInput } from './control';

interface TextAreaElement extends HTMLElement {
  value: string;
}

/** What the comment box tells the page: a comment to add now, and the text it holds (an unsaved edit that Save adds). */
export interface CommentContext {
  addComment(text: string): Promise<void>;
  commentDraft(text: string): void;
}

/** The *New comment* box under the comments: the text area, and its way to empty it. */
export interface CommentBox {
  readonly element: HTMLElement;
  holds(text: string): boolean;
  empty(): void;
}

/**
 * "Add comment": plain text appended by the extension under a header with the user and date. What
 * the box holds is an unsaved edit: each change goes to the host, whose Save adds it as a comment.
 */
export function commentBox(view: FieldView, ctx: CommentContext, writable: () => boolean): CommentBox {
  const text = h('vscode-text-area', { class: 'comment-text', rows: 3, resize: 'vertical', placeholder: l10n.t('New comment') }) as TextAreaElement;
  nameToolkitInput(text, l10n.t('New comment for {0}', view.label));
  const submitButton = button('secondary', {}, l10n.t('Add comment'));
  const submit = async () => {
    if (!writable() || !text.value.trim()) return;
    submitButton.disabled = true;
    try {
      await ctx.addComment(text.value);
      text.value = '';
    } finally {
      submitButton.disabled = false;
    }
  };
  submitButton.addEventListener('click', () => void submit());
  text.addEventListener('input', () => ctx.commentDraft(text.value));
  text.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
  });
  return {
    element: h('div', { class: 'comment-box' }, text, submitButton),
    holds: (t) => text.value === t,
    empty: () => {
      text.value = '';
    },
  };
}

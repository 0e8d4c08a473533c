// The editor's History section: collapsed until opened, then the defect's changes newest first —
// when, who, each field as label: old → new. A memo change reads "changed", with its old and new
// text (plain text from the host, never HTML) behind a disclosure. "Show more" asks for more rows.
import * as l10n from '@vscode/l10n';
import type { DefectKey, HistoryChangeView, HistoryEntryView, HistoryResult } from '../../src/shared/editorProtocol';
import { button, clear, focusFirstAdded, h } from './dom';

export type HistoryRequester = (limit: number) => Promise<HistoryResult>;

/** Rows asked for at first and added by each "Show more". */
const PAGE = 50;

export class HistorySection {
  readonly element: HTMLDetailsElement;
  private readonly list = h('ol', { class: 'history-list', 'aria-label': l10n.t('History') });
  private readonly message = h('p', { class: 'history-message', role: 'status' });
  private readonly more: HTMLElement;
  private key: DefectKey | undefined;
  private limit = PAGE;
  private loadedFor: string | undefined;

  constructor(private readonly request: HistoryRequester) {
    this.more = button('secondary', { class: 'history-more', hidden: true }, l10n.t('Show more'));
    this.more.addEventListener('click', () => {
      const shown = this.list.childElementCount;
      this.limit += PAGE;
      this.load(() => focusFirstAdded(this.list, shown));
    });
    this.element = h('details', { class: 'history' }, h('summary', {}, h('h2', { class: 'inline-heading' }, l10n.t('History'))), this.message, this.list, this.more);
    this.element.addEventListener('toggle', () => {
      if (this.element.open && this.loadedFor !== JSON.stringify(this.key)) this.load();
    });
  }

  /** Called with each `init`; an open section reloads for another defect (a new one just created). */
  show(key: DefectKey): void {
    this.key = key;
    if (this.element.open && this.loadedFor !== JSON.stringify(key)) this.load();
  }

  /** Forgets what it read (the defect was read again after it could not be): an open section reads now. */
  readAgain(): void {
    this.loadedFor = undefined;
    if (this.element.open) this.load();
  }

  private load(done?: () => void): void {
    this.loadedFor = JSON.stringify(this.key);
    this.element.setAttribute('aria-busy', 'true');
    this.request(this.limit)
      .then((result) => {
        this.render(result);
        done?.();
      })
      .catch((e: unknown) => this.say(e instanceof Error ? e.message : String(e), true))
      .finally(() => this.element.removeAttribute('aria-busy'));
  }

  private render(result: HistoryResult): void {
    clear(this.list);
    if (result.note) this.say(result.note, false);
    else if (result.entries.length === 0) this.say(l10n.t('No changes recorded.'), false);
    else this.say('', false);
    for (const entry of result.entries) this.list.append(entryRow(entry));
    this.more.hidden = result.entries.length >= result.total;
  }

  private say(text: string, error: boolean): void {
    this.message.textContent = text;
    this.message.hidden = text === '';
    this.message.classList.toggle('error', error);
  }
}

function changeRow(c: HistoryChangeView): HTMLElement {
  if (!c.memo) {
    return h(
      'li',
      { class: 'history-change' },
      h('span', { class: 'history-field' }, `${c.label}: `),
      h('span', { class: 'history-old' }, c.oldValue || '—'),
      ' → ',
      h('span', { class: 'history-new' }, c.newValue || '—'),
    );
  }
  return h(
    'li',
    { class: 'history-change memo' },
    h('span', { class: 'history-field' }, `${c.label}: `),
    l10n.t('changed'),
    h(
      'details',
      { class: 'history-memo' },
      h('summary', {}, l10n.t('Show the old and new text')),
      h(
        'div',
        { class: 'history-memo-text' },
        h('h3', {}, l10n.t('Before')),
        h('pre', { class: 'history-old' }, c.oldValue),
        h('h3', {}, l10n.t('After')),
        h('pre', { class: 'history-new' }, c.newValue),
      ),
    ),
  );
}

function entryRow(e: HistoryEntryView): HTMLElement {
  return h('li', { class: 'history-entry' }, h('div', { class: 'history-when' }, `${e.time} · ${e.user}`), h('ul', { class: 'history-changes' }, ...e.changes.map(changeRow)));
}

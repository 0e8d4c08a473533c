// The editor's Links section: the defect's links both ways (the other defect's id, name, status,
// the link type and comment), each openable and removable (the host asks first), and a row to link
// another defect by id with a type and a comment. Every action is a request the host carries out;
// it answers with the list as it is after it. Bad input (no such defect, itself, a second link)
// comes back as the host's error and the typed values stay. A defect may have thousands of links:
// the first PAGE are shown, "Show more" asks for more.
import * as l10n from '@vscode/l10n';
import type { DefectKey, LinkView, LinksRequest, LinksResult } from '../../src/shared/editorProtocol';
import { button, clear, focusFirstAdded, h } from './dom';
import './traceability.css';

export type LinksRequester = (request: LinksRequest) => Promise<LinksResult>;

/** Links asked for at first and added by each "Show more". */
const PAGE = 100;

export class LinksSection {
  readonly element: HTMLElement;
  private readonly list = h('ul', { class: 'link-list', 'aria-label': l10n.t('Links') });
  private readonly count = h('span', { class: 'link-count' });
  private readonly message = h('p', { class: 'link-message', role: 'status' });
  private readonly target = h('input', { class: 'link-target', type: 'text', inputmode: 'numeric', 'aria-label': l10n.t('Defect id to link'), placeholder: l10n.t('Defect id') });
  private readonly type = h('select', { class: 'link-type native', 'aria-label': l10n.t('Link type') });
  private readonly comment = h('input', { class: 'link-comment', type: 'text', 'aria-label': l10n.t('Link comment'), placeholder: l10n.t('Comment (optional)') });
  private readonly add: HTMLElement;
  private readonly more: HTMLElement;
  private key: DefectKey | undefined;
  private limit = PAGE;

  constructor(private readonly request: LinksRequester) {
    this.add = button('secondary', { class: 'link-add' }, l10n.t('Link'));
    this.add.addEventListener('click', () => this.addLink());
    this.more = button('secondary', { class: 'link-more', hidden: true }, l10n.t('Show more'));
    this.more.addEventListener('click', () => {
      const shown = this.list.childElementCount;
      this.limit += PAGE;
      this.run({ action: 'list' }, () => focusFirstAdded(this.list, shown));
    });
    // Enter in either text box links, as in any small form (the comment is typed last, so that is where Enter comes).
    for (const input of [this.target, this.comment]) {
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') this.addLink();
      });
    }
    this.element = h(
      'section',
      { class: 'links', 'aria-labelledby': 'links-heading' },
      h('h2', { id: 'links-heading' }, `${l10n.t('Links')} `, this.count),
      h('div', { class: 'toolbar link-toolbar' }, this.target, this.type, this.comment, this.add),
      this.message,
      this.list,
      this.more,
    );
  }

  show(key: DefectKey): void {
    const changed = JSON.stringify(key) !== JSON.stringify(this.key);
    this.key = key;
    this.add.toggleAttribute('disabled', key.id === undefined);
    if (changed) {
      this.limit = PAGE;
      this.run({ action: 'list' });
    }
  }

  /** Reads the list again (the defect was read again after it could not be: signed out). */
  readAgain(): void {
    if (this.key?.id !== undefined) this.run({ action: 'list' });
  }

  private addLink(): void {
    const text = this.target.value.trim();
    const to = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(to) || to <= 0) {
      this.say(l10n.t('Type the id of the defect to link (a whole number).'), true);
      return;
    }
    this.run({ action: 'add', to, linkType: this.type.value, comment: this.comment.value.trim() }, () => {
      this.target.value = '';
      this.comment.value = '';
      // The new row shows somewhere in the list: a screen reader hears that it worked.
      this.say(l10n.t('Linked to defect {0}.', to), false);
    });
  }

  /**
   * Asks the host to remove link `id`, shown at `index`: the focus, on the row's button that goes
   * with it, moves to the row that takes its place (the one before at the end, the id box when none
   * is left), so a keyboard user goes on from there rather than from the page's top.
   */
  private removeLink(id: number, index: number): void {
    this.run({ action: 'remove', id }, () => {
      const rows = this.list.querySelectorAll<HTMLButtonElement>('.link-actions button');
      const next = rows[Math.min(index, rows.length - 1)] ?? this.target;
      next.focus();
      if (!this.list.querySelector(`[data-id="${id}"]`)) this.say(l10n.t('Link removed.'), false);
    });
  }

  private run(request: LinksRequest, done?: () => void): void {
    this.element.setAttribute('aria-busy', 'true');
    this.request({ ...request, limit: this.limit })
      .then((result) => {
        this.render(result);
        done?.();
      })
      .catch((e: unknown) => this.say(e instanceof Error ? e.message : String(e), true))
      .finally(() => this.element.removeAttribute('aria-busy'));
  }

  private render(result: LinksResult): void {
    if (this.type.childElementCount === 0) for (const t of result.linkTypes) this.type.append(h('option', { value: t }, t));
    clear(this.list);
    this.count.textContent = result.note ? '' : `(${result.total ?? result.items.length})`;
    if (result.note) this.say(result.note, false);
    else if (result.items.length === 0) this.say(l10n.t('No links.'), false);
    else this.say('', false);
    result.items.forEach((item, index) => this.list.append(this.row(item, index)));
    this.more.hidden = !result.more;
  }

  private row(l: LinkView, index: number): HTMLElement {
    const label = `${l.otherType === 'defect' ? l10n.t('Defect {0}', l.otherId) : `${l.otherType} ${l.otherId}`}${l.otherName ? `: ${l.otherName}` : ''}`;
    const open = h('button', { class: 'link-open link', type: 'button', title: l10n.t('Open {0}', label), disabled: l.otherType !== 'defect' }, label);
    open.addEventListener('click', () => this.run({ action: 'open', defectId: l.otherId }));
    const remove = button('icon', { 'aria-label': l10n.t('Remove the link to {0}', label), title: l10n.t('Remove Link') }, '✕');
    remove.addEventListener('click', () => this.removeLink(l.id, index));
    const meta = [l.linkType || l10n.t('Link'), l.direction === 'to' ? l10n.t('linked from there') : '', l.otherStatus].filter(Boolean).join(' · ');
    return h(
      'li',
      { class: 'link-row', 'data-id': l.id },
      h('div', { class: 'link-main' }, open, h('span', { class: 'link-meta' }, meta)),
      l.comment ? h('div', { class: 'link-comment-text' }, l.comment) : null,
      h('div', { class: 'link-actions' }, remove),
    );
  }

  private say(text: string, error: boolean): void {
    this.message.textContent = text;
    this.message.hidden = text === '';
    this.message.classList.toggle('error', error);
  }
}

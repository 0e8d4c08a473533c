// The editor's attachment section: the defect's attachments (name, size, date, description) with
// Open, Save As… and Open in Default Application per row, and Upload… for the defect. Files never
// pass through the page: every action is a request the host carries out with its own dialogs and
// progress, answering with the fresh list. The list is also re-read when the panel regains focus,
// so uploads, renames and deletes made in the tree show up.
import * as l10n from '@vscode/l10n';
import type { AttachmentView, AttachmentsRequest, AttachmentsResult, DefectKey } from '../../src/shared/editorProtocol';
import './attachments.css';
import { button, clear, h } from './dom';

export type AttachmentsRequester = (request: AttachmentsRequest) => Promise<AttachmentsResult>;

export class AttachmentsSection {
  readonly element: HTMLElement;
  private readonly list = h('ul', { class: 'attachment-list', 'aria-label': l10n.t('Attachments') });
  private readonly count = h('span', { class: 'attachment-count' });
  private readonly message = h('p', { class: 'attachment-message', role: 'status' });
  private readonly upload: HTMLElement;
  private key: DefectKey | undefined;
  private busy = false;
  /** A list asked for while another request ran: read once that one is done, so it is not stale. */
  private listAgain = false;

  constructor(private readonly request: AttachmentsRequester) {
    this.upload = button('secondary', { class: 'attachment-upload', title: l10n.t('Upload files from this computer') }, l10n.t('Upload…'));
    this.upload.addEventListener('click', () => this.run({ action: 'upload' }));
    const refresh = button('icon', { 'aria-label': l10n.t('Refresh attachments'), title: l10n.t('Refresh') }, h('span', { class: 'codicon-like' }, '⟳'));
    refresh.addEventListener('click', () => this.run({ action: 'list' }));
    this.element = h(
      'section',
      { class: 'attachments', 'aria-labelledby': 'attachments-heading' },
      h('h2', { id: 'attachments-heading' }, `${l10n.t('Attachments')} `, this.count),
      h('div', { class: 'toolbar attachment-toolbar' }, this.upload, refresh),
      this.message,
      this.list,
    );
    window.addEventListener('focus', () => {
      if (this.key?.id !== undefined) this.run({ action: 'list' });
    });
  }

  /** Called with each `init`: a new defect has none yet; a saved one loads its list. */
  show(key: DefectKey): void {
    const changed = JSON.stringify(key) !== JSON.stringify(this.key);
    this.key = key;
    this.upload.toggleAttribute('disabled', key.id === undefined);
    if (changed) this.run({ action: 'list' });
  }

  /** Reads the list again (the host says the defect's attachments changed). */
  refresh(): void {
    if (this.key?.id !== undefined) this.run({ action: 'list' });
  }

  private run(request: AttachmentsRequest): void {
    if (this.busy && request.action === 'list') {
      this.listAgain = true;
      return;
    }
    this.busy = true;
    this.element.setAttribute('aria-busy', 'true');
    this.request(request)
      .then((result) => this.render(result))
      .catch((e: unknown) => this.say(e instanceof Error ? e.message : String(e), true))
      .finally(() => {
        this.busy = false;
        this.element.removeAttribute('aria-busy');
        if (this.listAgain) {
          this.listAgain = false;
          this.refresh();
        }
      });
  }

  private render(result: AttachmentsResult): void {
    clear(this.list);
    this.count.textContent = result.note ? '' : `(${result.items.length})`;
    if (result.note) this.say(result.note, false);
    else if (result.items.length === 0) this.say(l10n.t('No attachments. Upload files, or drop them on the defect in the ALM view.'), false);
    else this.say('', false);
    for (const item of result.items) this.list.append(this.row(item));
  }

  private row(a: AttachmentView): HTMLElement {
    const open = h('button', { class: 'attachment-name link', type: 'button', title: l10n.t('Open {0}', a.name) }, a.name);
    open.addEventListener('click', () => this.run({ action: 'open', id: a.id }));
    const save = button('icon', { 'aria-label': l10n.t('Save {0} as…', a.name), title: l10n.t('Save As…') }, '⤓');
    save.addEventListener('click', () => this.run({ action: 'saveAs', id: a.id }));
    const external = button('icon', { 'aria-label': l10n.t('Open {0} in the default application', a.name), title: l10n.t('Open in Default Application') }, '↗');
    external.addEventListener('click', () => this.run({ action: 'openExternally', id: a.id }));
    const meta = a.modified ? `${a.size} · ${a.modified}` : a.size;
    return h(
      'li',
      { class: 'attachment', 'data-id': a.id },
      h('div', { class: 'attachment-main' }, open, h('span', { class: 'attachment-meta' }, meta)),
      a.description ? h('div', { class: 'attachment-description' }, a.description) : null,
      h('div', { class: 'attachment-actions' }, save, external),
    );
  }

  private say(text: string, error: boolean): void {
    this.message.textContent = text;
    this.message.hidden = text === '';
    this.message.classList.toggle('error', error);
  }
}

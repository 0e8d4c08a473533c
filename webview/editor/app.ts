// The editor page: wires the protocol channel to the header, the form and the conflict view. The
// page holds no defect logic: it shows what the host sends and forwards what the user does.
import * as l10n from '@vscode/l10n';
import type { ConflictChoice, InitParams, RequestMethod, RequestParams, StatusParams, ValuesParams } from '../../src/shared/editorProtocol';
import { AttachmentsSection } from './attachments';
import { WebviewChannel } from './channel';
import { conflictPanel } from './conflict';
import { clear, h } from './dom';
import { takeEmbeddedState } from './embeddedState';
import { DefectForm } from './form';
import type { FormContext } from './form';
import { Header } from './header';
import { HistorySection } from './history';
import { IMAGE_BUDGET, ImageSources } from './imageSources';
import { LinksSection } from './links';
import { loadToolkit, loadToolkitAfterPaint, toolkitLoaded } from './toolkit';
import { TypeAhead } from './typeAhead';

/** Editing and the conflict choice use the toolkit's inputs; reading does not. */
const needsToolkit = (status: StatusParams): boolean => status.lock.phase === 'editing' || status.conflict !== undefined;

export class EditorApp {
  private readonly channel: WebviewChannel;
  private readonly header: Header;
  private readonly error = h('div', { class: 'notice error local', role: 'alert', hidden: true });
  private readonly conflictSlot = h('div', { class: 'conflict-slot' });
  private readonly formSlot = h('main', { class: 'form-slot', 'aria-label': l10n.t('Defect fields') });
  private form: DefectForm | undefined;
  private init: InitParams | undefined;
  private values: ValuesParams | undefined;
  private status: StatusParams | undefined;
  /** Shown once the memos' images hold all the image data the page keeps (imageSources.ts). */
  private imagesNotice: HTMLElement | undefined;
  private readonly images = new ImageSources(
    (src) =>
      this.channel.request('resolveImage', { src }).then(
        (r) => r.dataUri,
        () => undefined,
      ),
    () => this.showImagesNotice(),
  );
  private readonly attachments = new AttachmentsSection((request) => this.channel.request('attachments', request));
  private readonly links = new LinksSection((request) => this.channel.request('links', request));
  private readonly history = new HistorySection((limit) => this.channel.request('history', { limit }));
  /** Whether the defect could not be read last time (its sections failed with it). */
  private unread = false;
  private readonly typeAhead = new TypeAhead();

  constructor(private readonly root: HTMLElement) {
    this.channel = new WebviewChannel({
      init: (p) => this.onInit(p),
      values: (p) => this.onValues(p),
      status: (p) => this.onStatus(p),
      followUp: (p) => this.header.setFollowUp(p.flag),
      imagesChanged: () => {
        // What failed before may resolve now: forget the answers, then ask again for the images not shown.
        this.images.clear();
        this.imagesNotice?.remove();
        this.imagesNotice = undefined;
        this.form?.retryImages();
        // The attachment list too (an upload from the tree, a report's text, a pasted image).
        this.attachments.refresh();
      },
    });
    this.header = new Header({
      edit: () => {
        // The components load while the lock is taken.
        void loadToolkit().catch(() => undefined);
        this.typeAhead.start();
        this.run('edit', {});
      },
      save: (close) => {
        this.form?.flush();
        this.run('save', { close });
      },
      cancel: () => this.run('cancel', {}),
      retry: () => this.run('retry', {}),
      reload: () => this.run('reload', {}),
      setStatus: (value) => this.run('setStatus', { value }),
      focusField: (field) => this.form?.focus(field),
      openDefect: (id) => this.channel.command('openDefect', { id }),
      chooseDuplicate: (id) => this.channel.command('chooseDuplicate', { id }),
      retryImages: () => this.run('retryImages', {}),
      signIn: () => this.channel.command('signIn', {}),
    });
    document.addEventListener('keydown', (e) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's' && this.status?.lock.phase === 'editing') {
        e.preventDefault();
        this.form?.flush();
        this.run('save', { close: false });
      }
    });
  }

  /** `nonce`: the page script's own, which the embedded state's data block must carry. */
  start(nonce: string | undefined): void {
    clear(this.root);
    this.root.append(this.header.element, this.error, this.conflictSlot, this.formSlot, this.attachments.element, this.links.element, this.history.element);
    document.body.dataset.phase = 'loading';
    const embedded = takeEmbeddedState(nonce, this.channel.firstLoad);
    if (embedded) {
      this.onInit(embedded.init);
      this.onValues(embedded.values);
      this.onStatus(embedded.status);
    }
    this.channel.ready(embedded !== undefined);
  }

  private context(): FormContext {
    return {
      change: (field, value, splice) => {
        if (splice) this.channel.command('memoSpliced', { field, ...splice });
        else this.channel.command('fieldChanged', { field, value });
        // The header (name, status, …) follows the typing at once; the host's next values confirm it.
        if (this.values) {
          this.values = { ...this.values, edits: { ...this.values.edits, [field]: value } };
          this.header.setValues(this.values);
        }
      },
      openLink: (href) => this.channel.command('openLink', { href }),
      resolveImage: (src) => this.images.get(src),
      commentDraft: (text) => this.channel.command('commentDraftChanged', { text }),
      addComment: async (text) => {
        await this.channel.request('addComment', { text }).catch((e: unknown) => this.showError(e));
      },
      pasteImage: async (image, dataUri) => {
        this.error.hidden = true;
        try {
          const reply = await this.channel.request('pasteImage', image);
          // The page has the bytes: a redraw of the memo shows them without asking the host.
          this.images.put(reply.src, dataUri);
          return reply;
        } catch (e) {
          this.showError(e);
          return undefined;
        }
      },
      showError: (message) => this.showError(message),
    };
  }

  private onInit(init: InitParams): void {
    const rebuild = !this.init || this.init.key.id !== init.key.id || JSON.stringify(this.init.fields) !== JSON.stringify(init.fields);
    this.init = init;
    document.title = init.isNew ? l10n.t('New defect') : l10n.t('Defect {0}', init.key.id ?? '');
    this.header.setInit(init);
    this.attachments.show(init.key);
    this.links.show(init.key);
    this.history.show(init.key);
    if (rebuild) {
      // A new form is for typing at once: the keys typed while its inputs are built are held and go
      // to Summary (or the field clicked) once it is editing, as after Edit. Without this the focus
      // stayed on the page, a typed space scrolled it and the summary was lost (walkthrough).
      if (init.isNew) this.typeAhead.start();
      this.form = new DefectForm(init.fields, { ...this.context(), locale: init.locale });
      this.formSlot.replaceChildren(this.form.element);
      if (this.values) this.form.setValues(this.values);
      // Inputs wait for the toolkit (a pending load applies the status when it is there).
      if (this.status && (!needsToolkit(this.status) || toolkitLoaded())) this.form.setStatus(this.status);
    }
  }

  private onValues(values: ValuesParams): void {
    this.values = values;
    this.header.setValues(values);
    this.form?.setValues(values);
  }

  private onStatus(status: StatusParams): void {
    const first = !this.status || this.status.lock.phase === 'loading';
    // The defect could not be read (signed out), and now is: the sections read again what failed with it.
    if (status.lock.phase === 'error') this.unread = true;
    else if (this.unread && status.lock.phase !== 'loading') {
      this.unread = false;
      this.attachments.refresh();
      this.links.readAgain();
      this.history.readAgain();
    }
    if (first && status.lock.phase !== 'loading') performance.mark('alm-editor:state');
    this.status = status;
    this.header.setStatus(status);
    this.channel.persist(status.persist);
    if (needsToolkit(status) && !toolkitLoaded()) {
      // Applied once the inputs can be built; a newer status in the meantime replaces this one.
      loadToolkit().then(
        () => this.status === status && this.applyStatus(status),
        (e: unknown) => this.showError(e),
      );
    } else this.applyStatus(status);
    // The defect is on screen: the toolkit loads in the background and the inputs are built hidden
    // when the page is idle, so Edit only has to show them.
    if (first && status.lock.phase !== 'loading') loadToolkitAfterPaint(() => this.form?.prepare());
  }

  private applyStatus(status: StatusParams): void {
    this.form?.setStatus(status);
    this.renderConflict(status);
    document.body.dataset.phase = status.lock.phase;
    // Keys typed since the Edit click go to the field once it takes them; a refused lock drops them.
    const form = this.form;
    if (status.lock.phase === 'editing' && form) this.typeAhead.deliver({ focus: (clicked) => form.focusForTyping(clicked) });
    else if (status.lock.phase !== 'acquiring') this.typeAhead.stop();
  }

  private renderConflict(status: StatusParams): void {
    clear(this.conflictSlot);
    if (!status.conflict || !this.init) return;
    const panel = conflictPanel(status.conflict, this.init.fields, this.init.locale, {
      resolve: (choices: Record<string, ConflictChoice>) => this.run('resolveConflict', { choices }),
      dismiss: () => this.run('dismissConflict', {}),
    });
    this.conflictSlot.append(panel);
    panel.querySelector<HTMLElement>('vscode-radio-group')?.focus();
  }

  /** Sends a request; a failure shows as an alert (the host's own notices come with the status). */
  private run<M extends RequestMethod>(method: M, params: RequestParams<M>): void {
    this.error.hidden = true;
    this.channel.request(method, params).catch((e: unknown) => this.showError(e));
  }

  private showImagesNotice(): void {
    this.imagesNotice ??= h(
      'div',
      { class: 'notice warning local', role: 'status' },
      l10n.t('Some images are not shown: this editor shows at most {0} of images. Open the others from Attachments.', `${IMAGE_BUDGET / (1024 * 1024)} MB`),
    );
    if (!this.imagesNotice.isConnected) this.error.after(this.imagesNotice);
  }

  private showError(e: unknown): void {
    this.error.textContent = e instanceof Error ? e.message : String(e);
    this.error.hidden = false;
  }
}

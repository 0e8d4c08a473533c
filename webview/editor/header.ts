// The header: id and name, the key fields (status, severity, priority, owner), status changes as
// actions (only values of the status list), the Edit/Save/Cancel actions the lock phase allows,
// the lock banner, notices and the problem summary.
import * as l10n from '@vscode/l10n';
import type { FollowUpView, InitParams, LockPhase, StatusParams, ValuesParams, WireValue } from '../../src/shared/editorProtocol';
import { fieldViewText } from '../../src/shared/valueText';
import { button, clear, h, setAttr } from './dom';

export interface HeaderActions {
  edit(): void;
  save(close: boolean): void;
  cancel(): void;
  retry(): void;
  reload(): void;
  setStatus(value: string): void;
  focusField(field: string): void;
  /** Opens a likely duplicate the new defect's form lists. */
  openDefect(id: number): void;
  /** Offers to comment on (or link to) a likely duplicate instead of creating a new defect. */
  chooseDuplicate(id: number): void;
  /** The notice's Retry: upload the pasted images a new defect's creation left missing. */
  retryImages(): void;
  /** The notice's Sign In: the defect could not be read signed out. */
  signIn(): void;
}

type ActionName = 'edit' | 'save' | 'saveClose' | 'cancel' | 'retry' | 'reload';

/** Which actions each phase offers (a new defect has its own set). */
function actionsFor(phase: LockPhase, isNew: boolean, dirty: boolean): ActionName[] {
  if (isNew) return phase === 'editing' ? ['save', 'cancel'] : [];
  switch (phase) {
    case 'read-only':
      return dirty ? ['edit', 'cancel', 'reload'] : ['edit', 'reload'];
    case 'editing':
      return ['save', 'saveClose', 'cancel'];
    case 'locked-by-other':
      return dirty ? ['retry', 'cancel', 'reload'] : ['retry', 'reload'];
    case 'lost':
      return ['retry', 'cancel'];
    case 'error':
      return ['reload'];
    default:
      return [];
  }
}

export class Header {
  readonly element: HTMLElement;
  private readonly idLine = h('div', { class: 'defect-id' });
  private readonly name = h('h1', { class: 'defect-name' });
  private readonly summary = h('dl', { class: 'summary' });
  private readonly statusActions = h('div', { class: 'status-actions', role: 'group', 'aria-label': l10n.t('Change status') });
  private readonly toolbar = h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': l10n.t('Defect actions') });
  private readonly progress = h('span', { class: 'progress', hidden: true }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('span', { class: 'progress-text' }));
  private readonly banner = h('div', { class: 'banner', hidden: true, role: 'status' });
  private readonly notice = h('div', { class: 'notice', hidden: true, role: 'status', 'aria-live': 'polite' });
  private readonly problems = h('div', { class: 'problems', hidden: true, role: 'alert' });
  private readonly duplicates = h('div', { class: 'duplicates', hidden: true, role: 'region', 'aria-label': l10n.t('Likely duplicates') });
  private readonly buttons: Record<ActionName, HTMLElement>;
  private init: InitParams | undefined;
  private values: ValuesParams = { server: {}, edits: {} };
  private status: StatusParams | undefined;
  private followUp: FollowUpView | null = null;

  constructor(private readonly actions: HeaderActions) {
    const action = (label: string, appearance: 'primary' | 'secondary', run: () => void) => {
      const b = button(appearance, {}, label);
      b.addEventListener('click', run);
      return b;
    };
    this.buttons = {
      edit: action(l10n.t('Edit'), 'primary', () => actions.edit()),
      save: action(l10n.t('Save'), 'primary', () => actions.save(false)),
      saveClose: action(l10n.t('Save & Close'), 'secondary', () => actions.save(true)),
      cancel: action(l10n.t('Cancel'), 'secondary', () => actions.cancel()),
      retry: action(l10n.t('Retry'), 'primary', () => actions.retry()),
      reload: action(l10n.t('Reload'), 'secondary', () => actions.reload()),
    };
    this.toolbar.append(...Object.values(this.buttons), this.progress);
    this.element = h(
      'header',
      { class: 'header' },
      h('div', { class: 'title' }, this.idLine, this.name),
      this.summary,
      h('div', { class: 'header-actions' }, this.toolbar, this.statusActions),
      this.banner,
      this.notice,
      this.problems,
      this.duplicates,
    );
  }

  setInit(init: InitParams): void {
    this.init = init;
    this.render();
  }

  setValues(values: ValuesParams): void {
    this.values = values;
    this.render();
  }

  setStatus(status: StatusParams): void {
    this.status = status;
    this.render();
  }

  setFollowUp(flag: FollowUpView | null): void {
    this.followUp = flag;
    this.render();
  }

  private value(field: string): WireValue | undefined {
    return Object.hasOwn(this.values.edits, field) ? this.values.edits[field] : this.values.server[field];
  }

  private render(): void {
    const init = this.init;
    const status = this.status;
    if (!init) return;
    const phase = status?.lock.phase ?? 'loading';
    // A new defect says where it will be created (issue 37.9), as a saved one says where it is.
    const { domain, project, server } = init.key;
    this.idLine.textContent = init.isNew ? l10n.t('New defect in {0} / {1} · {2}', domain, project, server) : `${l10n.t('Defect {0}', init.key.id ?? '')} · ${domain} / ${project}`;
    const name = this.value('name');
    // A defect that could not be read shows no made-up summary or empty chips, only the notice why.
    const unread = phase === 'error' && !init.isNew && name === undefined;
    this.name.textContent = typeof name === 'string' && name ? name : init.isNew ? l10n.t('New defect') : unread ? l10n.t('Not loaded') : l10n.t('(no summary)');
    clear(this.summary);
    this.summary.hidden = unread;
    for (const [field, label] of [
      ['status', l10n.t('Status')],
      ['severity', l10n.t('Severity')],
      ['priority', l10n.t('Priority')],
      ['owner', l10n.t('Assigned to')],
    ] as const) {
      const def = init.fields.find((f) => f.name === field);
      this.summary.append(h('div', { class: 'chip', 'data-field': field }, h('dt', {}, def?.label ?? label), h('dd', {}, fieldViewText(def, this.value(field), init.locale))));
    }
    if (this.followUp) this.summary.append(this.followUpChip(this.followUp));
    const offered = actionsFor(phase, init.isNew, (status?.dirty.length ?? 0) > 0);
    for (const [name, b] of Object.entries(this.buttons) as [ActionName, HTMLElement][]) b.hidden = !offered.includes(name);
    this.buttons.save.textContent = init.isNew ? l10n.t('Create') : l10n.t('Save');
    this.buttons.cancel.textContent = init.isNew ? l10n.t('Discard') : phase === 'editing' ? l10n.t('Cancel') : l10n.t('Discard changes');
    const busy = phase === 'loading' ? l10n.t('Loading…') : phase === 'acquiring' ? l10n.t('Locking…') : phase === 'saving' ? l10n.t('Saving…') : '';
    this.progress.hidden = !busy;
    (this.progress.querySelector('.progress-text') as HTMLElement).textContent = busy;
    this.renderStatusActions(phase, init);
    this.renderBanner(phase, status);
    this.renderNotice(status);
    this.renderProblems(status);
    this.renderDuplicates(status);
  }

  /** The user's follow-up flag (kept by the extension, not ALM): the date in words, the note on hover and for screen readers. */
  private followUpChip(flag: FollowUpView): HTMLElement {
    const label = flag.note ? l10n.t('Follow-up: {0}. Note: {1}', flag.text, flag.note) : l10n.t('Follow-up: {0}', flag.text);
    const dd = h('dd', { title: flag.note || flag.text, 'aria-label': label }, flag.text);
    return h('div', { class: `chip follow-up${flag.overdue ? ' overdue' : ''}`, 'data-field': 'follow-up' }, h('dt', {}, l10n.t('Follow-up')), dd);
  }

  /** A new defect's likely duplicates, each a link that opens it (text only: the names come from the server). */
  private renderDuplicates(status: StatusParams | undefined): void {
    clear(this.duplicates);
    const found = status?.duplicates ?? [];
    this.duplicates.hidden = found.length === 0;
    if (!found.length) return;
    const list = h('ul');
    for (const d of found) {
      const link = h('a', { href: '#', class: 'duplicate-link', 'data-id': String(d.id) }, `${d.id}: ${d.name}`);
      link.addEventListener('click', (e) => {
        e.preventDefault();
        this.actions.openDefect(d.id);
      });
      const use = button('secondary', { class: 'duplicate-use', 'data-id': String(d.id), 'aria-label': l10n.t('Comment on or link to defect {0} instead…', d.id) }, l10n.t('Use instead…'));
      use.addEventListener('click', () => this.actions.chooseDuplicate(d.id));
      list.append(h('li', {}, link, h('span', { class: 'duplicate-status' }, ` · ${d.status} `), use));
    }
    this.duplicates.append(h('strong', {}, l10n.t('Likely duplicates — open one to check, or comment on it instead of creating a new defect:')), list);
  }

  private renderNotice(status: StatusParams | undefined): void {
    const notice = status?.notice;
    this.notice.hidden = !notice;
    this.notice.textContent = notice?.text ?? '';
    this.notice.className = `notice ${notice?.kind ?? ''}`;
    if (notice?.action === 'retryImages') {
      const retry = button('secondary', { class: 'retry-images' }, l10n.t('Retry'));
      retry.addEventListener('click', () => this.actions.retryImages());
      this.notice.append(' ', retry);
    }
    if (notice?.action === 'signIn') {
      const signIn = button('primary', { class: 'sign-in' }, l10n.t('Sign In'));
      signIn.addEventListener('click', () => this.actions.signIn());
      this.notice.append(' ', signIn);
    }
  }

  private renderStatusActions(phase: LockPhase, init: InitParams): void {
    clear(this.statusActions);
    if (init.isNew || !(phase === 'read-only' || phase === 'editing')) return;
    const current = this.value('status');
    this.statusActions.append(h('span', { class: 'label', 'aria-hidden': 'true' }, l10n.t('Move to:')));
    for (const value of init.statusValues) {
      if (value === current) continue;
      const b = button('secondary', { class: 'status-action', 'aria-label': l10n.t('Set status to {0}', value) }, value);
      b.addEventListener('click', () => this.actions.setStatus(value));
      this.statusActions.append(b);
    }
  }

  private renderBanner(phase: LockPhase, status: StatusParams | undefined): void {
    const lock = status?.lock;
    let message = '';
    if (phase === 'locked-by-other') {
      const who = lock?.holder ?? l10n.t('another user');
      message = lock?.since ? l10n.t('Read-only: {0} is editing this defect (locked since {1}).', who, lock.since) : l10n.t('Read-only: {0} is editing this defect.', who);
    } else if (phase === 'lost') message = l10n.t('Read-only: the lock was lost. Your unsaved changes are still here.');
    else if (phase === 'read-only') message = l10n.t('Read-only. Click Edit to lock the defect and change it.');
    this.banner.hidden = !message;
    this.banner.textContent = message;
    this.banner.className = `banner ${phase}`;
  }

  private renderProblems(status: StatusParams | undefined): void {
    clear(this.problems);
    const problems = status?.problems ?? [];
    this.problems.hidden = problems.length === 0;
    if (!problems.length) return;
    const list = h('ul');
    for (const p of problems) {
      const item = h('li');
      if (p.field) {
        const link = h('a', { href: '#', class: 'problem-link' }, p.message);
        const field = p.field;
        link.addEventListener('click', (e) => {
          e.preventDefault();
          this.actions.focusField(field);
        });
        item.append(link);
      } else item.append(p.message);
      list.append(item);
    }
    this.problems.append(h('strong', {}, problems.length === 1 ? l10n.t('1 problem:') : l10n.t('{0} problems:', problems.length)), list);
    setAttr(this.problems, 'aria-label', l10n.t('Problems'));
  }
}

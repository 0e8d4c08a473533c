// The header: id and name, the key fields (status, severity, priority, owner), status changes as
// actions (only values of the status list), the Edit/Save/Cancel actions the lock phase allows,
// the lock banner, notices and the problem summary.
import type { InitParams, LockPhase, StatusParams, ValuesParams, WireValue } from '../../src/shared/editorProtocol';
import { clear, h, setAttr } from './dom';

export interface HeaderActions {
  edit(): void;
  save(close: boolean): void;
  cancel(): void;
  retry(): void;
  reload(): void;
  setStatus(value: string): void;
  focusField(field: string): void;
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

const text = (v: WireValue | undefined): string => (v === null || v === undefined || v === '' ? '—' : Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? `#${v.id}` : String(v));

export class Header {
  readonly element: HTMLElement;
  private readonly idLine = h('div', { class: 'defect-id' });
  private readonly name = h('h1', { class: 'defect-name' });
  private readonly summary = h('dl', { class: 'summary' });
  private readonly statusActions = h('div', { class: 'status-actions', role: 'group', 'aria-label': 'Change status' });
  private readonly toolbar = h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': 'Defect actions' });
  private readonly progress = h('span', { class: 'progress', hidden: true }, h('vscode-progress-ring', { 'aria-hidden': 'true' }), h('span', { class: 'progress-text' }));
  private readonly banner = h('div', { class: 'banner', hidden: true, role: 'status' });
  private readonly notice = h('div', { class: 'notice', hidden: true, role: 'status', 'aria-live': 'polite' });
  private readonly problems = h('div', { class: 'problems', hidden: true, role: 'alert' });
  private readonly buttons: Record<ActionName, HTMLElement>;
  private init: InitParams | undefined;
  private values: ValuesParams = { server: {}, edits: {} };
  private status: StatusParams | undefined;

  constructor(private readonly actions: HeaderActions) {
    const button = (label: string, appearance: string, run: () => void) => {
      const b = h('vscode-button', { appearance }, label);
      b.addEventListener('click', run);
      return b;
    };
    this.buttons = {
      edit: button('Edit', 'primary', () => actions.edit()),
      save: button('Save', 'primary', () => actions.save(false)),
      saveClose: button('Save & Close', 'secondary', () => actions.save(true)),
      cancel: button('Cancel', 'secondary', () => actions.cancel()),
      retry: button('Retry', 'primary', () => actions.retry()),
      reload: button('Reload', 'secondary', () => actions.reload()),
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

  private value(field: string): WireValue | undefined {
    return Object.hasOwn(this.values.edits, field) ? this.values.edits[field] : this.values.server[field];
  }

  private render(): void {
    const init = this.init;
    const status = this.status;
    if (!init) return;
    const phase = status?.lock.phase ?? 'loading';
    this.idLine.textContent = init.isNew ? 'New defect' : `Defect ${init.key.id} · ${init.key.domain} / ${init.key.project}`;
    const name = this.value('name');
    this.name.textContent = typeof name === 'string' && name ? name : init.isNew ? 'New defect' : '(no summary)';
    clear(this.summary);
    for (const [field, label] of [['status', 'Status'], ['severity', 'Severity'], ['priority', 'Priority'], ['owner', 'Assigned to']] as const) {
      const def = init.fields.find((f) => f.name === field);
      this.summary.append(h('div', { class: 'chip', 'data-field': field }, h('dt', {}, def?.label ?? label), h('dd', {}, text(this.value(field)))));
    }
    const offered = actionsFor(phase, init.isNew, (status?.dirty.length ?? 0) > 0);
    for (const [name, b] of Object.entries(this.buttons) as [ActionName, HTMLElement][]) b.hidden = !offered.includes(name);
    this.buttons.save.textContent = init.isNew ? 'Create' : 'Save';
    this.buttons.cancel.textContent = init.isNew ? 'Discard' : phase === 'editing' ? 'Cancel' : 'Discard changes';
    const busy = phase === 'loading' ? 'Loading…' : phase === 'acquiring' ? 'Locking…' : phase === 'saving' ? 'Saving…' : '';
    this.progress.hidden = !busy;
    (this.progress.querySelector('.progress-text') as HTMLElement).textContent = busy;
    this.renderStatusActions(phase, init);
    this.renderBanner(phase, status);
    this.notice.hidden = !status?.notice;
    this.notice.textContent = status?.notice?.text ?? '';
    this.notice.className = `notice ${status?.notice?.kind ?? ''}`;
    this.renderProblems(status);
    document.body.dataset.phase = phase;
  }

  private renderStatusActions(phase: LockPhase, init: InitParams): void {
    clear(this.statusActions);
    if (init.isNew || !(phase === 'read-only' || phase === 'editing')) return;
    const current = this.value('status');
    this.statusActions.append(h('span', { class: 'label', 'aria-hidden': 'true' }, 'Move to:'));
    for (const value of init.statusValues) {
      if (value === current) continue;
      const b = h('vscode-button', { appearance: 'secondary', class: 'status-action', 'aria-label': `Set status to ${value}` }, value);
      b.addEventListener('click', () => this.actions.setStatus(value));
      this.statusActions.append(b);
    }
  }

  private renderBanner(phase: LockPhase, status: StatusParams | undefined): void {
    const lock = status?.lock;
    let message = '';
    if (phase === 'locked-by-other') {
      message = `Read-only: ${lock?.holder ?? 'another user'} is editing this defect${lock?.since ? ` (locked since ${lock.since})` : ''}.`;
    } else if (phase === 'lost') message = 'Read-only: the lock was lost. Your unsaved changes are still here.';
    else if (phase === 'read-only') message = 'Read-only. Click Edit to lock the defect and change it.';
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
    this.problems.append(h('strong', {}, problems.length === 1 ? '1 problem:' : `${problems.length} problems:`), list);
    setAttr(this.problems, 'aria-label', 'Problems');
  }
}

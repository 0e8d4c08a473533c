// The form: every field the metadata lists, in groups (details, people, versions & releases,
// dates, references, user-defined, then the memos), each input chosen by the field's type.
import * as l10n from '@vscode/l10n';
import type { FieldGroup, FieldView, StatusParams, ValuesParams, WireValue } from '../../src/shared/editorProtocol';
import { h } from './dom';
import { dropdownControl, multiSelectControl } from './fields/choiceControls';
import type { ControlContext, FieldControl } from './fields/control';
import { memoControl } from './fields/memoControl';
import type { CommentContext } from './fields/commentBox';
import type { MemoImageContext } from './fields/memoImages';
import { releaseControl } from './fields/releaseControl';
import type { ReleaseContext, ReleaseControl } from './fields/releaseControl';
import { dateControl, textControl } from './fields/textControls';

const GROUPS: readonly { group: FieldGroup; title: string }[] = [
  { group: 'details', title: l10n.t('Details') },
  { group: 'people', title: l10n.t('People') },
  { group: 'versions', title: l10n.t('Versions & releases') },
  { group: 'dates', title: l10n.t('Dates') },
  { group: 'references', title: l10n.t('References') },
  { group: 'user-defined', title: l10n.t('User-defined fields') },
  { group: 'memos', title: l10n.t('Description & comments') },
];

export type FormContext = ControlContext & MemoImageContext & CommentContext;

type FormControl = FieldControl & { flush?(): void; retryImages?(): void; commentTaken?(text: string | undefined): void; releaseChanged?: ReleaseControl['releaseChanged'] };

function controlFor(view: FieldView, ctx: FormContext & ReleaseContext): FormControl {
  switch (view.input) {
    case 'release':
    case 'cycle':
      return releaseControl(view, ctx);
    case 'memo':
      return memoControl(view, ctx);
    case 'date':
      return dateControl(view, ctx);
    case 'list':
      return view.multiple ? multiSelectControl(view, ctx) : dropdownControl(view, ctx);
    case 'user':
      return view.multiple ? multiSelectControl(view, ctx) : dropdownControl(view, ctx);
    default:
      return textControl(view, ctx);
  }
}

export class DefectForm {
  readonly element: HTMLElement;
  private readonly controls = new Map<string, FormControl>();

  /** The values shown (the host's, then each change the user made since). */
  private shown: Record<string, WireValue | undefined> = {};

  constructor(fields: readonly FieldView[], formContext: FormContext) {
    this.element = h('div', { class: 'form' });
    // A cycle picker follows its release field: a change there offers that release's cycles.
    const followers = new Map(fields.filter((f) => f.releaseField).map((f) => [f.releaseField ?? '', f.name]));
    const ctx: FormContext & ReleaseContext = {
      ...formContext,
      change: (field, value, splice) => {
        this.shown[field] = value;
        formContext.change(field, value, splice);
        const follower = followers.get(field);
        if (follower) this.controls.get(follower)?.releaseChanged?.();
      },
      valueOf: (field) => this.shown[field],
    };
    for (const { group, title } of GROUPS) {
      const members = fields.filter((f) => f.group === group);
      if (members.length === 0) continue;
      const headingId = `group-${group}`;
      const grid = h('div', { class: group === 'memos' ? 'memos' : 'grid' });
      for (const view of members) {
        const control = controlFor(view, ctx);
        if (view.hidden) control.row.classList.add('field-hidden');
        this.controls.set(view.name, control);
        grid.append(control.row);
      }
      const section = h('section', { class: `group group-${group}`, 'aria-labelledby': headingId }, h('h2', { id: headingId }, title), grid);
      if (members.every((m) => m.hidden)) section.classList.add('field-hidden');
      this.element.append(section);
    }
    const hidden = fields.filter((f) => f.hidden).length;
    if (hidden) this.element.append(this.showAllToggle(hidden));
  }

  /** Inactive fields and fields the ALM web client does not show stay out of sight until asked for, as there. */
  private showAllToggle(hidden: number): HTMLElement {
    const showLabel = l10n.t('Show all fields ({0} hidden)', hidden);
    const button = h('button', { class: 'button secondary show-all-fields', type: 'button', 'aria-pressed': 'false' }, showLabel);
    button.addEventListener('click', () => {
      const showing = this.element.classList.toggle('show-all');
      button.setAttribute('aria-pressed', String(showing));
      button.textContent = showing ? l10n.t('Hide fields the ALM web client hides') : showLabel;
    });
    return button;
  }

  setValues(values: ValuesParams): void {
    this.shown = {};
    for (const name of this.controls.keys()) this.shown[name] = Object.hasOwn(values.edits, name) ? values.edits[name] : values.server[name];
    for (const [name, control] of this.controls) {
      control.setValue(this.shown[name]);
      control.commentTaken?.(values.commentTaken);
    }
  }

  setStatus(status: StatusParams): void {
    const writable = status.lock.phase === 'editing';
    const problems = new Map<string, string>();
    for (const p of status.problems) if (p.field && !problems.has(p.field)) problems.set(p.field, p.message);
    for (const [name, control] of this.controls) {
      control.setWritable(writable);
      control.setDirty(status.dirty.includes(name));
      control.setProblem(problems.get(name));
      // A problem on a field out of sight (required by the server although its web client hides it) must be seen.
      if (problems.has(name) && control.row.classList.contains('field-hidden')) this.element.classList.add('show-all');
    }
  }

  /** Builds the inputs ahead of Edit, hidden, a few fields per idle period (the toolkit must be loaded). */
  prepare(): void {
    const pending = [...this.controls.values()].filter((c) => c.prepare !== undefined);
    const step = (deadline: IdleDeadline) => {
      do pending.shift()?.prepare?.();
      while (pending.length && deadline.timeRemaining() > 2);
      if (pending.length) requestIdleCallback(step);
    };
    if (pending.length) requestIdleCallback(step);
  }

  /** Sends edits still waiting in a debounce (before Save). */
  flush(): void {
    for (const control of this.controls.values()) control.flush?.();
  }

  /** Asks again for the memo images that could not be shown (the defect's attachments changed). */
  retryImages(): void {
    for (const control of this.controls.values()) control.retryImages?.();
  }

  focus(field: string): void {
    this.controls.get(field)?.focus();
  }

  /** Focuses `preferred` when it takes input, else the first field shown that does; false when none did. */
  focusForTyping(preferred: string | undefined): boolean {
    const writable = (c: FormControl | undefined): c is FormControl => c !== undefined && !c.view.readOnly && !c.row.classList.contains('field-hidden');
    const first = this.controls.get(preferred ?? '');
    const order = [...this.controls.values()].filter(writable);
    for (const control of writable(first) ? [first, ...order] : order) {
      control.focus();
      if (control.row.contains(document.activeElement)) return true;
    }
    return false;
  }
}

// The common shape of one field in the form: a labelled row (required marked, dirty marked,
// problem text, optional length counter) around an input that knows how to show and read a value.
import * as l10n from '@vscode/l10n';
import type { FieldView, WireValue } from '../../../src/shared/editorProtocol';
import type { MemoSplice } from '../../../src/shared/memoSplice';
import { NO_VALUE, fieldViewText } from '../../../src/shared/valueText';
import { h, setAttr, uid } from '../dom';

export interface ControlContext {
  /** The user changed the value; a long memo's change comes as `splice` too, which is what the host is sent. */
  change(field: string, value: WireValue, splice?: MemoSplice): void;
  /** Resolves an image of a memo to a data: URI through the extension. */
  resolveImage(src: string): Promise<string | undefined>;
  /** Opens a memo link through the extension. */
  openLink(href: string): void;
  /** VS Code's display language, for dates and numbers in read mode. */
  locale?: string;
}

export interface FieldControl {
  readonly view: FieldView;
  readonly row: HTMLElement;
  setValue(value: WireValue | undefined): void;
  setWritable(writable: boolean): void;
  /** Builds the input ahead of Edit, hidden (the page does this when idle once the toolkit is there). */
  prepare?(): void;
  setProblem(message: string | undefined): void;
  setDirty(dirty: boolean): void;
  focus(): void;
}

/** Accessible name of a field's input: its label, and "required" for screen readers. */
export function accessibleName(view: FieldView): string {
  return view.required ? l10n.t('{0} (required)', view.label) : view.label;
}

/**
 * Names an input for screen readers. The toolkit's text field and text area take their name from
 * their text content when they connect (overwriting any aria-label), so the name goes there too; the
 * label part they would draw is hidden by the stylesheet, since the row shows its own label.
 */
export function nameToolkitInput(input: HTMLElement, name: string): void {
  if (input.tagName === 'VSCODE-TEXT-FIELD' || input.tagName === 'VSCODE-TEXT-AREA') input.textContent = name;
  setAttr(input, 'aria-label', name);
}

/**
 * The labelled row; inputs go into `slot`. In read mode the slot shows the value as text
 * (`showText`): inputs are built the first time the field is writable, so a defect is shown without
 * building (or loading) the toolkit's components.
 */
export class FieldRow {
  readonly row: HTMLElement;
  readonly slot: HTMLElement;
  readonly inputId = uid('field');
  private readonly label: HTMLElement;
  private readonly text = h('div', { class: 'value' });
  private readonly problem: HTMLElement;
  private readonly counter: HTMLElement | undefined;
  /** The problem shown now: an input built later is marked with it too. */
  private message: string | undefined;

  constructor(
    readonly view: FieldView,
    options: { wide?: boolean } = {},
  ) {
    const label = h('label', { class: 'field-label', id: `${this.inputId}-label` }, view.label);
    if (view.required) label.append(h('span', { class: 'required', title: l10n.t('Required'), 'aria-hidden': 'true' }, ' *'));
    label.append(h('span', { class: 'dirty-mark', title: l10n.t('Changed'), 'aria-hidden': 'true' }, ' ●'));
    this.label = label;
    this.slot = h('div', { class: 'field-input' }, this.text);
    this.problem = h('div', { class: 'field-problem', id: `${this.inputId}-problem`, hidden: true });
    this.counter = view.maxLength !== undefined && view.input === 'text' && !view.readOnly ? h('span', { class: 'counter', 'aria-hidden': 'true' }) : undefined;
    // Why the field reads as an id (no releases on the server) stays in sight below it.
    const note = view.note ? h('div', { class: 'field-note' }, view.note) : null;
    this.row = h('div', { class: `field field-${view.input}${options.wide ? ' wide' : ''}`, 'data-field': view.name }, label, this.slot, this.counter ?? null, note, this.problem);
  }

  setProblem(message: string | undefined): void {
    this.message = message;
    this.problem.textContent = message ?? '';
    this.problem.hidden = !message;
    this.row.classList.toggle('invalid', Boolean(message));
  }

  setDirty(dirty: boolean): void {
    this.row.classList.toggle('dirty', dirty);
  }

  /** `12 / 255`, marked when over the maximum length. */
  count(length: number): void {
    if (!this.counter || this.view.maxLength === undefined) return;
    this.counter.textContent = `${length} / ${this.view.maxLength}`;
    this.counter.classList.toggle('over', length > this.view.maxLength);
  }

  /** The value shown in read mode, as every view writes it (src/shared/valueText.ts). */
  showValue(value: WireValue | undefined, locale: string | undefined): void {
    const text = fieldViewText(this.view, value, locale);
    this.text.textContent = text;
    this.text.classList.toggle('empty', text === NO_VALUE);
  }

  /** Read mode shows the text, editing the input (when it has one). */
  showInput(input: HTMLElement | undefined, editing: boolean): void {
    this.text.hidden = editing && input !== undefined;
    if (input) input.hidden = !editing;
    // "71 / 255" helps while typing; in read mode it is noise under every text field.
    if (this.counter) this.counter.hidden = !editing;
  }

  /** Wires the input's accessible name and state. */
  describe(input: HTMLElement): void {
    input.id = this.inputId;
    setAttr(this.label, 'for', this.inputId);
    nameToolkitInput(input, accessibleName(this.view));
    setAttr(input, 'aria-required', this.view.required ? 'true' : undefined);
  }

  /** Marks the input invalid, its tooltip the problem, while the row shows one; else clears both. */
  markInvalid(input: HTMLElement): void {
    setAttr(input, 'aria-invalid', this.message ? 'true' : undefined);
    setAttr(input, 'title', this.message);
  }
}

/**
 * A field's input, built the first time it is needed: when the field turns writable (Edit), or
 * ahead of it, hidden and locked (`prepare`). `lock` makes it read-only or editable again.
 */
export class LazyInput<T extends HTMLElement> {
  current: T | undefined;

  constructor(
    private readonly row: FieldRow,
    private readonly build: () => T,
    private readonly lock: (input: T, locked: boolean) => void,
  ) {}

  /** Shows the input (built if needed) when the field is writable, else the value as text; returns whether it is editable. */
  setWritable(writable: boolean): boolean {
    const editing = writable && !this.row.view.readOnly;
    if (editing) this.current ??= this.build();
    if (this.current) this.lock(this.current, !editing);
    this.row.showInput(this.current, editing);
    return editing;
  }

  prepare(): void {
    if (this.current || this.row.view.readOnly) return;
    this.current = this.build();
    this.lock(this.current, true);
    this.row.showInput(this.current, false);
  }
}

/**
 * The FieldControl methods of a field with one lazily built input (text, date, dropdown, release
 * picker): Edit and prepare build it, a problem shows on the row and marks the input, focus goes to it.
 */
export function lazyInputMethods<T extends HTMLElement>(row: FieldRow, input: LazyInput<T>): Pick<FieldControl, 'setWritable' | 'prepare' | 'setProblem' | 'setDirty' | 'focus'> {
  return {
    setWritable: (writable) => void input.setWritable(writable),
    prepare: () => input.prepare(),
    setProblem(message) {
      row.setProblem(message);
      if (input.current) row.markInvalid(input.current);
    },
    setDirty: (d) => row.setDirty(d),
    focus: () => input.current?.focus(),
  };
}

// Choices: a dropdown of a list's values (hierarchical values shown with their path), a user
// picker, and a multi-select as a group of checkboxes for multi-valued list fields.
import * as l10n from '@vscode/l10n';
import type { FieldView, ListOption } from '../../../src/shared/editorProtocol';
import { h, setAttr } from '../dom';
import type { ControlContext, FieldControl } from './control';
import { FieldRow, LazyInput, accessibleName, lazyInputMethods } from './control';
import { userTypeAheadMatches } from './userTypeAhead';
import type { TypeAheadOption } from './userTypeAhead';

interface DropdownElement extends HTMLElement {
  value: string;
}
interface CheckboxElement extends HTMLElement {
  checked: boolean;
}

const NONE = '';

/** The toolkit's dropdown (FAST's listbox) as far as its type-ahead goes. */
interface TypeAheadListbox {
  typeaheadBuffer: string;
  options: TypeAheadOption[];
  getTypeaheadMatches(): TypeAheadOption[];
}

/**
 * Makes a user dropdown's type-ahead find users by login name too: the toolkit asks this
 * instance's `getTypeaheadMatches()` on every key typed, which matched the shown text only.
 */
function matchLoginNames(dropdown: HTMLElement): void {
  const listbox = dropdown as unknown as TypeAheadListbox;
  listbox.getTypeaheadMatches = () => userTypeAheadMatches(listbox.options, listbox.typeaheadBuffer ?? '');
}

/** Options plus the current value when the server holds one the list does not (still shown, never lost). */
function optionsWith(options: readonly ListOption[], current: string): ListOption[] {
  if (!current || options.some((o) => o.value === current)) return [...options];
  return [...options, { value: current, path: l10n.t('{0} (not in the list)', current) }];
}

export function dropdownControl(view: FieldView, ctx: ControlContext): FieldControl {
  const row = new FieldRow(view);
  let current = '';
  let rendered = '\u0000';
  // The options are built with the dropdown, on the first Edit, and again only when the value needs another list.
  const render = (dropdown: DropdownElement) => {
    if (rendered !== current) {
      rendered = current;
      const options = document.createDocumentFragment();
      // An empty choice lets the user clear a field; a required one shows it only while empty.
      if (!view.required || !current) options.append(h('vscode-option', { value: NONE }, view.required ? l10n.t('(choose)') : l10n.t('(none)')));
      for (const o of optionsWith(view.options ?? [], current)) options.append(h('vscode-option', { value: o.value, title: o.path }, o.path));
      dropdown.replaceChildren(options);
    }
    // The toolkit applies a value only once its options exist.
    const value = current;
    queueMicrotask(() => {
      if (dropdown.value !== value) dropdown.value = value;
    });
  };
  // The toolkit also fires `change` when a value is set from code: only a value the host does not know yet is sent.
  let known = '';
  const build = (): DropdownElement => {
    const dropdown = h('vscode-dropdown', { class: 'input', position: 'below' }) as DropdownElement;
    if (view.input === 'user') matchLoginNames(dropdown);
    row.describe(dropdown);
    row.markInvalid(dropdown);
    render(dropdown);
    row.slot.append(dropdown);
    dropdown.addEventListener('change', () => {
      if (dropdown.value === known) return;
      known = dropdown.value;
      ctx.change(view.name, dropdown.value === NONE ? null : dropdown.value);
    });
    return dropdown;
  };
  const select = new LazyInput(row, build, (dropdown, locked) => setAttr(dropdown, 'disabled', locked));
  return {
    view,
    row: row.row,
    setValue(value) {
      current = typeof value === 'string' ? value : '';
      known = current;
      row.showValue(current, ctx.locale);
      if (select.current) render(select.current);
    },
    ...lazyInputMethods(row, select),
  };
}

export function multiSelectControl(view: FieldView, ctx: ControlContext): FieldControl {
  const row = new FieldRow(view);
  let values: readonly string[] = [];
  let problem: string | undefined;
  const boxes = new Map<string, CheckboxElement>();
  let writable = false;
  const selected = () => [...boxes].filter(([, b]) => b.checked).map(([v]) => v);
  // As with the dropdown: checkboxes set from code fire `change` too; send only news.
  let known = '';
  let muted = false;
  const changed = () => {
    if (muted) return;
    const now = selected();
    if (now.join('\u0000') === known) return;
    known = now.join('\u0000');
    ctx.change(view.name, now);
  };
  const render = (into: HTMLElement) => {
    const wanted = optionsWith(view.options ?? [], '');
    for (const v of values) if (!wanted.some((o) => o.value === v)) wanted.push({ value: v, path: l10n.t('{0} (not in the list)', v) });
    if (!(wanted.length === boxes.size && wanted.every((o) => boxes.has(o.value)))) {
      boxes.clear();
      const items = document.createDocumentFragment();
      for (const o of wanted) {
        const box = h('vscode-checkbox', { value: o.value, disabled: !writable }, o.path) as CheckboxElement;
        box.addEventListener('change', changed);
        boxes.set(o.value, box);
        items.append(box);
      }
      into.replaceChildren(items);
    }
    muted = true;
    try {
      for (const [v, box] of boxes) box.checked = values.includes(v);
    } finally {
      muted = false;
    }
    known = selected().join('\u0000');
  };
  const build = (): HTMLElement => {
    const built = h('div', { class: 'input multi', role: 'group', 'aria-label': accessibleName(view), id: row.inputId });
    setAttr(built, 'aria-invalid', problem ? 'true' : undefined);
    render(built);
    row.slot.append(built);
    return built;
  };
  // Checkboxes rendered later (another list of values) take the group's state from `writable`.
  const group = new LazyInput(row, build, (_group, locked) => {
    writable = !locked;
    for (const box of boxes.values()) setAttr(box, 'disabled', locked);
  });
  return {
    view,
    row: row.row,
    setValue(value) {
      values = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
      row.showValue([...values], ctx.locale);
      if (group.current) render(group.current);
    },
    setWritable: (w) => void group.setWritable(w),
    prepare: () => group.prepare(),
    setProblem(message) {
      problem = message;
      row.setProblem(message);
      if (group.current) setAttr(group.current, 'aria-invalid', message ? 'true' : undefined);
    },
    setDirty: (d) => row.setDirty(d),
    focus: () => boxes.values().next().value?.focus(),
  };
}

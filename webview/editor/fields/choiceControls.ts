// Choices: a dropdown of a list's values (hierarchical values shown with their path), a user
// picker, and a multi-select as a group of checkboxes for multi-valued list fields.
import * as l10n from '@vscode/l10n';
import type { FieldView, ListOption } from '../../../src/shared/editorProtocol';
import { clear, h, setAttr } from '../dom';
import type { ControlContext, FieldControl } from './control';
import { FieldRow, accessibleName } from './control';

interface DropdownElement extends HTMLElement {
  value: string;
}
interface CheckboxElement extends HTMLElement {
  checked: boolean;
}

const NONE = '';

/** Options plus the current value when the server holds one the list does not (still shown, never lost). */
function optionsWith(options: readonly ListOption[], current: string): ListOption[] {
  if (!current || options.some((o) => o.value === current)) return [...options];
  return [...options, { value: current, path: l10n.t('{0} (not in the list)', current) }];
}

export function dropdownControl(view: FieldView, ctx: ControlContext): FieldControl {
  const row = new FieldRow(view);
  const select = h('vscode-dropdown', { class: 'input', disabled: true, position: 'below' }) as DropdownElement;
  row.describe(select);
  row.slot.append(select);
  let rendered = '\u0000';
  const render = (current: string) => {
    const key = current;
    if (rendered === key) return;
    rendered = key;
    clear(select);
    // An empty choice lets the user clear a field; a required one shows it only while empty.
    if (!view.required || !current) select.append(h('vscode-option', { value: NONE }, view.required ? l10n.t('(choose)') : l10n.t('(none)')));
    for (const o of optionsWith(view.options ?? [], current)) {
      select.append(h('vscode-option', { value: o.value, title: o.path }, o.path));
    }
  };
  // The toolkit also fires `change` when a value is set from code: only a value the host does not know yet is sent.
  let known = '';
  select.addEventListener('change', () => {
    if (select.value === known) return;
    known = select.value;
    ctx.change(view.name, select.value === NONE ? null : select.value);
  });
  return {
    view,
    row: row.row,
    setValue(value) {
      const current = typeof value === 'string' ? value : '';
      known = current;
      render(current);
      // The toolkit applies a value only once its options exist.
      queueMicrotask(() => {
        if (select.value !== current) select.value = current;
      });
    },
    setWritable(writable) {
      setAttr(select, 'disabled', !writable || view.readOnly);
    },
    setProblem(message) {
      row.setProblem(message);
      row.markInvalid(select, message);
    },
    setDirty: (d) => row.setDirty(d),
    focus: () => select.focus(),
  };
}

export function multiSelectControl(view: FieldView, ctx: ControlContext): FieldControl {
  const row = new FieldRow(view);
  const group = h('div', { class: 'input multi', role: 'group', 'aria-label': accessibleName(view), id: row.inputId });
  row.slot.append(group);
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
  const render = (values: readonly string[]) => {
    const wanted = optionsWith(view.options ?? [], '');
    for (const v of values) if (!wanted.some((o) => o.value === v)) wanted.push({ value: v, path: l10n.t('{0} (not in the list)', v) });
    if (wanted.length === boxes.size && wanted.every((o) => boxes.has(o.value))) return;
    clear(group);
    boxes.clear();
    for (const o of wanted) {
      const box = h('vscode-checkbox', { value: o.value, disabled: !writable }, o.path) as CheckboxElement;
      box.addEventListener('change', changed);
      boxes.set(o.value, box);
      group.append(box);
    }
  };
  return {
    view,
    row: row.row,
    setValue(value) {
      const values = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
      render(values);
      muted = true;
      try {
        for (const [v, box] of boxes) box.checked = values.includes(v);
      } finally {
        muted = false;
      }
      known = selected().join('\u0000');
    },
    setWritable(w) {
      writable = w && !view.readOnly;
      for (const box of boxes.values()) setAttr(box, 'disabled', !writable);
    },
    setProblem(message) {
      row.setProblem(message);
      setAttr(group, 'aria-invalid', message ? 'true' : undefined);
    },
    setDirty: (d) => row.setDirty(d),
    focus: () => boxes.values().next().value?.focus(),
  };
}

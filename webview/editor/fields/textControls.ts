// Text-like inputs on the toolkit's text field: plain text (with a length counter), integers,
// floats, and resource references typed as an id. Numbers that do not parse are sent as typed,
// so validation can name the problem instead of the form silently dropping the input.
import * as l10n from '@vscode/l10n';
import type { FieldView, WireValue } from '../../../src/shared/editorProtocol';
import { h, setAttr } from '../dom';
import type { ControlContext, FieldControl } from './control';
import { FieldRow } from './control';

interface TextFieldElement extends HTMLElement {
  value: string;
}

function display(value: WireValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return String(value.id);
  return String(value);
}

/** What the user typed, as the value to send. */
function parseTyped(view: FieldView, text: string): WireValue {
  const t = text.trim();
  if (view.input === 'text') return text === '' ? null : text;
  if (t === '') return null;
  if (view.input === 'integer') return /^-?\d+$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : t;
  if (view.input === 'float') return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : t;
  if (view.input === 'resource') return /^\d+$/.test(t) ? { type: view.resourceType ?? 'resource', id: Number(t) } : t;
  return text;
}

export function textControl(view: FieldView, ctx: ControlContext): FieldControl {
  const row = new FieldRow(view);
  const input = h('vscode-text-field', { class: 'input', readonly: true }) as TextFieldElement;
  if (view.input === 'integer') setAttr(input, 'inputmode', 'numeric');
  if (view.input === 'float') setAttr(input, 'inputmode', 'decimal');
  if (view.input === 'resource') setAttr(input, 'placeholder', l10n.t('{0} id', view.resourceType ?? l10n.t('item')));
  row.describe(input);
  row.slot.append(input);
  if (view.input === 'resource') row.slot.append(h('span', { class: 'hint' }, `${view.resourceType ?? l10n.t('item')} #`));
  input.addEventListener('input', () => {
    row.count(input.value.length);
    ctx.change(view.name, parseTyped(view, input.value));
  });
  return {
    view,
    row: row.row,
    setValue(value) {
      const text = display(value);
      if (input.value !== text) input.value = text;
      row.count(text.length);
    },
    setWritable(writable) {
      setAttr(input, 'readonly', !writable || view.readOnly);
    },
    setProblem(message) {
      row.setProblem(message);
      row.markInvalid(input, message);
    },
    setDirty: (d) => row.setDirty(d),
    focus: () => input.focus(),
  };
}

/** A native date input (the toolkit has no date picker), styled with the theme's input colours. */
export function dateControl(view: FieldView, ctx: ControlContext): FieldControl {
  const row = new FieldRow(view);
  const input = h('input', { type: 'date', class: 'input native', readonly: true });
  row.describe(input);
  row.slot.append(input);
  input.addEventListener('input', () => ctx.change(view.name, input.value === '' ? null : input.value));
  return {
    view,
    row: row.row,
    setValue(value) {
      const text = typeof value === 'string' ? value.slice(0, 10) : '';
      if (input.value !== text) input.value = text;
    },
    setWritable(writable) {
      input.readOnly = !writable || view.readOnly;
    },
    setProblem(message) {
      row.setProblem(message);
      row.markInvalid(input, message);
    },
    setDirty: (d) => row.setDirty(d),
    focus: () => input.focus(),
  };
}

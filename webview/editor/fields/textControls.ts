// Text-like inputs on the toolkit's text field: plain text (with a length counter), integers,
// floats, and resource references typed as an id. Numbers that do not parse are sent as typed,
// so validation can name the problem instead of the form silently dropping the input. Read mode
// shows the value as text; the input is built on the first Edit.
import * as l10n from '@vscode/l10n';
import type { FieldView, WireValue } from '../../../src/shared/editorProtocol';
import { h, setAttr } from '../dom';
import type { ControlContext, FieldControl } from './control';
import { FieldRow, LazyInput, lazyInputMethods } from './control';

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
  const hint = h('span', { class: 'hint' }, `${view.resourceType ?? l10n.t('item')} #`);
  let text = '';
  const build = (): TextFieldElement => {
    const field = h('vscode-text-field', { class: 'input', readonly: true }) as TextFieldElement;
    if (view.input === 'integer') setAttr(field, 'inputmode', 'numeric');
    if (view.input === 'float') setAttr(field, 'inputmode', 'decimal');
    if (view.input === 'resource') setAttr(field, 'placeholder', l10n.t('{0} id', view.resourceType ?? l10n.t('item')));
    row.describe(field);
    row.markInvalid(field);
    field.value = text;
    row.slot.append(field);
    if (view.input === 'resource') row.slot.append(hint);
    field.addEventListener('input', () => {
      row.count(field.value.length);
      ctx.change(view.name, parseTyped(view, field.value));
    });
    return field;
  };
  const input = new LazyInput(row, build, (field, locked) => {
    setAttr(field, 'readonly', locked);
    // "environment #" says what to type while editing; read mode shows the reference as every view does.
    hint.hidden = locked;
  });
  return {
    view,
    row: row.row,
    setValue(value) {
      text = display(value);
      row.showValue(value, ctx.locale);
      if (input.current && input.current.value !== text) input.current.value = text;
      row.count(text.length);
    },
    ...lazyInputMethods(row, input),
  };
}

/** A native date input (the toolkit has no date picker), styled with the theme's input colours. */
export function dateControl(view: FieldView, ctx: ControlContext): FieldControl {
  const row = new FieldRow(view);
  let text = '';
  const build = (): HTMLInputElement => {
    const field = h('input', { type: 'date', class: 'input native' });
    row.describe(field);
    row.markInvalid(field);
    field.value = text;
    row.slot.append(field);
    field.addEventListener('input', () => ctx.change(view.name, field.value === '' ? null : field.value));
    return field;
  };
  const input = new LazyInput(row, build, (field, locked) => (field.readOnly = locked));
  return {
    view,
    row: row.row,
    setValue(value) {
      text = typeof value === 'string' ? value.slice(0, 10) : '';
      row.showValue(value, ctx.locale);
      if (input.current && input.current.value !== text) input.current.value = text;
    },
    ...lazyInputMethods(row, input),
  };
}

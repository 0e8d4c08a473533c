// The field-by-field choice after the defect changed on the server: each row shows the server's
// value beside the user's, with a radio pair to choose; nothing is sent until the user decides.
import * as l10n from '@vscode/l10n';
import type { ConflictChoice, ConflictView, FieldView } from '../../src/shared/editorProtocol';
import { conflictValueText } from './conflictText';
import { button, h, textOfHtml } from './dom';

interface RadioGroupElement extends HTMLElement {
  value: string;
}

export function conflictPanel(
  conflict: ConflictView,
  fields: readonly FieldView[],
  locale: string | undefined,
  actions: { resolve(choices: Record<string, ConflictChoice>): void; dismiss(): void },
): HTMLElement {
  const groups = new Map<string, RadioGroupElement>();
  const rows = conflict.rows.map((row) => {
    const view = fields.find((f) => f.name === row.field);
    const initial: ConflictChoice = row.changedByMe ? 'mine' : 'server';
    const group = h('vscode-radio-group', { 'aria-label': l10n.t('Keep which value of {0}?', row.label), value: initial }) as RadioGroupElement;
    group.append(h('vscode-radio', { value: 'server', checked: initial === 'server' }, l10n.t('Server')), h('vscode-radio', { value: 'mine', checked: initial === 'mine' }, l10n.t('Mine')));
    groups.set(row.field, group);
    const note = row.changedByMe && row.changedOnServer ? l10n.t('changed on both sides') : row.changedOnServer ? l10n.t('changed on the server') : l10n.t('changed by you');
    return h(
      'tr',
      { 'data-field': row.field, class: row.changedByMe && row.changedOnServer ? 'both' : '' },
      h('th', { scope: 'row' }, row.label, h('div', { class: 'note' }, note)),
      h('td', { class: 'server-value' }, conflictValueText(row.server, view, locale, textOfHtml)),
      h('td', { class: 'mine-value' }, conflictValueText(row.mine, view, locale, textOfHtml)),
      h('td', {}, group),
    );
  });
  const choose = () => {
    const choices: Record<string, ConflictChoice> = {};
    for (const [field, group] of groups) {
      const checked = group.querySelector<HTMLElement & { checked: boolean; value: string }>('vscode-radio[checked], vscode-radio[aria-checked="true"]');
      const value = group.value || checked?.value;
      choices[field] = value === 'server' ? 'server' : 'mine';
    }
    actions.resolve(choices);
  };
  const save = button('primary', {}, l10n.t('Save with these choices'));
  const back = button('secondary', {}, l10n.t('Back to editing'));
  save.addEventListener('click', choose);
  back.addEventListener('click', () => actions.dismiss());
  const title = h('h2', { id: 'conflict-title' }, l10n.t('This defect changed on the server since you started editing'));
  return h(
    'section',
    { class: 'conflict', role: 'region', 'aria-labelledby': 'conflict-title' },
    title,
    h('p', {}, l10n.t('Choose, field by field, which value to keep (server version {0}). Nothing is saved until you confirm.', conflict.serverVerStamp ?? '?')),
    h(
      'table',
      { class: 'conflict-table' },
      h(
        'thead',
        {},
        h('tr', {}, h('th', { scope: 'col' }, l10n.t('Field')), h('th', { scope: 'col' }, l10n.t('Server')), h('th', { scope: 'col' }, l10n.t('Mine')), h('th', { scope: 'col' }, l10n.t('Keep'))),
      ),
      h('tbody', {}, ...rows),
    ),
    h('div', { class: 'actions' }, save, back),
  );
}

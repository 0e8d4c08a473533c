// The release and cycle pickers: a release field lists the project's releases by name and dates,
// current ones first; a cycle field lists the cycles of the release chosen in its release field
// (every cycle, grouped by release, when none is chosen). Read mode shows the name. A native
// select (with groups, which the toolkit's dropdown lacks) in the theme's input colours.
import * as l10n from '@vscode/l10n';
import type { FieldView, ReleaseOption, WireValue } from '../../../src/shared/editorProtocol';
import { referenceId } from '../../../src/shared/valueText';
import { h, setAttr } from '../dom';
import type { ControlContext, FieldControl } from './control';
import { FieldRow, LazyInput, lazyInputMethods } from './control';

/** What a release picker needs beyond a field's context: the form's current value of another field. */
export interface ReleaseContext extends ControlContext {
  valueOf(field: string): WireValue | undefined;
}

export type ReleaseControl = FieldControl & {
  /** The release field it follows changed: offer that release's cycles. */
  releaseChanged(): void;
};

const NONE = '';

/** "Release 2 · 2026-01-01 – 2026-06-30 · current". */
function optionText(o: ReleaseOption): string {
  return [o.name, o.dates, o.current ? l10n.t('current') : ''].filter(Boolean).join(' · ');
}

export function releaseControl(view: FieldView, ctx: ReleaseContext): ReleaseControl {
  const row = new FieldRow(view);
  const all = view.releases ?? [];
  let current: number | undefined;

  /** The options offered now: a cycle field's follow its release field's value. */
  const offered = (): { groups: [string, ReleaseOption[]][]; flat: boolean } => {
    if (view.input !== 'cycle') return { groups: [['', all]], flat: true };
    const release = view.releaseField ? referenceId(ctx.valueOf(view.releaseField)) : undefined;
    if (release !== undefined) return { groups: [['', all.filter((c) => c.releaseId === release)]], flat: true };
    const byRelease = new Map<string, ReleaseOption[]>();
    for (const c of all) {
      const name = c.releaseName ?? l10n.t('Release #{0}', c.releaseId ?? '?');
      byRelease.set(name, [...(byRelease.get(name) ?? []), c]);
    }
    return { groups: [...byRelease], flat: false };
  };

  const render = (select: HTMLSelectElement) => {
    const { groups, flat } = offered();
    const options: HTMLElement[] = [h('option', { value: NONE }, view.required ? l10n.t('(choose)') : l10n.t('(none)'))];
    for (const [label, items] of groups) {
      const children = items.map((o) => h('option', { value: String(o.id), title: optionText(o) }, optionText(o)));
      options.push(...(flat ? children : [h('optgroup', { label }, ...children)]));
    }
    // A value the list does not hold (another release's cycle, an unknown id) is kept and shown as such.
    if (current !== undefined && !groups.some(([, items]) => items.some((o) => o.id === current))) {
      const known = all.find((o) => o.id === current);
      options.push(h('option', { value: String(current) }, l10n.t('{0} (not in the list)', known ? known.name : `#${current}`)));
    }
    select.replaceChildren(...options);
    select.value = current === undefined ? NONE : String(current);
  };

  const build = (): HTMLSelectElement => {
    const select = h('select', { class: 'input native release-picker' });
    row.describe(select);
    row.markInvalid(select);
    render(select);
    row.slot.append(select);
    select.addEventListener('change', () => {
      current = select.value === NONE ? undefined : Number(select.value);
      ctx.change(view.name, current === undefined ? null : { type: view.resourceType ?? (view.input === 'cycle' ? 'release-cycle' : 'release'), id: current });
    });
    return select;
  };
  const input = new LazyInput(row, build, (select, locked) => setAttr(select, 'disabled', locked));
  return {
    view,
    row: row.row,
    setValue(value) {
      current = referenceId(value);
      row.showValue(current ?? null, ctx.locale);
      if (input.current) render(input.current);
    },
    releaseChanged() {
      if (input.current) render(input.current);
    },
    ...lazyInputMethods(row, input),
  };
}

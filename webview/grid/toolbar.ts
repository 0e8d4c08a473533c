// Above the grid: the result's title and size, the commands (columns, grouping, update, export,
// reload) and, when grouped, one button per group with its count (the grid shows that group).
import * as l10n from '@vscode/l10n';
import type { GridGrouping } from '../../src/shared/gridProtocol';
import { button, el } from './dom';

export interface ToolbarActions {
  chooseColumns(): void;
  groupBy(): void;
  showGroup(value: string | null | undefined): void;
  updateSelected(): void;
  exportCsv(): void;
  reload(): void;
  /** The problem banner's Retry: asks again for what failed. */
  retry(): void;
}

export class Toolbar {
  readonly element = el('div', { class: 'grid-toolbar', role: 'toolbar', 'aria-label': l10n.t('Defects grid') });
  readonly groups = el('div', { class: 'grid-groups', role: 'group' });
  private readonly title = el('h1', { class: 'grid-title' });
  private readonly count = el('span', { class: 'grid-count', role: 'status', 'aria-live': 'polite' });
  /**
   * Problems (pages that failed, or the grid that could not open): the server's reason, said once
   * here with Retry, until the next success; the rows it left empty only say they are not loaded.
   */
  readonly problem = el('div', { class: 'grid-problem', role: 'alert' });
  private readonly problemText = el('span', { class: 'grid-problem-text' });

  constructor(actions: ToolbarActions) {
    this.problem.hidden = true;
    this.problem.append(
      this.problemText,
      button(l10n.t('Retry'), l10n.t('Ask the server again for the rows that failed'), () => actions.retry()),
    );
    this.groups.hidden = true;
    this.element.append(
      this.title,
      this.count,
      el('span', { class: 'grid-spacer-flex' }),
      button(l10n.t('Columns…'), l10n.t('Choose the columns'), () => actions.chooseColumns()),
      button(l10n.t('Group by…'), l10n.t('Group the defects by a field, with counts'), () => actions.groupBy()),
      button(l10n.t('Update Selected…'), l10n.t('Change fields of the selected defects'), () => actions.updateSelected()),
      button(l10n.t('Export to CSV…'), l10n.t('Write the whole result with these columns to a CSV file'), () => actions.exportCsv()),
      button(l10n.t('Reload'), l10n.t('Read the defects and field names again'), () => actions.reload()),
    );
    this.showGroup = (value) => actions.showGroup(value);
  }

  private readonly showGroup: (value: string | null | undefined) => void;

  setTitle(title: string): void {
    this.title.textContent = title;
    document.title = title;
  }

  setCount(total: number | undefined, selected: number): void {
    this.counted = { total, selected };
    const format = this.numbers;
    if (!format) return this.countLater();
    const parts = [total === undefined ? l10n.t('counting…') : total === 1 ? l10n.t('1 defect') : l10n.t('{0} defects', format.format(total))];
    if (selected) parts.push(l10n.t('{0} selected', format.format(selected)));
    this.count.textContent = parts.join(' · ');
  }

  private counted: { total: number | undefined; selected: number } = { total: undefined, selected: 0 };
  /** The user's number format, made after the first rows are painted. */
  private numbers: Intl.NumberFormat | undefined;
  private countPending = false;

  /**
   * A page's first number format costs about 10 ms (the locale's data is loaded), as long as
   * drawing the first rows: the count is written after the frame that paints them.
   */
  private countLater(): void {
    if (this.countPending) return;
    this.countPending = true;
    requestAnimationFrame(() =>
      setTimeout(() => {
        this.numbers = new Intl.NumberFormat();
        this.setCount(this.counted.total, this.counted.selected);
      }),
    );
  }

  setProblem(message: string | undefined): void {
    this.problem.hidden = !message;
    this.problemText.textContent = message ?? '';
  }

  setGrouping(grouping: GridGrouping | undefined): void {
    this.groups.hidden = !grouping;
    this.groups.replaceChildren();
    if (!grouping) return;
    this.groups.setAttribute('aria-label', l10n.t('Groups by {0}', grouping.label));
    const more = grouping.more;
    const total = grouping.groups.reduce((n, g) => n + g.count, more?.count ?? 0);
    const chip = (label: string, count: number, value: string | null | undefined) => {
      const b = button(`${label} (${count.toLocaleString()})`, label, () => this.showGroup(value));
      b.classList.add('grid-group');
      b.setAttribute('aria-pressed', String(grouping.selected === value));
      return b;
    };
    // One by one: spreading thousands of chips into one append() call overflows the stack.
    this.groups.append(el('span', { class: 'grid-groups-label' }, `${grouping.label}:`), chip(l10n.t('All'), total, undefined));
    for (const g of grouping.groups) this.groups.append(chip(g.label, g.count, g.value));
    if (more) this.groups.append(el('span', { class: 'grid-groups-more' }, l10n.t('… and {0} more values ({1} defects)', more.values.toLocaleString(), more.count.toLocaleString())));
  }
}

// What Enter in a multi-select pick accepts (pickMany.ts); apart from it so that it can be tested without VS Code.

/** The parts of a quick-pick row the choice reads. */
export interface PickRow {
  label: string;
  description?: string;
  alwaysShow?: boolean;
}

/**
 * What Enter accepts: the checked items; with none checked and text typed, the highlighted row, else
 * the one row whose label (or description) holds the text; 'several' or 'none' when the text names
 * several rows or none (the pick then stays open rather than read the text as "nothing checked").
 */
export function acceptedItems<T extends PickRow>(items: readonly T[], selected: readonly T[], active: readonly T[], typed: string, matchOnDescription: boolean): T[] | 'several' | 'none' {
  if (selected.length > 0 || typed.trim() === '') return items.filter((i) => selected.includes(i));
  if (active[0] && !active[0].alwaysShow) return [active[0]];
  const needle = typed.trim().toLocaleLowerCase();
  const matches = items.filter((i) => !i.alwaysShow && [i.label, matchOnDescription ? i.description : undefined].some((t) => t?.toLocaleLowerCase().includes(needle)));
  const exact = matches.filter((i) => i.label.toLocaleLowerCase() === needle);
  if (exact.length === 1) return exact;
  if (matches.length === 1) return matches;
  return matches.length === 0 ? 'none' : 'several';
}

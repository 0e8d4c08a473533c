// The open grids following the defect events (defects/events.ts): a save made anywhere in the
// extension shows in the rows that hold the defect, many changes at once make a grouped grid count
// again, and a deletion reads the grid's rows again. No `vscode` import.
import type { Defect } from '../api';
import type { DefectEventStream } from '../defects/events';
import type { DefectRef, ProjectRefKey } from '../defects/refs';

/** An open grid as the events reach it (its GridController). */
export interface EventTarget {
  defectSaved(ref: DefectRef, defect: Defect): Promise<void>;
  defectsChanged(project: ProjectRefKey): Promise<void>;
  recheck(): void;
}

/** Each open grid (`grids()` is read at every event) hears the events; a grid failing is logged, never thrown at the writer. */
export function followDefectEvents(events: DefectEventStream, grids: () => Iterable<EventTarget>, log: { warn(message: string): void }): { dispose(): void } {
  const subscriptions = [
    events.onDidSave(({ ref, defect }) => {
      for (const g of grids()) void g.defectSaved(ref, defect).catch((e: unknown) => log.warn(`defect ${ref.id} saved; the grid could not show it: ${String(e)}`));
    }),
    events.onDidChange((project) => {
      for (const g of grids()) void g.defectsChanged(project).catch((e: unknown) => log.warn(`defects changed; the grid could not count its groups again: ${String(e)}`));
    }),
    events.onDidDelete(() => {
      for (const g of grids()) g.recheck();
    }),
  ];
  return { dispose: () => subscriptions.forEach((s) => s.dispose()) };
}

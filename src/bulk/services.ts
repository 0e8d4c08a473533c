// What "Update Selected" needs from the rest of the extension, handed in by activate(): the project
// API of a configured server, whether this window's editor holds a defect, the tree's selected
// defect rows, where saved defects are announced (tree rows, open editors, the grid), the log and
// the prompts. Nothing here reads settings or windows itself.
import type { Defect, ProjectApi } from '../api/index';
import type { DefectRef, ProjectRefKey } from '../defects/refs';
import type { BulkPrompts } from './prompts';

interface BulkLog {
  error(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
}

export interface BulkServices {
  project(ref: ProjectRefKey): Promise<ProjectApi>;
  /** Whether a defect editor of this window holds (or is taking) the defect's lock. */
  editingHere(ref: DefectRef): boolean;
  /** The defect rows selected in the ALM tree (the palette's command acts on them). */
  selectedDefects(): DefectRef[];
  /** A defect was saved: `defect` is the server's copy after the update. */
  defectSaved(ref: DefectRef, defect: Defect): void;
  /** A run changed defects of `project`: views count their groups again (once a run, not per defect). */
  defectsChanged(project: ProjectRefKey): void;
  log: BulkLog;
  prompts(): BulkPrompts;
  /** The BCP 47 locale values are shown in. */
  locale(): string;
}

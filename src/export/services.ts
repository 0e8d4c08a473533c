// What "Export to CSV…" needs from the rest of the extension, handed in by activate().
import type { ProjectApi } from '../api/index';
import type { ExportRequest } from '../defects/defectQuery';
import type { ProjectRefKey } from '../defects/refs';

export interface ExportPrompts {
  /** Where to write the file; undefined when the user cancelled. */
  saveTarget(suggested: string): Promise<string | undefined>;
}

export interface ExportServices {
  project(ref: ProjectRefKey): Promise<ProjectApi>;
  /** `almDefects.csvExport.byteOrderMark`. */
  byteOrderMark(): boolean;
  /** `almDefects.csvExport.guardFormulas`. */
  guardFormulas(): boolean;
  locale(): string;
  log: { error(message: string): void; info(message: string): void };
  prompts(): ExportPrompts;
  /** The result and columns to write for an argument that is not an ExportRequest (a tree node, a project); undefined: cancelled. */
  requestFor(arg: unknown): Promise<ExportRequest | undefined>;
}

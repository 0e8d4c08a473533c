// Defect events: the one place the extension announces what happened to defects, and the one place
// the views hear it. A feature that writes (the editor's save, Update Selected, the chat tools,
// Start Work) announces here; a feature that shows defects (the tree, the grid, an open editor)
// listens here. Neither knows the other: the grid does not hear saves through the tree, nor the
// chat announce through the bulk update. Built once at activation. No `vscode` import.
import type { Defect } from '../api';
import { Emitter } from '../util/emitter';
import type { Event } from '../util/emitter';
import type { DefectRef, ProjectRefKey } from './refs';

/** Which feature wrote: a listener may skip its own writes (the editor that saved has the copy already). */
export type DefectEventSource = 'editor' | 'bulk' | 'chat' | 'work';

/** A defect was written; `defect` is the server's copy after the write. */
export interface DefectSaved {
  ref: DefectRef;
  defect: Defect;
  source: DefectEventSource;
}

/** A defect no longer exists on the server. */
export interface DefectDeleted {
  ref: DefectRef;
  source: DefectEventSource;
}

/** The hub as a listener sees it. */
export interface DefectEventStream {
  /** A defect was saved: views holding it show the server's copy. */
  readonly onDidSave: Event<DefectSaved>;
  /** Many defects of a project changed at once (Update Selected): grouped views count their groups again. */
  readonly onDidChange: Event<ProjectRefKey>;
  /** A defect was deleted: views drop it. */
  readonly onDidDelete: Event<DefectDeleted>;
}

/** The hub; dispose it with the extension (listeners are let go). */
export class DefectEvents implements DefectEventStream {
  private readonly savedEmitter = new Emitter<DefectSaved>();
  private readonly changedEmitter = new Emitter<ProjectRefKey>();
  private readonly deletedEmitter = new Emitter<DefectDeleted>();
  private disposed = false;

  readonly onDidSave = this.savedEmitter.event;
  readonly onDidChange = this.changedEmitter.event;
  readonly onDidDelete = this.deletedEmitter.event;

  saved(ref: DefectRef, defect: Defect, source: DefectEventSource): void {
    if (!this.disposed) this.savedEmitter.fire({ ref: plainRef(ref), defect, source });
  }

  changed(project: ProjectRefKey): void {
    if (!this.disposed) this.changedEmitter.fire({ server: project.server, domain: project.domain, project: project.project });
  }

  deleted(ref: DefectRef, source: DefectEventSource): void {
    if (!this.disposed) this.deletedEmitter.fire({ ref: plainRef(ref), source });
  }

  /** `saved` for one writer, in the `(ref, defect)` shape the writers' services take. */
  announcer(source: DefectEventSource): (ref: DefectRef, defect: Defect) => void {
    return (ref, defect) => this.saved(ref, defect, source);
  }

  dispose(): void {
    this.disposed = true;
    this.savedEmitter.dispose();
    this.changedEmitter.dispose();
    this.deletedEmitter.dispose();
  }
}

/** The key alone: writers pass richer refs (the chat's carries its server entry), listeners compare keys. */
function plainRef(ref: DefectRef): DefectRef {
  return { server: ref.server, domain: ref.domain, project: ref.project, id: ref.id };
}

// What the server's metadata says about the form: the field views the page renders, the status
// list for the header's actions, each field's label and whether it can be edited, and the checks
// the edits must pass. Empty until the editor has loaded; then fixed for the editor's life.
import type { FieldCatalog, ListTree, validateEdits } from '../../api/index';
import { usersNote } from '../../defects/fieldText';
import type { ValueNames } from '../../defects/fieldText';
import type { FieldView } from '../../shared/editorProtocol';
import type { EditState } from './editState';
import { statusValues } from '../../defects/status';
import { buildFieldViews } from './fieldViews';

export class FormMetadata {
  private loaded: { catalog: FieldCatalog; lists: ListTree } | undefined;
  private views: FieldView[] = [];
  private statuses: string[] = [];

  constructor(
    private readonly validator: typeof validateEdits,
    private readonly describe: (e: unknown) => string,
  ) {}

  /**
   * Takes the loaded metadata and the project's names (the one loader's): its users (and `user`,
   * the signed-in one) feed the user pickers, its releases the release and cycle pickers, its
   * other references' names the values shown; a user field says why when the users were refused.
   */
  set(catalog: FieldCatalog, lists: ListTree, names: ValueNames, user?: string, today?: string): void {
    this.loaded = { catalog, lists };
    const users = [...(names.users?.values() ?? []), ...(user ? [user] : [])];
    this.views = buildFieldViews(catalog, lists, users, names.releases, today, names.references);
    const note = usersNote(names);
    if (note) for (const v of this.views) if (v.input === 'user') v.note ??= note;
    this.statuses = statusValues(catalog, lists);
  }

  get fields(): FieldView[] {
    return this.views;
  }

  get statusValues(): string[] {
    return this.statuses;
  }

  label(field: string): string {
    return this.loaded?.catalog.label(field) ?? field;
  }

  /** A field of the form the user may change (not read-only, not server-owned). */
  isEditable(field: string): boolean {
    return this.views.some((v) => v.name === field && !v.readOnly);
  }

  /**
   * Re-runs the checks on the form's edits; with `attempt` (a save) every problem shows. Returns
   * whether the edits can be sent (always, before the metadata is loaded: the server checks them).
   */
  validate(form: EditState, attempt = false): boolean {
    if (!this.loaded) return true;
    form.validate(this.validator, this.loaded.catalog, this.loaded.lists, this.describe, attempt);
    return !form.hasProblems;
  }
}

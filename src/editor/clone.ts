// "ALM: Clone Defect": a New Defect form of the same project pre-filled with a defect's fields, as
// the server has them. Left out: what the server owns or computes (id, ver-stamp, modified, flags),
// what belongs to the source's life rather than its content (status, comments, closing and
// detection dates, the actual fix time), and Detected By, which is the user who clones. Optionally
// the new defect is linked to its source as Related once it is created.
import * as vscode from 'vscode';
import { defectRefFrom } from '../defects/refs';
import type { DefectRef, ProjectRefKey } from '../defects/refs';
import type { WireValue } from '../shared/editorProtocol';
import { describeError } from '../util/log';
import { cloneValues } from './controller/cloneValues';
import type { DefectEditorServices } from './services';

export interface CloneDeps {
  services: Pick<DefectEditorServices, 'project' | 'log'>;
  /** The defect of the active editor ('unsaved': a New Defect form is active), then the tree's selected row. */
  activeDefect(): DefectRef | 'unsaved' | undefined;
  selectedDefect(): DefectRef | undefined;
  /** Opens the New Defect form with these values. */
  create(project: ProjectRefKey, fill: { values: Record<string, WireValue>; origin: string; sourceId: number; onCreated: (created: DefectRef) => Promise<void> }): Promise<void>;
}

/** Asks whether the clone is linked to its source; undefined when the user backs out. */
async function askLink(source: DefectRef): Promise<boolean | undefined> {
  const link = { label: vscode.l10n.t('Link the clone to defect {0} as Related', source.id), link: true };
  const none = { label: vscode.l10n.t('No link'), link: false };
  const picked = await vscode.window.showQuickPick([link, none], {
    title: vscode.l10n.t('Clone defect {0}', source.id),
    placeHolder: vscode.l10n.t('Link the new defect to the one it was cloned from?'),
  });
  return picked?.link;
}

/** Runs the command; resolves whether a form opened. */
export async function cloneDefect(deps: CloneDeps, arg: unknown): Promise<boolean> {
  const active = defectRefFrom(arg) ?? deps.activeDefect();
  if (active === 'unsaved') {
    void vscode.window.showInformationMessage(vscode.l10n.t('This new defect is not created yet, so there is nothing to clone. Create it first, or open the defect to clone.'));
    return false;
  }
  const source = active ?? deps.selectedDefect();
  if (!source) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Open a defect or select one in the ALM view, then run Clone Defect.'));
    return false;
  }
  const { id, ...project } = source;
  const api = await deps.services.project(project);
  const [defect, catalog] = await Promise.all([api.defects.get(id), api.fields('defects')]);
  const link = await askLink(source);
  if (link === undefined) return false;
  await deps.create(project, {
    values: cloneValues(defect, catalog),
    origin: vscode.l10n.t('defect {0}', id),
    sourceId: id,
    // Awaited by the form, so the new defect's Links section lists the link; a failure loses nothing but the link.
    onCreated: async (created) => {
      if (!link) return;
      await api.links.add(created.id, { to: id, linkType: 'Related', comment: vscode.l10n.t('Cloned from defect {0}', id) }).then(
        () => deps.services.log.info(`defect ${created.id} (a clone) linked to ${id} as Related`),
        (e: unknown) => {
          deps.services.log.warn(`could not link clone ${created.id} to ${id}: ${describeError(e)}`);
          void vscode.window.showWarningMessage(
            vscode.l10n.t('Defect {0} was created, but linking it to defect {1} failed: {2}. Add the link in its Links section.', created.id, id, describeError(e)),
          );
        },
      );
    },
  });
  return true;
}

// `almDefects.defaultProject` chosen from a list rather than typed into settings.json: the
// "Choose Default Project…" command (also offered by a reference's hover when no project decides a
// plain number, issue 37.8), and the project Go to Defect uses when nothing else says which.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../../auth/connectionManager';
import { defaultProjectOf } from '../../config/defaultProject';
import { readDefaultProject, writeDefaultProject } from '../../config/settings';
import type { ProjectRefKey } from '../../defects/refs';
import type { ProjectNode } from '../nodes/projectNode';
import { findProject, listProjects, pickAmong } from './locate';
import type { AlmTreeProvider } from './provider';

/** Writes the project as the default one and says so. */
export async function makeDefault(project: ProjectNode): Promise<void> {
  await writeDefaultProject(project.ref);
  vscode.window.setStatusBarMessage(vscode.l10n.t('Plain defect numbers now belong to {0} ({1} › {2})', project.project, project.server.name, project.domain), 5000);
}

/** Asks which project plain defect numbers belong to and writes the setting; the chosen project, or undefined when cancelled. */
export async function chooseDefaultProject(provider: AlmTreeProvider): Promise<ProjectRefKey | undefined> {
  const projects = await listProjects(provider);
  const picked = await pickAmong(projects, vscode.l10n.t('Default project for plain defect numbers'), { always: true });
  if (!picked) return undefined;
  await makeDefault(picked);
  return picked.ref;
}

/** The project node of `almDefects.defaultProject` (or the one pinned server), when one decides it. */
export async function defaultProjectNode(provider: AlmTreeProvider, manager: ConnectionManager): Promise<ProjectNode | undefined> {
  const ref = defaultProjectOf(readDefaultProject(), manager.all());
  return ref ? findProject(provider, ref) : undefined;
}

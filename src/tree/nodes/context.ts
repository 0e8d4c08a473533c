// What tree nodes need from the rest of the extension, as interfaces: the connections, the view
// state, settings and a way to announce changes. The VS Code adapter supplies the real ones; unit
// tests supply fakes, so no node imports `vscode`.
import type { DomainRef, ProjectApi, ProjectRef, RestTree } from '../../api';
import type { ConnectionStatus } from '../../auth/connection';
import type { ServerEntry } from '../../config/servers';
import type { Log } from '../../util/log';
import type { ViewState } from '../model/viewState';
import type { DefectRef } from '../../defects/refs';
import type { TreeNode } from './treeNode';

/** One server's connection as the tree sees it (ServerConnection implements it). */
export interface ServerSource {
  readonly name: string;
  readonly entry: ServerEntry;
  readonly status: ConnectionStatus;
  readonly problem: string | undefined;
  readonly canLoad: boolean;
  /** The user "me" stands for. */
  readonly username: string;
  /** The REST tree the server's client speaks, once configured or detected. */
  readonly tree?: RestTree;
  domains(signal?: AbortSignal): Promise<DomainRef[]>;
  projects(domain: string, signal?: AbortSignal): Promise<ProjectRef[]>;
  project(domain: string, project: string): Promise<ProjectApi>;
}

/** Lets a later feature (attachments) hang children under defect nodes. */
export interface DefectChildrenProvider {
  children(defect: DefectRef, parent: TreeNode, signal: AbortSignal): Promise<TreeNode[]>;
}

export interface TreeContext {
  servers(): readonly ServerSource[];
  readonly state: ViewState;
  /** Defects per page (setting `almDefects.pageSize`). */
  pageSize(): number;
  /** Tells the view that `node` (or everything) changed. */
  changed(node?: TreeNode): void;
  readonly log: Log;
  /** How long a load may take before a "Loading…" node shows in its place. */
  readonly loadingDelayMs: number;
  defectChildren?: DefectChildrenProvider;
}

// What the chat tools need from the rest of the extension, handed in by activate(): the configured
// servers and their sign-in state, the workspace's default project, project listings and the
// project API of a server (rejecting with the client's typed errors when signed out). Nothing here
// reads settings or windows itself, so the tools can be driven by fakes.
import type { Defect, ProjectApi, ProjectRef } from '../api/index';
import type { DefaultProjectSetting } from '../config/defaultProject';

export interface ChatProjectRef {
  server: string;
  domain: string;
  project: string;
}

export interface ChatServer {
  name: string;
  baseUrl: string;
  /** The user name on that server ("me" in filters, the comment header). */
  username: string;
  /** A password is stored and was not refused. */
  signedIn: boolean;
  /** Domain and project pinned in the server entry, when they are. */
  domain?: string;
  project?: string;
}

interface ChatLog {
  debug(message: string): void;
  warn(message: string): void;
}

export interface ChatToolServices {
  servers(): ChatServer[];
  /** `almDefects.defaultProject` of the workspace, when set. */
  defaultProject(): DefaultProjectSetting | undefined;
  /** Every project of a server the user can see. */
  projects(server: string, signal?: AbortSignal): Promise<ProjectRef[]>;
  project(ref: ChatProjectRef): Promise<ProjectApi>;
  /**
   * Whether a defect editor of this window holds (or is taking) the defect's lock. Locks belong to
   * the session, which the editor and the tools share: a tool taking and releasing "its" lock then
   * would release the editor's, so writes refuse instead.
   */
  editingHere(ref: ChatProjectRef & { id: number }): boolean;
  /** A defect was saved (the server's copy): the tree's rows and open editors show it. */
  defectSaved?(ref: ChatProjectRef & { id: number }, defect: Defect): void;
  /** Many defects of a project were written at once: grouped views count their groups again. */
  defectsChanged?(project: ChatProjectRef): void;
  log: ChatLog;
  /** `<scheme>://<extension id>`: answers link defects with links that open them in VS Code (defects/vscodeLink.ts). */
  vscodeLinkBase?: string;
  /** The time a comment header shows. */
  now(): Date;
}

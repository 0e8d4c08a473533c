// The part of the built-in Git extension's API (`vscode.git`, API version 1) this extension uses,
// copied from its published declaration file (extensions/git/src/api/git.d.ts in microsoft/vscode,
// MIT) as the VS Code documentation recommends, trimmed to the members we call. Types only.
import type { Event, Uri } from 'vscode';

export interface InputBox {
  value: string;
}

export interface Ref {
  /** RefType: 0 head, 1 remote head, 2 tag. */
  readonly type: number;
  readonly name?: string;
  readonly commit?: string;
  readonly remote?: string;
}

export interface Branch extends Ref {
  readonly upstream?: { readonly remote: string; readonly name: string };
  /** Commits the branch has that its upstream has not (undefined without an upstream). */
  readonly ahead?: number;
  readonly behind?: number;
}

export interface Remote {
  readonly name: string;
  readonly fetchUrl?: string;
  readonly pushUrl?: string;
}

/** A changed file; `uri` is the file in the working tree. */
export interface Change {
  readonly uri: Uri;
}

export interface RepositoryState {
  readonly HEAD: Branch | undefined;
  readonly remotes: Remote[];
  readonly indexChanges: Change[];
  readonly workingTreeChanges: Change[];
  readonly onDidChange: Event<void>;
}

export interface Repository {
  readonly rootUri: Uri;
  readonly inputBox: InputBox;
  readonly state: RepositoryState;
  createBranch(name: string, checkout: boolean, ref?: string): Promise<void>;
  getBranch(name: string): Promise<Branch>;
  checkout(treeish: string): Promise<void>;
}

export type APIState = 'uninitialized' | 'initialized';

export interface API {
  readonly state: APIState;
  readonly onDidChangeState: Event<APIState>;
  readonly repositories: Repository[];
  readonly onDidOpenRepository: Event<Repository>;
  getRepository(uri: Uri): Repository | null;
  openRepository(root: Uri): Promise<Repository | null>;
}

export interface GitExtension {
  readonly enabled: boolean;
  readonly onDidChangeEnablement: Event<boolean>;
  getAPI(version: 1): API;
}

// The built-in Git extension's API (`vscode.git`, version 1), for the features that read or change
// the workspace's repositories (Start Work, reports from code). Undefined when Git is disabled or missing.
import * as vscode from 'vscode';
import type { API, GitExtension } from './git';

export async function gitApi(): Promise<API | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) return undefined;
  const exports = extension.isActive ? extension.exports : await extension.activate();
  if (!exports?.enabled) return undefined;
  const api = exports.getAPI(1);
  if (api.state !== 'initialized') {
    // The first scan of the workspace is still running: wait for it (briefly) rather than see no repository.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, 5000);
      const sub = api.onDidChangeState((s) => s === 'initialized' && done());
      function done(): void {
        clearTimeout(timer);
        sub.dispose();
        resolve();
      }
    });
  }
  return api;
}

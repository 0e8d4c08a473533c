// Passwords in VS Code's SecretStorage (the OS keychain on desktop), keyed by server URL and user.
// Nothing else ever stores or logs them.
import type * as vscode from 'vscode';
import { secretKey } from '../config/servers';
import type { ServerEntry } from '../config/servers';
import type { PasswordVault } from './connection';

export class SecretVault implements PasswordVault {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  get(entry: ServerEntry): Promise<string | undefined> {
    return Promise.resolve(this.secrets.get(secretKey(entry)));
  }

  set(entry: ServerEntry, password: string): Promise<void> {
    return Promise.resolve(this.secrets.store(secretKey(entry), password));
  }

  delete(entry: ServerEntry): Promise<void> {
    return Promise.resolve(this.secrets.delete(secretKey(entry)));
  }

  /** Fires for changes to any ALM password, including those made by other windows. */
  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((e) => {
      if (e.key.startsWith('almDefects.password:')) listener();
    });
  }
}

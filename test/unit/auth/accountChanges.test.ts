// The Accounts menu for an API-key sign-in (issue 37.7): one account per sign-in, gone after sign-out.
// `AccountsMenu` replays VS Code's own handling of onDidChangeSessions (workbench 1.139,
// AccountsActivityActionViewItem): removed accounts are taken out by id (the first match),
// added and changed ones are added unless an account with the same label is listed.
import * as assert from 'node:assert/strict';
import { accountChanges } from '../../../src/auth/accountChanges';
import type { AccountChanges, AccountSession } from '../../../src/auth/accountChanges';

class AccountsMenu {
  readonly labels: string[] = [];
  private readonly ids: string[] = [];
  apply(e: AccountChanges<AccountSession>): void {
    for (const s of e.removed) {
      const i = this.ids.indexOf(s.account.id);
      if (i >= 0) {
        this.ids.splice(i, 1);
        this.labels.splice(i, 1);
      }
    }
    for (const s of [...e.changed, ...e.added]) {
      if (this.labels.includes(s.account.label)) continue;
      this.labels.push(s.account.label);
      this.ids.push(s.account.id);
    }
  }
}

const session = (label: string): AccountSession => ({ id: 'Demo', account: { id: 'apikey:alice-demo-client@http://alm.test/qcbin', label } });

describe('Accounts menu changes (issue 37.7)', () => {
  it('lists one account for an API key whose user the server names at sign-in, and none after sign-out', () => {
    const menu = new AccountsMenu();
    let known = new Map<string, AccountSession>();
    const step = (next: AccountSession[]): void => {
      const map = new Map(next.map((s) => [s.id, s]));
      menu.apply(accountChanges(known, map));
      known = map;
    };
    step([session('API key alice-demo-client (Demo)')]); // signing in
    step([session('alice (Demo)')]); // the server named the user
    assert.deepEqual(menu.labels, ['alice (Demo)']);
    step([]); // signed out
    assert.deepEqual(menu.labels, []);
    step([session('API key alice-demo-client (Demo)')]);
    step([session('alice (Demo)')]);
    assert.deepEqual(menu.labels, ['alice (Demo)'], 'signed in again: one account');
  });

  it('reports nothing when nothing changed, and a new or gone session once', () => {
    const a = session('alice (Demo)');
    assert.deepEqual(accountChanges(new Map([['Demo', a]]), new Map([['Demo', { ...a }]])), { added: [], removed: [], changed: [] });
    assert.deepEqual(accountChanges(new Map(), new Map([['Demo', a]])).added, [a]);
    assert.deepEqual(accountChanges(new Map([['Demo', a]]), new Map()).removed, [a]);
  });
});

// The questions Add Server and Edit Server ask, part of AuthPrompts: the commands take no server
// description, so a password never travels as a command argument (any extension can run commands);
// the end-to-end tests answer these through the extension's test mode instead.
import * as vscode from 'vscode';
import type { RestTree } from '../api';
import { checkServerName, checkServerUrl, treeLabel } from '../config/servers';
import type { ServerEntry, SignInKind, TreeChoice } from '../config/servers';
import { readServers } from '../config/settings';
import type { CheckProblem } from './serverCheck';
import { apiKeyPageUrl } from './apiKeyPage';

/** The way on after a failed check: a step to redo, a CA file, verification off, or the same check again. */
type CheckFix = 'url' | 'kind' | 'account' | 'secret' | 'check' | 'caFile' | 'noVerify';
/** What Edit Server changes. */
type ServerField = 'name' | 'url' | 'account' | 'signIn' | 'tree' | 'pin' | 'caFile' | 'verify';
/** The part of a server the view shows: everything ({}), one domain, or one project. */
export interface Pin {
  domain?: string;
  project?: string;
}
export interface DomainChoice {
  domain: string;
  projects: readonly string[];
}

export interface ServerPrompts {
  /** The base URL; undefined when cancelled. */
  serverUrl(title: string, current: string): Thenable<string | undefined>;
  signInKind(title: string, current: SignInKind | undefined): Thenable<SignInKind | undefined>;
  /** The user name, or an API key's client id. */
  account(title: string, kind: SignInKind, url: string, current: string): Thenable<string | undefined>;
  /** The password or API secret typed while adding a server (checked before it is stored). */
  newSecret(kind: SignInKind, account: string): Thenable<string | undefined>;
  /** What to fix after a failed check; undefined gives up. */
  fixCheck(message: string, problem: CheckProblem, kind: SignInKind): Thenable<CheckFix | undefined>;
  /** A CA certificate file; undefined when cancelled. */
  caFile(): Thenable<string | undefined>;
  pin(title: string, domains: readonly DomainChoice[]): Thenable<Pin | undefined>;
  /** A server name, unique apart from `except` (the entry being renamed). */
  serverName(title: string, current: string, except?: string): Thenable<string | undefined>;
  editField(entry: ServerEntry, inUse: RestTree | undefined): Thenable<ServerField | undefined>;
  treeChoice(entry: ServerEntry): Thenable<TreeChoice | undefined>;
  /** Edit Server's CA choice: a file's path, or '' for the system certificates only. */
  editCaFile(entry: ServerEntry): Thenable<string | undefined>;
  confirmNoVerify(name: string): Thenable<boolean>;
}

const accountName = (entry: ServerEntry): string | undefined => (entry.auth === 'apiKey' ? entry.clientId : entry.username);
const required = (message: string) => (v: string) => (v.trim() ? undefined : message);

export const vscodeServerPrompts: ServerPrompts = {
  serverUrl: (title, current) => ask(title, vscode.l10n.t('Base URL of the ALM server, including its root path'), current || 'https://', (v) => checkServerUrl(v)),
  async signInKind(title, current) {
    type Item = vscode.QuickPickItem & { signIn: SignInKind };
    const items: Item[] = [
      { label: `$(person) ${vscode.l10n.t('User name and password')}`, signIn: 'password' },
      {
        label: `$(key) ${vscode.l10n.t('API key')}`,
        description: vscode.l10n.t('client id and secret (ALM 12.60 and later)'),
        detail: vscode.l10n.t('For sites that allow only API keys for REST clients, or single sign-on users.'),
        signIn: 'apiKey',
      },
    ];
    const picked = await vscode.window.showQuickPick(items, { title, ignoreFocusOut: true, placeHolder: current === 'apiKey' ? vscode.l10n.t('API key') : vscode.l10n.t('User name and password') });
    return picked?.signIn;
  },
  account: (title, kind, url, current) =>
    kind === 'apiKey'
      ? ask(
          title,
          vscode.l10n.t("Client id of the API key on {0} (from ALM's API Key Management, or your own from {1} where your site lets users create keys)", url, apiKeyPageUrl({ url })),
          current,
          required(vscode.l10n.t('Enter the client id')),
        )
      : ask(title, vscode.l10n.t('User name on {0}', url), current, required(vscode.l10n.t('Enter the user name'))),
  newSecret: (kind, account) =>
    ask(
      vscode.l10n.t('Add ALM Server (4/6)'),
      kind === 'apiKey' ? vscode.l10n.t('Secret of API key {0}', account) : vscode.l10n.t('Password of {0}', account),
      '',
      (v) => (v ? undefined : kind === 'apiKey' ? vscode.l10n.t('Enter the secret') : vscode.l10n.t('Enter the password')),
      true,
    ),
  async fixCheck(message, problem, kind) {
    const actions: Record<string, CheckFix> =
      problem === 'credentials'
        ? kind === 'apiKey'
          ? { [vscode.l10n.t('Re-enter Secret')]: 'secret', [vscode.l10n.t('Change Client Id')]: 'account', [vscode.l10n.t('Change Sign-in Kind')]: 'kind' }
          : { [vscode.l10n.t('Re-enter Password')]: 'secret', [vscode.l10n.t('Change User Name')]: 'account', [vscode.l10n.t('Change Sign-in Kind')]: 'kind' }
        : problem === 'certificate'
          ? { [vscode.l10n.t('Choose CA File…')]: 'caFile', [vscode.l10n.t("Don't Verify Certificate")]: 'noVerify', [vscode.l10n.t('Change URL')]: 'url' }
          : { [vscode.l10n.t('Change URL')]: 'url', [vscode.l10n.t('Try Again')]: 'check' };
    const choice = await vscode.window.showErrorMessage(message, { modal: true }, ...Object.keys(actions));
    return choice ? actions[choice] : undefined;
  },
  async caFile() {
    const files = await vscode.window.showOpenDialog({ title: vscode.l10n.t('CA certificate (PEM)'), canSelectMany: false, filters: { [vscode.l10n.t('Certificates')]: ['pem', 'crt', 'cer'] } });
    return files?.[0]?.fsPath;
  },
  async pin(title, domains) {
    type Item = vscode.QuickPickItem & { pin: Pin };
    const items: Item[] = [{ label: `$(globe) ${vscode.l10n.t('All domains and projects')}`, pin: {} }];
    for (const { domain, projects } of domains) {
      items.push({ label: domain, kind: vscode.QuickPickItemKind.Separator, pin: {} });
      items.push({ label: `$(folder-library) ${domain}`, description: vscode.l10n.t('all projects of the domain'), pin: { domain } });
      for (const project of projects) items.push({ label: `$(project) ${project}`, description: domain, pin: { domain, project } });
    }
    const picked = await vscode.window.showQuickPick(items, { title, ignoreFocusOut: true });
    return picked?.pin;
  },
  serverName: (title, current, except) => ask(title, vscode.l10n.t('Shown in the ALM view'), current, (v) => checkServerName(v, readServers(), except)),
  async editField(entry, inUse) {
    type Item = vscode.QuickPickItem & { field: ServerField };
    const apiKey = entry.auth === 'apiKey';
    const items: Item[] = [
      { label: vscode.l10n.t('Name'), description: entry.name, field: 'name' },
      { label: vscode.l10n.t('URL'), description: entry.url, field: 'url' },
      { label: apiKey ? vscode.l10n.t('API Key Client Id') : vscode.l10n.t('User Name'), description: accountName(entry), field: 'account' },
      { label: vscode.l10n.t('Sign-in Kind'), description: apiKey ? vscode.l10n.t('API key') : vscode.l10n.t('user name and password'), field: 'signIn' },
      { label: vscode.l10n.t('REST Tree'), description: `${entry.dialect ?? 'auto'}${inUse ? ` ${vscode.l10n.t('(in use: {0})', treeLabel(inUse))}` : ''}`, field: 'tree' },
      { label: vscode.l10n.t('Pinned Domain and Project'), description: entry.domain ? `${entry.domain}${entry.project ? ` / ${entry.project}` : ''}` : vscode.l10n.t('all'), field: 'pin' },
      { label: vscode.l10n.t('CA File'), description: entry.caFile ?? vscode.l10n.t('none (system certificates)'), field: 'caFile' },
      { label: vscode.l10n.t('Certificate Verification'), description: entry.rejectUnauthorized === false ? vscode.l10n.t('off') : vscode.l10n.t('on'), field: 'verify' },
    ];
    const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Edit {0}', entry.name), ignoreFocusOut: true });
    return picked?.field;
  },
  async treeChoice(entry) {
    type TreeItem = vscode.QuickPickItem & { choice: TreeChoice };
    const trees: TreeItem[] = [
      { label: 'auto', description: vscode.l10n.t('detect once per sign-in, /api where both answer'), choice: 'auto' },
      { label: 'api', description: vscode.l10n.t('the /api tree of ALM 12.5x'), choice: 'api' },
      { label: 'rest', description: vscode.l10n.t('the Core /rest tree (every ALM version)'), choice: 'rest' },
    ];
    const picked = await vscode.window.showQuickPick(trees, { title: vscode.l10n.t('REST tree of {0}', entry.name), ignoreFocusOut: true });
    return picked?.choice;
  },
  async editCaFile() {
    const systemOnly = vscode.l10n.t('Use System Certificates Only');
    const choice = await vscode.window.showQuickPick([vscode.l10n.t('Choose CA File…'), systemOnly], { title: vscode.l10n.t('CA certificates') });
    if (choice === systemOnly) return '';
    return choice ? vscodeServerPrompts.caFile() : undefined;
  },
  async confirmNoVerify(name) {
    const turnOff = vscode.l10n.t('Turn Off');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Turn off certificate verification for {0}?', name),
      { modal: true, detail: vscode.l10n.t('Anyone between you and the server could read your password. Prefer adding the CA file.') },
      turnOff,
    );
    return answer === turnOff;
  },
};

function ask(title: string, prompt: string, value: string, validate: (v: string) => string | undefined, password = false): Thenable<string | undefined> {
  return vscode.window.showInputBox({ title, prompt, value, password, ignoreFocusOut: true, validateInput: validate });
}

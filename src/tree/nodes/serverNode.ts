// A configured server: its connection state in the description and icon, its domains below (or
// only the pinned one), and a "Sign in" row instead when no usable password is stored (or the
// error row of a sign-in that could not connect).
import * as l10n from '@vscode/l10n';
import type { NodeItem, ServerSource, TreeContext, TreeNode } from './treeNode';
import { DomainNode } from './domainNode';
import { MessageNode, failureNode, loadingNode, signInFailureNode, signInNode } from './messageNode';
import { nodeId } from '../../defects/refs';
import { escapeMarkdown } from '../../util/markdown';
import { signInLabel, treeLabel } from '../../config/servers';
import { LoadingNode } from './treeNode';

const STATUS_TEXT: Record<ServerSource['status'], string> = {
  'signed-out': l10n.t('signed out'),
  ready: '',
  'signing-in': l10n.t('signing in…'),
  'signed-in': '',
  failed: l10n.t('sign-in failed'),
  error: l10n.t('unreachable'),
};

export class ServerNode extends LoadingNode {
  readonly id: string;
  /** Whether the children were built for a usable connection; a change of that reloads them. */
  private loadedUsable: boolean | undefined;
  /** The connection failure the children were built for (a signed-out server's error row). */
  private loadedFailure: unknown;

  constructor(
    ctx: TreeContext,
    readonly server: ServerSource,
  ) {
    super(undefined, ctx);
    this.id = nodeId(server.name);
  }

  item(): NodeItem {
    const s = this.server;
    const state = STATUS_TEXT[s.status];
    const who = `${s.entry.url} · ${s.username || signInLabel(s.entry)}`;
    const signInLine =
      s.entry.auth !== 'apiKey'
        ? l10n.t('User: {0}', escapeMarkdown(s.entry.username))
        : s.username
          ? l10n.t('Sign-in: {0} (user {1})', escapeMarkdown(signInLabel(s.entry)), escapeMarkdown(s.username))
          : l10n.t('Sign-in: {0}', escapeMarkdown(signInLabel(s.entry)));
    const signedIn = s.status === 'signed-in' || s.status === 'ready' || s.status === 'signing-in';
    return {
      label: s.name,
      description: state ? `${who} — ${state}` : who,
      tooltip: [
        `**${escapeMarkdown(s.name)}**`,
        escapeMarkdown(s.entry.url),
        signInLine,
        s.entry.dialect ? l10n.t('REST tree: {0} (set in the server entry)', escapeMarkdown(treeLabel(s.tree))) : l10n.t('REST tree: {0}', escapeMarkdown(treeLabel(s.tree))),
        s.problem ? escapeMarkdown(s.problem) : '',
      ]
        .filter(Boolean)
        .join('\n\n'),
      collapsible: this.remembered(),
      icon: s.status === 'failed' || s.status === 'error' ? { id: 'server', color: 'errorForeground' } : { id: signedIn ? 'server' : 'server-environment' },
      contextValue: `alm:server+${signedIn ? 'signedIn' : 'signedOut'}`,
      accessibility: { label: [l10n.t('{0}, ALM server', s.name), who, state].filter(Boolean).join(', '), role: 'treeitem' },
    };
  }

  /** The connection's state changed: redraw, and reload the children when usability flipped. */
  connectionChanged(): void {
    const s = this.server;
    if (this.loadedUsable !== undefined && (this.loadedUsable !== s.canLoad || this.loadedFailure !== s.connectionFailure)) this.refresh();
    else this.ctx.changed(this);
  }

  protected async load(signal: AbortSignal): Promise<TreeNode[]> {
    const s = this.server;
    this.loadedUsable = s.canLoad;
    this.loadedFailure = s.connectionFailure;
    // A server never signed in whose sign-in could not connect shows that error and its fixes, as a
    // signed-in one does; a click signs in again.
    if (!s.canLoad && s.connectionFailure) return [signInFailureNode(this, this.ctx, s.name, s.connectionFailure)];
    if (!s.canLoad) return [signInNode(this, this.ctx, s.name, s.status === 'failed' ? s.problem : undefined)];
    const pinned = s.entry.domain;
    const domains = await s.domains(signal);
    const shown = pinned ? domains.filter((d) => d.name.toLowerCase() === pinned.toLowerCase()) : domains;
    if (pinned && shown.length === 0) {
      return [new MessageNode(this, this.ctx, 'error', l10n.t('Domain "{0}" is not on this server or not open to {1}', pinned, s.username))];
    }
    if (shown.length === 0) return [new MessageNode(this, this.ctx, 'empty', l10n.t('No domains are open to {0}', s.username))];
    return shown.map((d) => new DomainNode(this, this.ctx, s, d));
  }

  protected failure(error: unknown): TreeNode {
    return failureNode(this, this.ctx, this.server.name, error);
  }

  protected loadingNode(): TreeNode {
    return loadingNode(this, this.ctx, this.server.status === 'signing-in' ? l10n.t('Signing in…') : l10n.t('Loading domains…'));
  }
}

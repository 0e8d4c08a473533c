// A configured server: its connection state in the description and icon, its domains below (or
// only the pinned one), and a "Sign in" row instead when no usable password is stored.
import type { NodeItem, ServerSource, TreeContext, TreeNode } from './treeNode';
import { DomainNode } from './domainNode';
import { MessageNode, failureNode, loadingNode, signInNode } from './messageNode';
import { nodeId } from '../../defects/refs';
import { escapeMarkdown } from '../model/tooltip';
import { signInLabel, treeLabel } from '../../config/servers';
import { LoadingNode } from './treeNode';

const STATUS_TEXT: Record<ServerSource['status'], string> = {
  'signed-out': 'signed out',
  ready: '',
  'signing-in': 'signing in…',
  'signed-in': '',
  failed: 'sign-in failed',
  error: 'unreachable',
};

export class ServerNode extends LoadingNode {
  readonly id: string;
  /** Whether the children were built for a usable connection; a change of that reloads them. */
  private loadedUsable: boolean | undefined;

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
    const signInLine = s.entry.auth === 'apiKey' ? `Sign-in: ${escapeMarkdown(signInLabel(s.entry))}${s.username ? ` (user ${escapeMarkdown(s.username)})` : ''}` : `User: ${escapeMarkdown(s.entry.username)}`;
    const signedIn = s.status === 'signed-in' || s.status === 'ready' || s.status === 'signing-in';
    return {
      label: s.name,
      description: state ? `${who} — ${state}` : who,
      tooltip: [`**${escapeMarkdown(s.name)}**`, escapeMarkdown(s.entry.url), signInLine, `REST tree: ${escapeMarkdown(treeLabel(s.tree))}${s.entry.dialect ? ' (set in the server entry)' : ''}`, s.problem ? escapeMarkdown(s.problem) : ''].filter(Boolean).join('\n\n'),
      collapsible: this.remembered(),
      icon: s.status === 'failed' || s.status === 'error' ? { id: 'server', color: 'errorForeground' } : { id: signedIn ? 'server' : 'server-environment' },
      contextValue: `alm:server+${signedIn ? 'signedIn' : 'signedOut'}`,
    };
  }

  /** The connection's state changed: redraw, and reload the children when usability flipped. */
  connectionChanged(): void {
    if (this.loadedUsable !== undefined && this.loadedUsable !== this.server.canLoad) this.refresh();
    else this.ctx.changed(this);
  }

  protected async load(signal: AbortSignal): Promise<TreeNode[]> {
    const s = this.server;
    this.loadedUsable = s.canLoad;
    if (!s.canLoad) return [signInNode(this, this.ctx, s.name, s.status === 'failed' ? s.problem : undefined)];
    const pinned = s.entry.domain;
    const domains = await s.domains(signal);
    const shown = pinned ? domains.filter((d) => d.name.toLowerCase() === pinned.toLowerCase()) : domains;
    if (pinned && shown.length === 0) {
      return [new MessageNode(this, this.ctx, 'error', `Domain "${pinned}" is not on this server or not open to ${s.username}`)];
    }
    if (shown.length === 0) return [new MessageNode(this, this.ctx, 'empty', `No domains are open to ${s.username}`)];
    return shown.map((d) => new DomainNode(this, this.ctx, s, d));
  }

  protected failure(error: unknown): TreeNode {
    return failureNode(this, this.ctx, this.server.name, error);
  }

  protected loadingNode(): TreeNode {
    return loadingNode(this, this.ctx, this.server.status === 'signing-in' ? 'Signing in…' : 'Loading domains…');
  }
}

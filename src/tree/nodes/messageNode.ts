// A row that is not data: "Loading…", "No defects", an error, or "Sign in". The tree never throws;
// whatever goes wrong ends up as one of these, with a command to act on it when there is one.
import * as l10n from '@vscode/l10n';
import { AuthError, RawQueryError, isAlmApiError } from '../../api';
import { NotSignedInError } from '../../auth/connection';
import { connectionFixes } from '../../auth/failureActions';
import type { FailureAction } from '../../auth/failureActions';
import { describeError } from '../../util/log';
import type { NodeCommand, NodeItem, TreeContext } from './treeNode';
import { TreeNode } from './treeNode';
import { COMMAND } from '../../util/commands';

export type MessageKind = 'loading' | 'empty' | 'error' | 'sign-in' | 'info';

const ICONS: Record<MessageKind, { id: string; color?: string }> = {
  loading: { id: 'loading~spin' },
  empty: { id: 'info' },
  info: { id: 'info' },
  error: { id: 'error', color: 'errorForeground' },
  'sign-in': { id: 'sign-in' },
};

// An error read aloud must say it is one: the red icon is not announced.
const SPEECH: Record<MessageKind, (message: string) => string> = {
  loading: (m) => m,
  empty: (m) => m,
  info: (m) => m,
  error: (m) => l10n.t('Error: {0}', m),
  'sign-in': (m) => m,
};

export class MessageNode extends TreeNode {
  readonly id: string;

  constructor(
    parent: TreeNode,
    ctx: TreeContext,
    readonly kind: MessageKind,
    readonly message: string,
    private readonly action?: NodeCommand,
    private readonly detail?: string,
  ) {
    super(parent, ctx);
    this.id = `${parent.id}/~${kind}`;
  }

  item(): NodeItem {
    return {
      label: this.message,
      tooltip: this.detail ?? this.action?.title,
      collapsible: 'none',
      icon: ICONS[this.kind],
      contextValue: `alm:message+${this.kind}`,
      accessibility: { label: SPEECH[this.kind](this.message), role: 'treeitem' },
      command: this.action,
    };
  }
}

/** "Sign in to <server>" with the command that asks for the password. */
export function signInNode(parent: TreeNode, ctx: TreeContext, server: string, refusal?: string): MessageNode {
  const action = { command: COMMAND.signIn, title: l10n.t('Sign In'), arguments: [{ server }] };
  if (refusal) return new MessageNode(parent, ctx, 'sign-in', l10n.t('Sign-in failed — click to sign in again'), action, refusal);
  return new MessageNode(parent, ctx, 'sign-in', l10n.t('Sign in to {0}…', server), action);
}

/**
 * An error row for a server that cannot be reached, whose certificate is not trusted or whose proxy
 * refused: a click retries, and the fixes the sign-in notification offers (Trust this CA…, Enter
 * Proxy Credentials…, Test Connection) are its inline actions and context menu. The contextValue
 * names them (`alm:message+error+trustCa+testConnection`) for package.json's menus; `server` is
 * what those commands read from the row they are run on.
 */
export class ConnectionErrorNode extends MessageNode {
  constructor(
    parent: TreeNode,
    ctx: TreeContext,
    message: string,
    retry: NodeCommand,
    readonly server: string,
    readonly fixes: readonly FailureAction[],
    hint = l10n.t('Click to retry; right-click for {0}.', fixes.map((f) => f.title).join(', ')),
  ) {
    super(parent, ctx, 'error', message, retry, `${message}\n\n${hint}`);
  }

  override item(): NodeItem {
    const item = super.item();
    return { ...item, contextValue: `${item.contextValue}${this.fixes.map((f) => `+${f.command.replace(/^almDefects\./, '')}`).join('')}` };
  }
}

/**
 * The error row of a server never signed in whose sign-in could not connect: the error and its
 * fixes as for a signed-in server, but a click signs in (there is no password to retry with).
 */
export function signInFailureNode(parent: TreeNode, ctx: TreeContext, server: string, error: unknown): MessageNode {
  const fixes = connectionFixes(error, server);
  const action = { command: COMMAND.signIn, title: l10n.t('Sign In'), arguments: [{ server }] };
  if (!fixes.length) return signInNode(parent, ctx, server, isAlmApiError(error) ? error.message : describeError(error));
  return new ConnectionErrorNode(
    parent,
    ctx,
    isAlmApiError(error) ? error.message : describeError(error),
    action,
    server,
    fixes,
    l10n.t('Click to sign in again; right-click for {0}.', fixes.map((f) => f.title).join(', ')),
  );
}

/** The message row for a failed load: sign-in problems offer sign-in, others offer a retry. */
export function failureNode(parent: TreeNode, ctx: TreeContext, server: string, error: unknown): MessageNode {
  if (error instanceof NotSignedInError) return signInNode(parent, ctx, server, error.refused ? error.message : undefined);
  if (error instanceof AuthError) return signInNode(parent, ctx, server, error.message);
  const retry = { command: COMMAND.refreshNode, title: l10n.t('Retry'), arguments: [parent] };
  if (error instanceof RawQueryError)
    return new MessageNode(parent, ctx, 'error', l10n.t('Filter: {0}', error.message), { command: COMMAND.filter, title: l10n.t('Edit Filter'), arguments: [parent] });
  const text = isAlmApiError(error) ? error.message : l10n.t('Unexpected error: {0}', describeError(error));
  const fixes = connectionFixes(error, server);
  if (fixes.length) return new ConnectionErrorNode(parent, ctx, text, retry, server, fixes);
  return new MessageNode(parent, ctx, 'error', text, retry, `${text}\n\n${l10n.t('Click to retry.')}`);
}

export function loadingNode(parent: TreeNode, ctx: TreeContext, what = l10n.t('Loading…')): MessageNode {
  return new MessageNode(parent, ctx, 'loading', what);
}

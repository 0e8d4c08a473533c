// A row that is not data: "Loading…", "No defects", an error, or "Sign in". The tree never throws;
// whatever goes wrong ends up as one of these, with a command to act on it when there is one.
import { AuthError, RawQueryError, isAlmApiError } from '../../api';
import { NotSignedInError } from '../../auth/connection';
import { describeError } from '../../util/log';
import type { NodeCommand, NodeItem, TreeContext } from './treeNode';
import { TreeNode } from './treeNode';

export type MessageKind = 'loading' | 'empty' | 'error' | 'sign-in' | 'info';

const ICONS: Record<MessageKind, { id: string; color?: string }> = {
  loading: { id: 'loading~spin' },
  empty: { id: 'info' },
  info: { id: 'info' },
  error: { id: 'error', color: 'errorForeground' },
  'sign-in': { id: 'sign-in' },
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
      command: this.action,
    };
  }
}

/** "Sign in to <server>" with the command that asks for the password. */
export function signInNode(parent: TreeNode, ctx: TreeContext, server: string, refusal?: string): MessageNode {
  const action = { command: 'almDefects.signIn', title: 'Sign In', arguments: [{ server }] };
  if (refusal) return new MessageNode(parent, ctx, 'sign-in', `Sign-in failed — click to sign in again`, action, refusal);
  return new MessageNode(parent, ctx, 'sign-in', `Sign in to ${server}…`, action);
}

/** The message row for a failed load: sign-in problems offer sign-in, others offer a retry. */
export function failureNode(parent: TreeNode, ctx: TreeContext, server: string, error: unknown): MessageNode {
  if (error instanceof NotSignedInError) return signInNode(parent, ctx, server, error.refused ? error.message : undefined);
  if (error instanceof AuthError) return signInNode(parent, ctx, server, error.message);
  const retry = { command: 'almDefects.refreshNode', title: 'Retry', arguments: [parent] };
  if (error instanceof RawQueryError) return new MessageNode(parent, ctx, 'error', `Filter: ${error.message}`, { command: 'almDefects.filter', title: 'Edit Filter', arguments: [parent] });
  const text = isAlmApiError(error) ? error.message : `Unexpected error: ${describeError(error)}`;
  return new MessageNode(parent, ctx, 'error', text, retry, `${text}\n\nClick to retry.`);
}

export function loadingNode(parent: TreeNode, ctx: TreeContext, what = 'Loading…'): MessageNode {
  return new MessageNode(parent, ctx, 'loading', what);
}

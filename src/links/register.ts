// The VS Code side of defect links: the URI handler (`<scheme>://<extension id>/open?…`, `/start?…`)
// and "Copy VS Code Link". The handler opens only defects of servers the user configured; the
// questions it asks go through LinkPrompts, which the tests answer in test mode.
import * as vscode from 'vscode';
import type { ConnectionManager } from '../auth/connectionManager';
import { defectRefFrom } from '../defects/refs';
import type { DefectRef } from '../defects/refs';
import { registerCommand } from '../util/command';
import { COMMAND } from '../util/commands';
import type { Log } from '../util/log';
import { openDefectLink } from './openLink';
import type { OpenLinkOutcome, OpenLinkSteps } from './openLink';
import type { LinkPrompts } from './prompts';
import { parseDefectLink, vscodeDefectLink } from '../defects/vscodeLink';

export interface LinksDeps {
  manager: ConnectionManager;
  log: Log;
  prompts: () => LinkPrompts;
  /** Add Server with the URL filled in; the saved entry's name, or undefined when cancelled. */
  addServer(url: string): Promise<string | undefined>;
  open(ref: DefectRef): Promise<unknown>;
  /** The rows selected in the ALM tree: the defect Copy VS Code Link acts on without an argument. */
  selection(): readonly unknown[];
}

export interface LinksFeature extends vscode.Disposable {
  /** The VS Code link to a defect of a configured server (undefined when the server is not configured). */
  linkTo(ref: DefectRef): string | undefined;
  /** What the last link handled did (tests and the log). */
  readonly handled: vscode.Event<OpenLinkOutcome>;
}

/** `<scheme>://<extension id>`: where VS Code sends a link to this extension's URI handler. */
export function vscodeLinkBase(context: vscode.ExtensionContext): string {
  return `${vscode.env.uriScheme}://${context.extension.id}`;
}

export function registerLinks(context: vscode.ExtensionContext, deps: LinksDeps): LinksFeature {
  const tag = deps.log.child('links');
  const base = vscodeLinkBase(context);
  const handled = new vscode.EventEmitter<OpenLinkOutcome>();
  const linkTo = (ref: DefectRef): string | undefined => {
    const connection = deps.manager.get(ref.server);
    return connection ? vscodeDefectLink(base, connection.entry.url, ref) : undefined;
  };
  const handleUri = async (uri: vscode.Uri): Promise<void> => {
    const target = parseDefectLink(uri.path, uri.query);
    if ('problem' in target) {
      tag.warn(`ignored link ${uri.path}: ${target.problem}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('This ALM defect link cannot be opened: {0}. Copy the link again with "Copy VS Code Link".', target.problem));
      return;
    }
    const outcome = await openDefectLink(target, linkSteps(deps));
    tag.info(`link ${target.action} ${target.domain}/${target.project} #${target.id} on ${target.serverUrl}: ${outcome.kind}`);
    handled.fire(outcome);
  };
  const disposables = [
    handled,
    vscode.window.registerUriHandler({ handleUri: (uri) => handleUri(uri).catch((e: unknown) => tag.error(`link: ${String(e)}`)) }),
    registerCommand(COMMAND.copyVsCodeLink, tag, async (arg) => {
      const ref =
        defectRefFrom(arg) ??
        deps
          .selection()
          .map(defectRefFrom)
          .find((r) => r !== undefined);
      const link = ref ? linkTo(ref) : undefined;
      if (!ref || !link) return undefined;
      await vscode.env.clipboard.writeText(link);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the VS Code link to defect {0}', ref.id), 3000);
      return link;
    }),
  ];
  return {
    linkTo,
    handled: handled.event,
    dispose: () => {
      for (const d of disposables.reverse()) d.dispose();
    },
  };
}

function linkSteps(deps: LinksDeps): OpenLinkSteps {
  return {
    entries: () => deps.manager.all().map((c) => ({ name: c.name, url: c.entry.url, account: c.account })),
    pickEntry: (entries, target) => deps.prompts().pickEntry(entries, target),
    offerAddServer: (url) => deps.prompts().offerAddServer(url),
    addServer: (url) => deps.addServer(url),
    ensureSignedIn: async (server) => {
      const connection = deps.manager.get(server);
      if (!connection) return false;
      // A stored password signs in on the first request; only a missing or refused one asks.
      if (connection.canLoad) return true;
      const result = await vscode.commands.executeCommand<{ ok?: boolean } | undefined>(COMMAND.signIn, { server });
      return result?.ok === true;
    },
    open: (ref) => deps.open(ref),
    start: async (ref) => vscode.commands.executeCommand(COMMAND.startWork, ref),
  };
}

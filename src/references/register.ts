// Wires defect references into VS Code: the link and hover providers for every document, the
// batched lookup (through the connections' clients in src/api) and the settings they read.
import * as vscode from 'vscode';
import { AuthError, defectsByIds, isAlmApiError } from '../api/index';
import type { ConnectionManager } from '../auth/connectionManager';
import { describeError } from '../util/log';
import type { Log } from '../util/log';
import { HOVER_FIELDS } from './hoverText';
import { projectNames } from '../defects/fieldText';
import { DefectLookup } from './lookup';
import type { Lookup } from './lookup';
import { defaultProjectOf } from '../config/defaultProject';
import { ReferenceHoverProvider, ReferenceIndex, ReferenceLinkProvider } from './providers';
import type { ReferenceContext } from './providers';
import { affectsReferences, readReferenceSettings } from './settings';
import type { ReferenceSettings } from './settings';

export interface ReferencesFeature extends vscode.Disposable {
  readonly lookup: DefectLookup;
}

export function registerReferences(manager: ConnectionManager, log: Log): ReferencesFeature {
  const tag = log.child('references');
  const lookup = new DefectLookup({
    fetch: async (key, ids, signal) => {
      const [server, domain, project] = JSON.parse(key) as [string, string, string];
      const api = await manager.project({ server, domain, project });
      tag.debug(`looking up ${ids.length} defect(s) in ${project}`);
      return defectsByIds(api.defects, ids, { fields: HOVER_FIELDS, signal });
    },
    classify,
  });
  let settingsCache = new Map<string, ReferenceSettings>();
  const context: ReferenceContext = {
    lookup,
    settings(document) {
      const folder = vscode.workspace.getWorkspaceFolder(document.uri)?.uri.toString() ?? '';
      let s = settingsCache.get(folder);
      if (!s) {
        s = readReferenceSettings(document.uri);
        for (const p of s.problems) tag.warn(p);
        settingsCache.set(folder, s);
      }
      return s;
    },
    projectOf: (reference, settings) => reference.project ?? defaultProjectOf(settings.defaultProject, manager.all()),
    async names(project) {
      const connection = manager.get(project.server);
      return connection ? projectNames(await connection.project(project.domain, project.project)) : {};
    },
  };
  const index = new ReferenceIndex(context);
  /** Per server, whether it can load and as whom, as last seen. */
  const accessOf = new Map<string, string>(manager.all().map((c) => [c.name, `${c.canLoad}/${c.username}`]));
  // Every scheme: files, untitled buffers, the SCM input, virtual documents; plain text included.
  const selector: vscode.DocumentSelector = { pattern: '**' };
  const everything: vscode.DocumentSelector = [selector, { scheme: 'untitled' }, { scheme: 'vscode-scm' }];
  const disposables: vscode.Disposable[] = [
    vscode.languages.registerDocumentLinkProvider(everything, new ReferenceLinkProvider(index, context)),
    vscode.languages.registerHoverProvider(everything, new ReferenceHoverProvider(index, context)),
    vscode.workspace.onDidCloseTextDocument((d) => index.forget(d)),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!affectsReferences(e)) return;
      settingsCache = new Map();
      index.clear();
      lookup.clear();
    }),
    // A sign-in or sign-out (or another user) changes what the hovers can say; a re-sign-in, the tree
    // being detected or the names being read do not, and must not cost the next hover a query.
    manager.onDidChangeConnection((c) => {
      const access = `${c.canLoad}/${c.username}`;
      if (accessOf.get(c.name) !== access) lookup.clear();
      accessOf.set(c.name, access);
    }),
    new vscode.Disposable(() => lookup.dispose()),
  ];
  return { lookup, dispose: () => disposables.reverse().forEach((d) => void d.dispose()) };
}

function classify(e: unknown): Lookup {
  const message = describeError(e);
  if (e instanceof AuthError) return { kind: 'signed-out', message };
  if (isAlmApiError(e) && (e.kind === 'network' || e.kind === 'tls' || e.kind === 'timeout')) return { kind: 'unreachable', message };
  return { kind: 'failed', message };
}

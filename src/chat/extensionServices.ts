// The chat tools' services built from the extension's connections and settings.
import * as l10n from '@vscode/l10n';
import type { AuthServices } from '../auth/services';
import type { DefectEvents } from '../defects/events';
import type { DefectEditorApi } from '../editor';
import { readDefaultProject } from '../config/settings';
import type { ProjectRef } from '../api/index';
import type { Log } from '../util/log';
import type { ChatToolServices } from './services';

export function extensionChatServices(auth: AuthServices, editor: DefectEditorApi, log: Log, events: Pick<DefectEvents, 'announcer' | 'changed'>): ChatToolServices {
  const { manager } = auth;
  const connection = (server: string) => {
    const c = manager.get(server);
    if (!c) throw new Error(l10n.t('No ALM server named "{0}" is configured.', server));
    return c;
  };
  return {
    servers: () =>
      manager.all().map((c) => ({
        name: c.name,
        baseUrl: c.entry.url,
        username: c.username,
        signedIn: c.canLoad,
        ...(c.entry.domain ? { domain: c.entry.domain } : {}),
        ...(c.entry.project ? { project: c.entry.project } : {}),
      })),
    defaultProject: () => readDefaultProject(),
    async projects(server, signal) {
      const c = connection(server);
      const domains = await c.domains(signal);
      const out: ProjectRef[] = [];
      for (const d of domains) out.push(...(d.projects ?? (await c.projects(d.name, signal))));
      return out;
    },
    project: (ref) => connection(ref.server).project(ref.domain, ref.project),
    editingHere: (ref) => editor.editingHere(ref),
    // What the tools write goes to the defect events (the tree, grid and open editors listen there).
    defectSaved: events.announcer('chat'),
    defectsChanged: (project) => events.changed(project),
    log: log.child('chat'),
    now: () => new Date(),
  };
}

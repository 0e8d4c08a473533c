// Which project a tool works on: what the input names, filled in from the workspace's default
// project (`almDefects.defaultProject`), a server entry's pinned project, or the only project of
// the only signed-in server. Anything ambiguous is a ToolInputError listing the choices, so the
// model can ask the user or pass server, domain and project. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { defaultProjectOf } from '../config/defaultProject';
import { UnknownServerError } from '../config/servers';
import type { ProjectInput } from './model/inputs';
import { ToolInputError } from './model/results';
import type { ProjectRefKey } from '../defects/refs';
import type { ChatServer, ChatToolServices } from './services';

export interface ResolvedProject extends ProjectRefKey {
  entry: ChatServer;
}

export function describeProject(ref: ProjectRefKey): string {
  return `${ref.server} (${ref.domain}/${ref.project})`;
}

function pickServer(services: ChatToolServices, input: ProjectInput, fallback: string | undefined): ChatServer {
  const all = services.servers();
  if (all.length === 0) throw new ToolInputError(l10n.t('No ALM server is configured. The user can add one with "ALM: Add Server…".'));
  const name = input.server?.trim() || fallback;
  if (name) {
    const found = all.find((s) => s.name === name) ?? all.find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (!found)
      throw new ToolInputError(
        new UnknownServerError(
          name,
          all.map((s) => s.name),
        ).message,
      );
    return found;
  }
  if (all.length === 1) return all[0];
  const signedIn = all.filter((s) => s.signedIn);
  if (signedIn.length === 1) return signedIn[0];
  if (signedIn.length === 0) {
    throw new ToolInputError(l10n.t('Error: signed out. The user is not signed in to any ALM server ({0}); they can sign in with "ALM: Sign In…".', all.map((s) => `"${s.name}"`).join(', ')));
  }
  throw new ToolInputError(
    l10n.t(
      'Several ALM servers are signed in ({0}); pass "server" (and "domain" and "project"), or set almDefects.defaultProject in the workspace settings.',
      signedIn.map((s) => `"${s.name}"`).join(', '),
    ),
  );
}

export async function resolveProject(services: ChatToolServices, input: ProjectInput, signal?: AbortSignal): Promise<ResolvedProject> {
  const preset = services.defaultProject();
  if (!input.server?.trim() && !input.domain?.trim() && !input.project?.trim()) {
    // Nothing named: the default project every feature uses for a bare number.
    const servers = services.servers();
    const fixed = defaultProjectOf(
      preset,
      servers.map((s) => ({ name: s.name, entry: s })),
    );
    const entry = fixed && servers.find((s) => s.name === fixed.server);
    if (fixed && entry) return { ...fixed, entry };
  }
  const named = input.server?.trim();
  // The default project applies to its own server only.
  const usePreset = preset && (!named || named.toLowerCase() === preset.server?.toLowerCase()) ? preset : undefined;
  const entry = pickServer(services, input, usePreset?.server);
  const domainIn = input.domain?.trim() || (usePreset?.server ? usePreset.domain : undefined) || entry.domain;
  const projectIn = input.project?.trim() || (usePreset?.server ? usePreset.project : undefined) || (domainIn === entry.domain ? entry.project : undefined);
  if (domainIn && projectIn) return { server: entry.name, domain: domainIn, project: projectIn, entry };
  // Nothing pins it: the server's projects decide (one project is the default; several are listed).
  const projects = (await services.projects(entry.name, signal)).filter(
    (p) => (!domainIn || p.domain.toLowerCase() === domainIn.toLowerCase()) && (!projectIn || p.name.toLowerCase() === projectIn.toLowerCase()),
  );
  if (projects.length === 1) return { server: entry.name, domain: projects[0].domain, project: projects[0].name, entry };
  if (projects.length === 0) {
    const named = projectIn ? ` ${l10n.t('named "{0}"', projectIn)}` : '';
    const inDomain = domainIn ? ` ${l10n.t('in domain "{0}"', domainIn)}` : '';
    throw new ToolInputError(l10n.t('No project{0}{1} on {2}.', named, inDomain, entry.name));
  }
  const shown = projects
    .slice(0, 20)
    .map((p) => `${p.domain}/${p.name}`)
    .join(', ');
  throw new ToolInputError(
    l10n.t('{0} has several projects ({1}); pass "domain" and "project", or set almDefects.defaultProject in the workspace settings.', entry.name, `${shown}${projects.length > 20 ? ', …' : ''}`),
  );
}

// The project a bare defect number belongs to ("defect 123" in code, "#almDefect 123" in chat, the
// Start Work picker), decided one way for every feature: `almDefects.defaultProject` when it names
// server, domain and project; a setting naming only its server takes that server entry's pinned
// domain and project; with no setting, the one configured server that pins a project. No `vscode`.
import type { ProjectRefKey } from '../shared/projectRef';

/** The setting as written: a server at least, domain and project where given. */
export interface DefaultProjectSetting {
  server: string;
  domain?: string;
  project?: string;
}

/** A configured server entry, as far as the default project is concerned. */
export interface PinnedServer {
  name: string;
  entry: { domain?: string; project?: string };
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** `almDefects.defaultProject` read from its raw value; undefined unless it names a server. */
export function parseDefaultProject(raw: unknown): DefaultProjectSetting | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const o = raw as Record<string, unknown>;
  const server = text(o.server);
  if (!server) return undefined;
  const domain = text(o.domain);
  const project = text(o.project);
  return { server, ...(domain ? { domain } : {}), ...(project ? { project } : {}) };
}

/** The whole project a bare number belongs to, or undefined when nothing decides it. */
export function defaultProjectOf(setting: DefaultProjectSetting | undefined, servers: readonly PinnedServer[]): ProjectRefKey | undefined {
  if (setting) {
    const match = servers.find((s) => s.name === setting.server) ?? servers.find((s) => s.name.toLowerCase() === setting.server.toLowerCase());
    const entry = match?.entry;
    const domain = setting.domain ?? entry?.domain;
    // The entry's project belongs to the entry's domain only.
    const project = setting.project ?? (domain === entry?.domain ? entry?.project : undefined);
    return domain && project ? { server: match?.name ?? setting.server, domain, project } : undefined;
  }
  const pinned = servers.filter((s) => s.entry.domain && s.entry.project);
  if (servers.length !== 1 || pinned.length !== 1) return undefined;
  const { name, entry } = pinned[0];
  return { server: name, domain: entry.domain as string, project: entry.project as string };
}

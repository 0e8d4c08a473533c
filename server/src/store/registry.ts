// Opens project databases on first use and keeps them open; unknown projects are a 404.
import { join } from 'node:path';
import { DEFAULT_LIMITS } from '../config';
import { AlmError } from '../errors';
import { ProjectStore } from './project';
import type { SiteStore } from './site';
import { Storage } from './storage';

export interface ProjectLookup {
  /** The store of an existing project; throws AlmError 404 for an unknown domain or project. */
  get(domain: string, project: string): ProjectStore;
  /** Registers a new project (and its domain) and creates its database. */
  create(domain: string, project: string): ProjectStore;
  /** Every project of the site. */
  all(): ProjectStore[];
}

export class ProjectRegistry implements ProjectLookup {
  private readonly open = new Map<string, ProjectStore>();

  constructor(
    private readonly site: SiteStore,
    private readonly dataDir: string,
    private readonly now: () => Date,
    /** Field size bound every opened store enforces on writes (RequestLimits.maxFieldBytes). */
    private readonly maxFieldBytes = DEFAULT_LIMITS.maxFieldBytes,
    /** Whether the server can write; shared by every store it opens. */
    private readonly storage = new Storage(),
  ) {}

  /** The store of an existing project; throws AlmError 404 for an unknown domain or project. */
  get(domain: string, project: string): ProjectStore {
    const found = this.site.findProject(domain, project);
    if (!found) {
      const title = this.site.findDomain(domain) ? `Project '${project}' does not exist in domain '${domain}'.` : `Domain '${domain}' does not exist.`;
      throw new AlmError(404, 'qccore.entity-not-found', title);
    }
    return this.openStore(found.domain, found.name);
  }

  /** Registers a project in the site database and creates its database and folders. */
  create(domain: string, project: string): ProjectStore {
    this.site.addProject(domain, project);
    const found = this.site.findProject(domain, project);
    if (!found) throw new Error(`Project ${domain}/${project} could not be registered.`);
    return this.openStore(found.domain, found.name);
  }

  /** Every project of the site, opened. */
  all(): ProjectStore[] {
    return this.site.listDomains().flatMap((d) => d.projects.map((p) => this.openStore(d.name, p)));
  }

  closeAll(): void {
    for (const store of this.open.values()) store.close();
    this.open.clear();
  }

  private openStore(domain: string, project: string): ProjectStore {
    const key = `${domain}\u0000${project}`;
    let store = this.open.get(key);
    if (!store) {
      store = new ProjectStore(domain, project, join(this.dataDir, 'projects', domain, project), this.now, this.storage);
      store.maxFieldBytes = this.maxFieldBytes;
      this.open.set(key, store);
    }
    return store;
  }
}

// The defects a developer is likely to mean: "My Defects" of the default project (not closed,
// newest first; one query, reused for a minute) and the ones recently opened in the editor (kept in
// the workspace state; their summaries come from the references' batched lookup).
import type * as vscode from 'vscode';
import type { ConnectionManager } from '../auth/connectionManager';
import type { DefectLookup } from '../references';
import { defaultProjectOf } from '../config/defaultProject';
import type { ProjectTarget } from '../references';
import { projectKey } from '../references/host';
import { readReferenceSettings } from '../references/host';
import type { DefectRef } from '../defects/refs';

export interface DefectChoice {
  ref: DefectRef;
  summary: string;
  status?: string;
  source: 'mine' | 'recent';
}

const RECENT_KEY = 'almDefects.recentDefects';
const RECENT_MAX = 20;
const MINE_TTL_MS = 60_000;
const MINE_MAX = 100;
/** Statuses that mean nobody works on the defect any more. */
const DONE = /^(closed|rejected|done|resolved)$/i;

export class DefectSource {
  private mine: { key: string; at: number; promise: Promise<DefectChoice[]> } | undefined;

  constructor(
    private readonly manager: ConnectionManager,
    private readonly lookup: DefectLookup,
    private readonly memento: vscode.Memento,
  ) {}

  defaultProject(): ProjectTarget | undefined {
    return defaultProjectOf(readReferenceSettings().defaultProject, this.manager.all());
  }

  /** Remembers an opened defect (newest first, at most 20). */
  async opened(ref: DefectRef): Promise<void> {
    const same = (r: DefectRef) => r.server === ref.server && r.domain === ref.domain && r.project === ref.project && r.id === ref.id;
    const list = [ref, ...this.recentRefs().filter((r) => !same(r))].slice(0, RECENT_MAX);
    await this.memento.update(RECENT_KEY, list);
  }

  /** My Defects first, then recently opened ones not already listed. */
  async choices(): Promise<DefectChoice[]> {
    const project = this.defaultProject();
    const mine = project ? await this.myDefects(project).catch(() => [] as DefectChoice[]) : [];
    const seen = new Set(mine.map((c) => keyOf(c.ref)));
    const recent: DefectChoice[] = [];
    const refs = this.recentRefs().filter((r) => !seen.has(keyOf(r)));
    const answers = await Promise.all(
      refs.map((r) =>
        this.lookup.get(
          projectKey(r),
          r.id,
          refs.filter((o) => projectKey(o) === projectKey(r)).map((o) => o.id),
        ),
      ),
    );
    refs.forEach((ref, i) => {
      const a = answers[i];
      if (a.kind === 'found') recent.push({ ref, summary: String(a.defect.name ?? ''), status: str(a.defect.status), source: 'recent' });
    });
    return [...mine, ...recent];
  }

  private myDefects(project: ProjectTarget): Promise<DefectChoice[]> {
    const key = projectKey(project);
    if (this.mine && this.mine.key === key && Date.now() - this.mine.at < MINE_TTL_MS) return this.mine.promise;
    const promise = (async () => {
      const connection = this.manager.get(project.server);
      if (!connection) return [];
      const api = await connection.project(project.domain, project.project);
      const page = await api.defects.page({
        filter: { owner: connection.username },
        fields: ['name', 'status'],
        orderBy: ['-last-modified', '-id'],
        pageSize: MINE_MAX,
      });
      return page.items
        .filter((d) => !DONE.test(String(d.status ?? '')))
        .map((d): DefectChoice => ({ ref: { ...project, id: d.id }, summary: String(d.name ?? ''), status: str(d.status), source: 'mine' }));
    })();
    this.mine = { key, at: Date.now(), promise };
    // A failure is not kept: the next completion asks again.
    promise.catch(() => (this.mine = undefined));
    return promise;
  }

  private recentRefs(): DefectRef[] {
    const raw = this.memento.get<unknown>(RECENT_KEY);
    return Array.isArray(raw) ? raw.filter((r): r is DefectRef => typeof r === 'object' && r !== null && typeof (r as DefectRef).id === 'number') : [];
  }
}

function keyOf(r: DefectRef): string {
  return `${projectKey(r)}#${r.id}`;
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

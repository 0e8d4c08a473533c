// One inbox check: for each signed-in server, its clock once, then per watched project one change
// query (`last-modified` from the previous check's server time on, reference §17: `>=`, as times are
// whole seconds and a change in the second the check started must not be missed) and, for the changed
// defects that are mine, reported by me or flagged, their newest audit rows. The first check of a
// project only takes the server's time as its starting point. No `vscode` import: tests and the
// benchmark drive it against the ALM server on loopback.
import { ge, NotFoundError } from '../api/index';
import type { AuditEntry, Defect, ProjectApi, ServerTime } from '../api/index';
import type { DefectRef, ProjectRefKey } from '../defects/refs';
import { CHANGE_FIELDS, detectChanges } from './detect';
import type { Finding, Me, Snapshot } from './detect';
import type { PollOutcome } from './pollSchedule';

/** Changed defects read per request. */
const PAGE_SIZE = 200;
/**
 * Pages read per project and check. A burst of changes larger than that is read over the next
 * checks (the check after resumes where this one stopped), so a check's cost stays bounded and no
 * change is skipped.
 */
const MAX_PAGES = 5;
/** Defects whose audits are read per project and check (a check that needs more stops there and the next resumes). */
const MAX_AUDITED = 20;
/** Audit rows read per defect: the newest ones. */
const AUDITS_PER_DEFECT = 20;

export interface PollServer {
  name: string;
  /** The user the server knows as "me". */
  username: string;
  serverTime(signal?: AbortSignal): Promise<ServerTime | undefined>;
  project(domain: string, project: string): Promise<ProjectApi>;
}

export interface PollHost {
  /** The servers signed in now. */
  servers(): readonly PollServer[];
  /** The projects to check. */
  projects(): readonly ProjectRefKey[];
  flagged(ref: DefectRef): boolean;
  found(project: ProjectRefKey, findings: Finding[]): void;
  warn(message: string): void;
}

interface ProjectState {
  since: string;
  snapshots: Map<number, Snapshot>;
  fullName?: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export class InboxPoller {
  private readonly state = new Map<string, ProjectState>();
  /** Requests sent, by kind (the benchmark and tests read them). */
  readonly requests = { time: 0, query: 0, audits: 0, users: 0 };

  constructor(private readonly host: PollHost) {}

  async check(signal?: AbortSignal): Promise<PollOutcome> {
    let outcome: PollOutcome = 'ok';
    for (const server of this.host.servers()) {
      const projects = this.host.projects().filter((p) => p.server === server.name);
      if (projects.length === 0) continue;
      try {
        this.requests.time++;
        // A server without the Core tree has no clock to ask: the newest change seen stands in.
        const now = await server.serverTime(signal).catch((e: unknown) => {
          if (e instanceof NotFoundError) return undefined;
          throw e;
        });
        for (const p of projects) await this.checkProject(server, p, now, signal);
      } catch (e) {
        this.host.warn(`${server.name}: ${e instanceof Error ? e.message : String(e)}`);
        outcome = 'error';
      }
    }
    return outcome;
  }

  private async checkProject(server: PollServer, p: ProjectRefKey, now: ServerTime | undefined, signal?: AbortSignal): Promise<void> {
    const key = JSON.stringify([p.server, p.domain, p.project]);
    const api = await server.project(p.domain, p.project);
    const known = this.state.get(key);
    if (!known) {
      // The starting point: from now on. Without a server clock, the newest change the project has.
      const since = now?.dateTime ?? (await this.newestChange(api, signal));
      this.state.set(key, { since, snapshots: new Map(), fullName: await this.fullName(api, server.username, signal) });
      return;
    }
    const me: Me = { username: server.username, ...(known.fullName ? { fullName: known.fullName } : {}) };
    const findings: Finding[] = [];
    const read = await this.readChanges(api, p, known, me, findings, signal);
    // Read to the end: the next check starts at this one's server time. Stopped early: where it stopped
    // (the defects of that second already read are known by their last-modified and skipped then).
    known.since = read.resumeAt ?? now?.dateTime ?? read.newest;
    if (findings.length > 0) this.host.found(p, findings);
  }

  /**
   * Reads the defects changed since `known.since`, oldest change first, page by page (at most
   * MAX_PAGES, at most MAX_AUDITED audit reads); `resumeAt` is the last-modified to start the next
   * check from when it stopped before the end.
   */
  private async readChanges(api: ProjectApi, p: ProjectRefKey, known: ProjectState, me: Me, findings: Finding[], signal?: AbortSignal): Promise<{ resumeAt?: string; newest: string }> {
    let from = known.since;
    // Defects of second `from` read already in this check: the next page skips them (ties are ordered by id).
    let tied = 0;
    let audited = 0;
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      this.requests.query++;
      const page = await api.defects.page({
        filter: { 'last-modified': ge(from) },
        fields: CHANGE_FIELDS,
        orderBy: [
          { field: 'last-modified', direction: 'asc' },
          { field: 'id', direction: 'asc' },
        ],
        offset: tied,
        pageSize: PAGE_SIZE,
        signal,
      });
      for (const defect of page.items) {
        const modified = text(defect['last-modified']);
        const snapshot = known.snapshots.get(defect.id);
        // Seen with this very `last-modified` already (the start second, or a clock running ahead): nothing new.
        if (snapshot?.lastModified !== modified) {
          const ref = { ...p, id: defect.id };
          const flagged = this.host.flagged(ref);
          const needsAudits = flagged || [text(defect.owner), text(defect['detected-by'])].some((u) => u.toLowerCase() === me.username.toLowerCase());
          if (needsAudits && audited === MAX_AUDITED) return { resumeAt: modified, newest: from };
          if (needsAudits) audited++;
          const audits = needsAudits ? await this.audits(api, defect, signal) : undefined;
          const result = detectChanges({ defect, previous: snapshot, audits, since: known.since, flagged }, me);
          known.snapshots.set(defect.id, result.snapshot);
          findings.push(...result.findings);
        }
        tied = modified === from ? tied + 1 : 1;
        from = modified > from ? modified : from;
      }
      if (page.items.length < PAGE_SIZE) return { newest: from };
    }
    // More than all the pages changed within the one second the check started from: resuming there
    // would read the same pages again and again, so the rest of that second is given up.
    if (from === known.since) {
      this.host.warn(`${p.project}: more than ${PAGE_SIZE * MAX_PAGES} defects changed at ${from}; the Inbox skipped the rest of them`);
      return { newest: from };
    }
    return { resumeAt: from, newest: from };
  }

  private async audits(api: ProjectApi, defect: Defect, signal?: AbortSignal): Promise<AuditEntry[]> {
    this.requests.audits++;
    const history = await api.history.of(defect.id, { limit: AUDITS_PER_DEFECT, signal });
    return history.available ? history.entries : [];
  }

  private async newestChange(api: ProjectApi, signal?: AbortSignal): Promise<string> {
    this.requests.query++;
    const page = await api.defects.page({ fields: ['last-modified'], orderBy: [{ field: 'last-modified', direction: 'desc' }], pageSize: 1, signal });
    return text(page.items[0]?.['last-modified']) || '1970-01-01 00:00:00';
  }

  /** The user's full name, for mentions; none when the server refuses the user list. */
  private async fullName(api: ProjectApi, username: string, signal?: AbortSignal): Promise<string | undefined> {
    try {
      this.requests.users++;
      const users = await api.users({ signal });
      return users.users.find((u) => u.name.toLowerCase() === username.toLowerCase())?.fullName;
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      throw e;
    }
  }
}

// What a `vscode://…/open` or `…/start` link does once VS Code hands it over: find the entry of the
// link's server among the user's own servers (asking which one when several match), sign in if
// needed, then open the defect or start work on it. A server the user has not added is never
// contacted: the user is offered Add Server with the URL filled in, and nothing else happens.
// No `vscode` import: the steps come in as functions, so plain mocha tests every branch.
import type { DefectRef } from '../defects/refs';
import type { DefectLinkTarget } from '../defects/vscodeLink';
import { entriesForServer } from '../defects/vscodeLink';

export interface LinkEntry {
  name: string;
  url: string;
  /** Who signs in with this entry, shown when several entries match. */
  account: string;
}

export interface OpenLinkSteps {
  /** The configured servers now. */
  entries(): readonly LinkEntry[];
  /** Several entries are this server: which one? Undefined when the user cancels. */
  pickEntry(entries: readonly LinkEntry[], target: DefectLinkTarget): Promise<LinkEntry | undefined>;
  /** The link's server is not configured: offer Add Server (true when the user accepts). */
  offerAddServer(serverUrl: string): Promise<boolean>;
  /** Runs Add Server with the URL filled in; the new entry's name, or undefined when cancelled. */
  addServer(serverUrl: string): Promise<string | undefined>;
  /** Signs in to the entry when needed; false when the user cancelled or it failed (already said). */
  ensureSignedIn(server: string): Promise<boolean>;
  open(ref: DefectRef): Promise<unknown>;
  start(ref: DefectRef): Promise<unknown>;
}

export type OpenLinkOutcome = { kind: 'opened' | 'started'; ref: DefectRef } | { kind: 'cancelled' | 'not-signed-in' | 'unknown-server'; serverUrl: string };

export async function openDefectLink(target: DefectLinkTarget, steps: OpenLinkSteps): Promise<OpenLinkOutcome> {
  const found = await entryFor(target, steps);
  if (found === 'unknown') return { kind: 'unknown-server', serverUrl: target.serverUrl };
  if (!found) return { kind: 'cancelled', serverUrl: target.serverUrl };
  const entry = found.name;
  if (!(await steps.ensureSignedIn(entry))) return { kind: 'not-signed-in', serverUrl: target.serverUrl };
  const ref: DefectRef = { server: entry, domain: target.domain, project: target.project, id: target.id };
  if (target.action === 'start') {
    await steps.start(ref);
    return { kind: 'started', ref };
  }
  await steps.open(ref);
  return { kind: 'opened', ref };
}

/** The entry; `unknown` when the user declined to add the server, undefined when cancelled. */
async function entryFor(target: DefectLinkTarget, steps: OpenLinkSteps): Promise<{ name: string } | 'unknown' | undefined> {
  const matching = entriesForServer(steps.entries(), target.serverUrl);
  if (matching.length === 1) return matching[0];
  if (matching.length > 1) return steps.pickEntry(matching, target);
  if (!(await steps.offerAddServer(target.serverUrl))) return 'unknown';
  const added = await steps.addServer(target.serverUrl);
  // Add Server may save the entry under another URL (the user edited it): open only a match.
  const now = entriesForServer(steps.entries(), target.serverUrl);
  return now.find((e) => e.name === added);
}

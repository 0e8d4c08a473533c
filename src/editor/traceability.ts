// The editor's History and Links sections on the host: the defect's audit entries as rows (a memo
// change summarised, its old and new text as plain text — never HTML — for the page to show on
// request), and its links both ways with add, remove and open. No `vscode` import.
import type { AuditEntry, DefectLink, FieldCatalog, HistoryApi, LinksApi, ProjectUsers, ReleaseCatalog } from '../api/index';
import { fieldKind } from '../defects/fieldKind';
import { dateText, fieldText, projectNames } from '../defects/fieldText';
import { userText } from '../shared/valueText';
import type { ValueNames } from '../defects/fieldText';
import { memoToText } from '../defects/memo';
import type { HistoryEntryView, HistoryResult, LinkView, LinksRequest, LinksResult } from '../shared/editorProtocol';

/** What a history or links request needs of the project. */
export interface TraceabilityApi {
  readonly history: HistoryApi;
  readonly links: LinksApi;
  fields(collection: string): Promise<FieldCatalog>;
  /** For release, cycle and user values by name (cached by the client). */
  releases?(): Promise<ReleaseCatalog>;
  users?(): Promise<ProjectUsers>;
}

/** The link types a new link can take (§16.10: the "Link Type" list holds these two). */
export const LINK_TYPES = ['Related', 'Duplicate'];

function entryView(e: AuditEntry, catalog: FieldCatalog, names: ValueNames): HistoryEntryView {
  return {
    // When and who as every view writes a date-time and a user (issue 39: history showed the server's raw time and login).
    time: dateText(e.time, names.locale),
    user: userText(e.user, names.users?.get(e.user)?.fullName),
    changes: e.changes.map((c) => {
      const meta = catalog.get(c.field);
      const kind = fieldKind(c.field, meta);
      if (kind === 'memo') return { label: c.label, oldValue: memoToText(c.oldValue), newValue: memoToText(c.newValue), memo: true };
      // As every view writes a value: releases, cycles and users by name, dates in the locale.
      const text = (v: string) => fieldText(c.field, v, names, meta);
      return { label: meta?.label ?? c.label, oldValue: text(c.oldValue), newValue: text(c.newValue) };
    }),
  };
}

/** At most `limit` entries of defect `id`'s history, newest first; dates in `locale` (VS Code's display language). */
export async function historyOf(api: TraceabilityApi, id: number, limit: number, locale?: string): Promise<HistoryResult> {
  const history = await api.history.of(id, { limit: Math.max(1, limit) });
  if (!history.available) return { entries: [], total: 0, note: history.reason };
  const catalog = await api.fields('defects');
  const shown = history.entries.slice(0, Math.max(1, limit));
  // The one names loader (cached per project).
  const names = await projectNames(api, { locale });
  return { entries: shown.map((e) => entryView(e, catalog, names)), total: history.total };
}

function linkView(l: DefectLink): LinkView {
  return { id: l.id, direction: l.direction, otherId: l.otherId, otherType: l.otherType, otherName: l.otherName, otherStatus: l.otherStatus, linkType: l.linkType, comment: l.comment };
}

export interface LinkActions {
  /** Asks before a link is removed; false leaves it. */
  confirmRemove(link: LinkView): Promise<boolean>;
  openDefect(id: number): Promise<void>;
}

/** Links shown at first and added by each "Show more" (a defect may have thousands, issue 38). */
const LINKS_PAGE = 100;

/** Runs a links request for defect `id`, then answers with the first `limit` links as they are now, named. */
export async function linksOf(api: TraceabilityApi, id: number, request: LinksRequest, actions: LinkActions): Promise<LinksResult> {
  if (request.action === 'add') {
    await api.links.add(id, { to: request.to, linkType: request.linkType, comment: request.comment });
  } else if (request.action === 'open') {
    await actions.openDefect(request.defectId);
  } else if (request.action === 'remove') {
    const link = (await api.links.list(id)).links.find((l) => l.id === request.id);
    if (link) await api.links.name([link]);
    if (link && (await actions.confirmRemove(linkView(link)))) await api.links.remove(link.id);
  }
  const { links, total } = await api.links.list(id);
  const shown = links.slice(0, Math.max(1, Math.floor(request.limit ?? LINKS_PAGE)));
  await api.links.name(shown);
  return { items: shown.map(linkView), total, more: shown.length < links.length, linkTypes: LINK_TYPES };
}

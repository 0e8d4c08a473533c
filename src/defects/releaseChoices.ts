// Releases and cycles as every picker lists them (the editor's release fields, the tree's filter):
// by name with their dates, current ones first, a cycle with its release. Written once so that the
// form and the filter menu offer the same order and the same words. No `vscode` import.
import * as l10n from '@vscode/l10n';
import { byRelevance } from '../api';
import type { Release, ReleaseCatalog } from '../api';
import type { ReleaseOption } from '../shared/editorProtocol';

/** Today as `YYYY-MM-DD` in the user's time zone (release dates carry no zone). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `2026-01-01 – 2026-06-30`; one side alone when only one is known; '' without dates. */
function releaseDates(r: Release): string {
  if (r.start && r.end) return `${r.start} – ${r.end}`;
  if (r.start) return l10n.t('from {0}', r.start);
  if (r.end) return l10n.t('until {0}', r.end);
  return '';
}

function isCurrent(r: Release, today: string): boolean {
  return (r.start ?? '') <= today && today <= (r.end ?? '9999');
}

/** The catalog's releases (`release`) or cycles (`cycle`) as picker options, current ones first. */
export function releaseChoices(catalog: ReleaseCatalog, kind: 'release' | 'cycle', today: string = localToday()): ReleaseOption[] {
  if (kind === 'release') return byRelevance(catalog.releases, today).map((r) => ({ id: r.id, name: r.name, dates: releaseDates(r), current: isCurrent(r, today) }));
  const releaseName = new Map(catalog.releases.map((r) => [r.id, r.name]));
  return byRelevance(catalog.cycles, today).map((c) => ({
    id: c.id,
    name: c.name,
    dates: releaseDates(c),
    current: isCurrent(c, today),
    releaseId: c.releaseId,
    ...(releaseName.has(c.releaseId) ? { releaseName: releaseName.get(c.releaseId) } : {}),
  }));
}

/** The cycle field that goes with a release field (`target-rel` → `target-rcyc`), by the well-known names. */
export const CYCLE_OF_RELEASE: Readonly<Record<string, string>> = { 'detected-in-rel': 'detected-in-rcyc', 'target-rel': 'target-rcyc' };

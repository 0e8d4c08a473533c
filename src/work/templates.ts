// Names and texts of "Start Work": the branch name from `almDefects.branchTemplate`, the commit
// message from `almDefects.commitTemplate`, the summary's slug and the status that means "in
// progress". Pure functions, tested in plain mocha.

export interface TemplateValues {
  id: number;
  summary: string;
  project: string;
  user: string;
}

const SLUG_MAX = 40;

/** "Crash on Save — Übersicht (v2)!" → "crash-on-save-ubersicht-v2": ASCII words joined by "-", at most 40 characters, cut at a word. */
export function slugOf(summary: string): string {
  const words = summary
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const w of words) {
    const next = slug ? `${slug}-${w}` : w;
    if (next.length > SLUG_MAX) return slug || w.slice(0, SLUG_MAX);
    slug = next;
  }
  return slug;
}

/** `${name}` placeholders filled from `values`; unknown placeholders stay as written. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\$\{(\w+)\}/g, (m, name: string) => (name in values ? String(values[name]) : m));
}

/**
 * The branch name: the template filled (with the slug), then made a valid Git ref name — no spaces,
 * control characters, `~^:?*[\`, `..`, `@{`, `//`, leading `-` or `.`, or trailing `/`, `.` or `.lock`.
 * Falls back to `defect/<id>` when nothing usable is left.
 */
export function branchName(template: string, v: TemplateValues): string {
  const filled = fillTemplate(template || 'defect/${id}-${slug}', { id: v.id, slug: slugOf(v.summary) || 'defect', project: slugOf(v.project), user: slugOf(v.user) });
  const clean = filled
    .replace(/[\s~^:?*[\\\u0000-\u001f\u007f]+/g, '-')
    .replace(/@\{/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/\/{2,}/g, '/')
    .split('/')
    .map((part) =>
      part
        .replace(/^[.-]+/, '')
        .replace(/(\.lock|\.)+$/i, '')
        .replace(/-{2,}/g, '-')
        .replace(/-+$/, ''),
    )
    .filter(Boolean)
    .join('/');
  return clean && clean !== '@' ? clean : `defect/${v.id}`;
}

export function commitMessage(template: string, v: TemplateValues): string {
  return fillTemplate(template || 'Defect ${id}: ${summary}', { id: v.id, summary: v.summary, project: v.project });
}

/** The first value of the status list that means "in progress" ("In Progress", then "Working"/"Active"/"Assigned", then "Open"). */
export function inProgressStatus(statuses: readonly string[]): string | undefined {
  const ranked = [/^in[\s_-]*progress$/i, /progress/i, /^(working|in work|active|assigned|started)$/i, /^open$/i];
  for (const r of ranked) {
    const found = statuses.find((s) => r.test(s.trim()));
    if (found) return found;
  }
  return undefined;
}

// Finding defect references ("defect 123", "QC-123", "ALM #123") in text. The patterns come from the
// `almDefects.references` setting: a regular expression with one capture group for the id, either as
// a plain string or as `{ pattern, project?, insert? }` when it names its own project or says how a
// reference is written. No `vscode` import, so the matching is tested in plain mocha.
import * as l10n from '@vscode/l10n';
import type { ProjectRefKey } from '../defects/refs';

/** A whole project: server entry, domain, project. */
export type ProjectTarget = ProjectRefKey;

export interface ReferencePattern {
  readonly regex: RegExp;
  /** The project this pattern's ids belong to; the default project when absent. */
  readonly project?: ProjectTarget;
  /** How a reference to `id` is written in this pattern's form, e.g. "defect 42". */
  format(id: number): string;
}

export interface FoundReference {
  /** Offsets of the whole match in the text. */
  start: number;
  end: number;
  id: number;
  /** The pattern's own project, when it names one. */
  project?: ProjectTarget;
}

export const DEFAULT_REFERENCE_PATTERNS: readonly string[] = ['\\b(?:defect|bug)\\s+#?(\\d+)\\b', '\\b(?:QC|ALM)-(\\d+)\\b', '\\bALM\\s+#(\\d+)\\b'];

/** The patterns of a setting value; bad entries are skipped and reported (the setting must not break editing). */
export function parsePatterns(raw: unknown): { patterns: ReferencePattern[]; problems: string[] } {
  const entries = Array.isArray(raw) ? raw : DEFAULT_REFERENCE_PATTERNS;
  const patterns: ReferencePattern[] = [];
  const problems: string[] = [];
  for (const entry of entries) {
    const source = typeof entry === 'string' ? entry : isRecord(entry) && typeof entry.pattern === 'string' ? entry.pattern : undefined;
    if (source === undefined) {
      problems.push(l10n.t('almDefects.references: {0} is neither a pattern string nor { "pattern": … }.', JSON.stringify(entry)));
      continue;
    }
    let regex: RegExp;
    try {
      regex = new RegExp(source, 'gi');
    } catch (e) {
      problems.push(l10n.t('almDefects.references: "{0}" is not a valid regular expression ({1}).', source, e instanceof Error ? e.message : String(e)));
      continue;
    }
    if (captureGroups(source) < 1) {
      problems.push(l10n.t('almDefects.references: "{0}" needs one capture group around the defect id, e.g. "QC-(\\d+)".', source));
      continue;
    }
    if (new RegExp(source, 'i').test('')) {
      problems.push(l10n.t('almDefects.references: "{0}" matches empty text; it was ignored.', source));
      continue;
    }
    const project = isRecord(entry) ? parseProject(entry.project) : undefined;
    const insert = isRecord(entry) && typeof entry.insert === 'string' ? entry.insert : undefined;
    patterns.push({ regex, project, format: formatter(source, insert) });
  }
  return { patterns, problems };
}

/** Every reference in `text`, in order; overlapping matches of later patterns are dropped. */
export function findReferences(text: string, patterns: readonly ReferencePattern[]): FoundReference[] {
  const found: FoundReference[] = [];
  for (const p of patterns) {
    const regex = new RegExp(p.regex.source, p.regex.flags.includes('g') ? p.regex.flags : `${p.regex.flags}g`);
    for (const m of text.matchAll(regex)) {
      const idText = m.slice(1).find((g) => g !== undefined);
      const id = idText === undefined ? NaN : Number(idText);
      if (!Number.isSafeInteger(id) || id <= 0 || m[0].length === 0) continue;
      const start = m.index;
      const end = start + m[0].length;
      if (found.some((f) => start < f.end && f.start < end)) continue;
      found.push({ start, end, id, project: p.project });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

function parseProject(raw: unknown): ProjectTarget | undefined {
  if (!isRecord(raw)) return undefined;
  const { server, domain, project } = raw;
  return typeof server === 'string' && typeof domain === 'string' && typeof project === 'string' && server && domain && project ? { server, domain, project } : undefined;
}

/**
 * How a pattern writes an id: its `insert` template (`${id}`), or an example derived from the
 * expression (first alternative, optional parts dropped, `\s` as a space) when that example matches
 * the pattern again; otherwise "defect <id>".
 */
function formatter(source: string, insert: string | undefined): (id: number) => string {
  if (insert) return (id) => insert.split('${id}').join(String(id));
  const example = exampleOf(source);
  const check = new RegExp(`^(?:${source})$`, 'i');
  return (id) => {
    const text = example?.split('\u0000').join(String(id));
    return text !== undefined && check.test(text) ? text : `defect ${id}`;
  };
}

/** A literal instance of a simple pattern with U+0000 where the id goes; undefined when too complex. */
export function exampleOf(source: string): string | undefined {
  let s = source.replace(/\\b|\^|\$/g, '');
  // The capture group of the id (the first group that is not `(?:`).
  const group = /\((?!\?)[^()]*\)/.exec(s);
  if (!group) return undefined;
  s = `${s.slice(0, group.index)}\u0000${s.slice(group.index + group[0].length)}`;
  // Non-capturing alternatives: keep the first one.
  for (let guard = 0; /\(\?:([^()]*)\)/.test(s) && guard < 10; guard++) {
    s = s.replace(/\(\?:([^()]*)\)(\?)?/, (_m, inner: string, optional?: string) => (optional ? '' : inner.split('|')[0]));
  }
  s = s
    .replace(/(\\[sS]|\\.|\[[^\]]*\]|[^\\])\?/g, '') // optional atoms go
    .replace(/\\s[+*]?/g, ' ')
    .replace(/\[([^\]^\\])[^\]]*\][+*]?/g, '$1') // a class stands for its first character
    .replace(/\\([-#.:/ ])/g, '$1')
    .replace(/[+*]/g, '');
  return /[\\()[\]{}|]/.test(s) ? undefined : s;
}

function captureGroups(source: string): number {
  return (new RegExp(`${source}|`).exec('') ?? []).length - 1;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

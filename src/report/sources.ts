// What a report is made from, read from text: a TODO/FIXME/BUG comment on a line, a stack trace
// and its error line, and the summary each gives; and how the reference to the new defect is
// written back. No `vscode` import, so it is tested in plain mocha.
import type { ReferencePattern } from '../references/index';
import type { ProjectRefKey } from '../defects/refs';

/** ALM's Summary holds at most 255 characters. */
const SUMMARY_MAX = 255;

export interface MarkerComment {
  readonly marker: 'TODO' | 'FIXME' | 'BUG';
  /** The comment's text after the marker (its ":" and a closing "*\/" or "-->" left out). */
  readonly text: string;
  /** Offset in the line where a reference goes: right after the marker and its "(…)" note. */
  readonly insertAt: number;
}

// A comment opener before the marker, so "BUG" in code or a string is not taken for a comment:
// // /* * # -- <!-- ; % ' and REM, as the common languages write them.
const MARKER_COMMENT = /(?:\/\/|\/\*|^\s*\*|#|--|<!--|;|%|'|\bREM\b)[^\n]*?\b(TODO|FIXME|BUG)\b(\([^)\n]*\))?/;

/** The TODO/FIXME/BUG comment on `line`, if it has one. */
export function markerComment(line: string): MarkerComment | undefined {
  const m = MARKER_COMMENT.exec(line);
  if (!m) return undefined;
  const insertAt = m.index + m[0].length;
  const text = line
    .slice(insertAt)
    .replace(/^\s*[:\-–]?\s*/, '')
    .replace(/\s*(?:\*\/|-->)\s*$/, '')
    .trim();
  return { marker: m[1] as MarkerComment['marker'], text, insertAt };
}

/** `line` with ` (reference)` after the marker of its TODO comment; undefined when the line has none. */
export function withReference(line: string, reference: string): string | undefined {
  const comment = markerComment(line);
  if (!comment) return undefined;
  return `${line.slice(0, comment.insertAt)} (${reference})${line.slice(comment.insertAt)}`;
}

/**
 * How a reference to the new defect `ref` is written: in the form of the first pattern that names
 * its project, or (when it is the default project, or none is set) of the first pattern without
 * one; "defect 123" when no pattern fits.
 */
export function referenceFor(patterns: readonly ReferencePattern[], defaultProject: ProjectRefKey | undefined, ref: ProjectRefKey & { id: number }): string {
  const same = (p: ProjectRefKey | undefined) =>
    p !== undefined && p.server === ref.server && p.domain.toLowerCase() === ref.domain.toLowerCase() && p.project.toLowerCase() === ref.project.toLowerCase();
  const own = patterns.find((p) => same(p.project));
  const plain = !defaultProject || same(defaultProject) ? patterns.find((p) => !p.project) : undefined;
  const pattern = own ?? plain;
  return pattern ? pattern.format(ref.id) : `defect ${ref.id}`;
}

/** One line of at most SUMMARY_MAX characters: whitespace collapsed, cut at a word with "…" when longer. */
export function summaryOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= SUMMARY_MAX) return line;
  const cut = line.slice(0, SUMMARY_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > SUMMARY_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

/** The first line of `text` that has more than whitespace. */
export function firstLine(text: string): string {
  return text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
}

const FRAME_LINES = [
  /^\s+at\s+\S/, // JavaScript, Java, .NET, Kotlin
  /^\s+File ".*", line \d+/, // Python
  /^goroutine \d+ \[/, // Go
  /^\s+\d+:\s+0x[0-9a-f]+ - /i, // Rust backtrace
  /^\s*#\d+\s+\S/, // PHP, C++ (gdb)
  /^\s+from \S+:\d+:in /, // Ruby
];

/** Whether `text` reads as a stack trace (a frame line of a common runtime, or Python's header). */
export function isStackTrace(text: string): boolean {
  const lines = text.split(/\r?\n/);
  if (lines.some((l) => /^Traceback \(most recent call last\):/.test(l))) return true;
  return lines.filter((l) => FRAME_LINES.some((f) => f.test(l))).length >= 1 && lines.some((l) => l.trim() !== '' && !FRAME_LINES.some((f) => f.test(l)));
}

/**
 * The error line of a stack trace: Python's last unindented line ("ValueError: …"), else the
 * first line that is not a frame, without Java's "Exception in thread "main" " lead-in.
 */
export function errorLine(trace: string): string {
  const lines = trace.split(/\r?\n/).filter((l) => l.trim() !== '');
  const isFrame = (l: string) => FRAME_LINES.some((f) => f.test(l));
  if (lines.some((l) => /^Traceback \(most recent call last\):/.test(l))) {
    const last = [...lines].reverse().find((l) => !/^\s/.test(l) && !l.startsWith('Traceback'));
    if (last) return last.trim();
  }
  const first = lines.find((l) => !isFrame(l)) ?? lines[0] ?? '';
  return first.replace(/^Exception in thread "[^"]*"\s+/, '').trim();
}

// What a report takes from a selection: text only, and at most so much of it in the description.
// A larger selection is cut there and kept whole as an attachment of the new defect.
// No `vscode` import, so it is tested in plain mocha.
import * as l10n from '@vscode/l10n';

/** Lines of code or trace the description shows at most. */
export const MAX_LINES = 200;
/** Characters of code or trace the description shows at most. */
const MAX_CHARS = 20_000;
/** Characters a report takes at all (a selection larger than this is refused: nobody reports 5 MB by hand). */
const MAX_REPORT_CHARS = 5_000_000;

/** Lines a report takes around the cursor when nothing is selected (a diagnostic may cover a whole file). */
export const MAX_CONTEXT_LINES = 20;
/** Characters a report takes when nothing is selected (one minified line can be a whole file). */
const MAX_CONTEXT_CHARS = 4_000;

/**
 * The lines (0-based, inclusive) of `start`–`end` a report takes when the user selected nothing:
 * the whole range when short, else MAX_CONTEXT_LINES of it around line `focus` (the cursor).
 */
export function contextLines(start: number, end: number, focus: number): { start: number; end: number } {
  if (end - start + 1 <= MAX_CONTEXT_LINES) return { start, end };
  const at = Math.min(Math.max(focus, start), end);
  const from = Math.max(start, Math.min(at - Math.floor(MAX_CONTEXT_LINES / 2), end - MAX_CONTEXT_LINES + 1));
  return { start: from, end: from + MAX_CONTEXT_LINES - 1 };
}

/** Unselected lines cut to MAX_CONTEXT_CHARS, at a line end when one is near. */
export function boundContext(text: string): string {
  if (text.length <= MAX_CONTEXT_CHARS) return text;
  const cut = text.slice(0, MAX_CONTEXT_CHARS);
  const lineEnd = cut.lastIndexOf('\n');
  return lineEnd > MAX_CONTEXT_CHARS / 2 ? cut.slice(0, lineEnd) : cut;
}

export interface CappedText {
  /** What the description shows. */
  readonly shown: string;
  /** Whether `shown` is less than the whole text (which then goes into an attachment). */
  readonly cut: boolean;
  readonly shownLines: number;
  readonly totalLines: number;
}

/** `text` cut to MAX_LINES lines and MAX_CHARS characters (at a line end where one is near). */
export function capText(text: string): CappedText {
  // A selection that ends at the start of a line ends with a line break, not with one more line.
  const lines = text.replace(/\r?\n$/, '').split(/\r?\n/);
  let shown = lines.slice(0, MAX_LINES).join('\n');
  if (shown.length > MAX_CHARS) {
    const cut = shown.slice(0, MAX_CHARS);
    const lineEnd = cut.lastIndexOf('\n');
    shown = lineEnd > MAX_CHARS / 2 ? cut.slice(0, lineEnd) : cut;
  }
  const cut = shown.length < lines.join('\n').length;
  return { shown, cut, shownLines: shown.split('\n').length, totalLines: lines.length };
}

/**
 * Why `text` cannot be reported, or undefined when it can: binary content (NUL or other control
 * characters), text that was not valid UTF-8 (VS Code shows its bytes as U+FFFD), or too much of it.
 */
export function refusal(text: string): string | undefined {
  if (text.length > MAX_REPORT_CHARS) {
    return l10n.t('The selection has {0} characters; a report takes at most {1}. Select less, or attach the file to the defect instead.', text.length, MAX_REPORT_CHARS);
  }
  if (text.includes('\uFFFD')) {
    return l10n.t('The selection is not valid UTF-8 text (it shows replacement characters). Reopen the file with the right encoding, or attach it to the defect instead.');
  }
  const controls = text.match(/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/g)?.length ?? 0;
  if (controls > 0 && (text.includes('\u0000') || controls > text.length / 100)) {
    return l10n.t('The selection looks like binary data, not text. Attach the file to the defect instead.');
  }
  return undefined;
}

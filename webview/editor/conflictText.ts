// A value as the conflict view writes it: as the header and read mode do (src/shared/valueText.ts:
// users by full name, list values, references by name, dates in the display language, NO_VALUE for
// none), a memo as its text cut short. Before issue 39 this view wrote "(empty)", "a, b",
// "release #1002" and the server's raw dates. No DOM here: the memo's HTML is read by the caller's
// parser, so plain mocha can check the rest against every other view.
import type { FieldView, WireValue } from '../../src/shared/editorProtocol';
import { NO_VALUE, fieldViewText } from '../../src/shared/valueText';

/** Characters of a memo the conflict view shows. */
const MEMO_SHOWN = 300;

export function conflictValueText(value: WireValue, view: FieldView | undefined, locale: string | undefined, htmlText: (html: string) => string): string {
  // Memos are compared as text here; their HTML never reaches this view unsanitized.
  if (view?.input === 'memo' && typeof value === 'string') {
    const text = htmlText(value);
    return text.length > MEMO_SHOWN ? `${text.slice(0, MEMO_SHOWN)}…` : text || NO_VALUE;
  }
  return fieldViewText(view, value, locale);
}

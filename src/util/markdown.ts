// Text from the server shown inside Markdown the extension builds (tooltips, hovers, chat answers):
// every character Markdown or its HTML could act on is escaped, and a line break cannot end a
// table cell or a list item early.

export function escapeMarkdown(text: string): string {
  return escapeMarkdownChars(text).replace(/\r?\n/g, ' ');
}

/** escapeMarkdown without joining lines: for text whose line breaks are its own (a memo's lines). */
export function escapeMarkdownChars(text: string): string {
  // Native replacements, no function called per character: a memo may hold a million of them.
  return text
    .replace(/[\\`*_{}[\]()|~!]/g, '\\$&')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

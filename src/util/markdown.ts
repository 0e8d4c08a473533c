// Text from the server shown inside Markdown the extension builds (tooltips, hovers, chat answers):
// every character Markdown or its HTML could act on is escaped, and a line break cannot end a
// table cell or a list item early.

export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()|~!<>&]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : `\\${c}`)).replace(/\r?\n/g, ' ');
}

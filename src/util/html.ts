// The one HTML escape for text the extension puts into HTML it builds (memo documents, the editor
// page, error pages): every character that could end a text node or an attribute value.

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

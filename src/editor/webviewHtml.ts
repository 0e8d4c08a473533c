// The editor page's HTML and its Content-Security-Policy. Nothing may load or run but the one
// bundled script (by nonce) and its stylesheet: no remote anything, no script without the nonce, no frames,
// no form posts; images only as data: URIs the extension hands over. Inline styles are allowed
// because sanitized memos keep harmless `style` attributes (colours, alignment) and the toolkit
// styles itself at run time. The bundle's script and stylesheet are written into the page when the
// host has them (util/webviewAssets.ts): the script still runs only by its nonce, and the page opens
// without two resource round trips through VS Code's webview loader. The defect itself can come
// in the HTML too (`state`): a JSON data block, not a script, escaped so that no server text in it
// can end the element; the page reads it by its nonce and still sanitizes every memo.
import * as l10n from '@vscode/l10n';
import { createNonce, escapeHtml, webviewHead } from '../util/html';
import { inlinable } from '../util/webviewAssets';
import { EMBEDDED_STATE_ID } from '../shared/editorProtocol';
import type { EmbeddedEditorState } from '../shared/editorProtocol';

export interface WebviewHtmlOptions {
  /** `webview.cspSource`: the origin webview resources are served from. */
  cspSource: string;
  /** `asWebviewUri` of dist/webview/editor.js and editor.css. */
  scriptUri: string;
  styleUri: string;
  /** The text of editor.js and editor.css, written into the page instead of loading the URIs. */
  inline?: { script: string; style: string };
  /** `asWebviewUri` of dist/webview/toolkit.js (loaded for editing); else found beside scriptUri. */
  toolkitUri?: string;
  /** A fresh nonce per page load. */
  nonce?: string;
  title?: string;
  /** VS Code's translation bundle (`vscode.l10n.bundle`) for the page; absent for English. */
  l10n?: Record<string, string>;
  /** The display language (`vscode.env.language`). */
  lang?: string;
  /** The defect as the page first shows it, when the host has it already (see EmbeddedEditorState). */
  state?: EmbeddedEditorState;
}

/**
 * JSON that can stand inside <script type="application/json">: the state holds server text (memo
 * HTML, summaries) that may contain `</script>` or `<!--`, which would end or derail the element
 * and let the rest be parsed as markup. `<`, `>` and `&` become JSON escapes, as do U+2028/U+2029,
 * so the text holds no markup at all and JSON.parse gives back the same strings.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function editorHtml(o: WebviewHtmlOptions): string {
  const nonce = o.nonce ?? createNonce();
  const inline = o.inline && inlinable(o.inline) ? o.inline : undefined;
  return `${webviewHead({
    lang: o.lang ?? 'en',
    csp: { cspSource: o.cspSource, nonce, style: "'unsafe-inline'", img: 'data:' },
    stylesheet: { href: o.styleUri, inline: inline?.style },
    title: o.title ?? l10n.t('Defect'),
  })}
<body${o.l10n ? ` data-l10n="${escapeHtml(JSON.stringify(o.l10n))}"` : ''} data-toolkit="${escapeHtml(o.toolkitUri ?? new URL('toolkit.js', o.scriptUri).href)}">
<div id="app"><p class="loading" role="status">${escapeHtml(l10n.t('Loading the defect…'))}</p></div>
${o.state ? `<script type="application/json" id="${EMBEDDED_STATE_ID}" nonce="${escapeHtml(nonce)}">${jsonForScript(o.state)}</script>` : ''}
${inline ? `<script nonce="${escapeHtml(nonce)}">${inline.script}</script>` : `<script nonce="${escapeHtml(nonce)}" src="${escapeHtml(o.scriptUri)}"></script>`}
</body>
</html>
`;
}

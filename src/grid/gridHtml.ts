// The grid page's HTML and its Content-Security-Policy: nothing loads or runs but the grid's one
// bundled script and its stylesheet, written into the page by nonce when the host has their text
// (util/webviewAssets.ts: no resource round trips before the first rows), else loaded from the
// extension; no inline style attribute in the markup (the page sizes and places rows through the
// CSSOM, which the policy does not govern), no remote
// anything, no frames, no form posts. Defect text reaches the page only as messages and is set as
// text content, never as markup.
import * as l10n from '@vscode/l10n';
import { escapeHtml, webviewHead } from '../util/html';
import { inlinable } from '../util/webviewAssets';

export interface GridHtmlOptions {
  /** `webview.cspSource`. */
  cspSource: string;
  /** `asWebviewUri` of dist/webview/grid.js and grid.css. */
  scriptUri: string;
  styleUri: string;
  nonce: string;
  /** The texts of grid.js and grid.css, written into the page instead of loading the URIs. */
  inline?: { script: string; style: string };
  title: string;
  /** VS Code's translation bundle for the page; absent for English. */
  l10n?: Record<string, string>;
  lang?: string;
}

export function gridHtml(o: GridHtmlOptions): string {
  const inline = o.inline && inlinable(o.inline) ? o.inline : undefined;
  const nonce = escapeHtml(o.nonce);
  return `${webviewHead({
    lang: o.lang ?? 'en',
    csp: { cspSource: o.cspSource, nonce: o.nonce, style: `'nonce-${o.nonce}'`, img: "'none'" },
    stylesheet: { href: o.styleUri, inline: inline?.style, nonce: o.nonce },
    title: o.title,
  })}
<body${o.l10n ? ` data-l10n="${escapeHtml(JSON.stringify(o.l10n))}"` : ''}>
<div id="app"><p class="grid-loading" role="status">${escapeHtml(l10n.t('Loading the defects…'))}</p></div>
${inline ? `<script nonce="${nonce}">${inline.script}</script>` : `<script nonce="${nonce}" src="${escapeHtml(o.scriptUri)}"></script>`}
</body>
</html>
`;
}

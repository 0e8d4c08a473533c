// The grid page's HTML and its Content-Security-Policy: nothing loads or runs but the grid's one
// bundled script (by nonce) and its stylesheet from the extension; no inline style in the markup
// (the page sizes and places rows through the CSSOM, which the policy does not govern), no remote
// anything, no frames, no form posts. Defect text reaches the page only as messages and is set as
// text content, never as markup.
import * as l10n from '@vscode/l10n';
import { escapeHtml } from '../util/html';

export interface GridHtmlOptions {
  /** `webview.cspSource`. */
  cspSource: string;
  /** `asWebviewUri` of dist/webview/grid.js and grid.css. */
  scriptUri: string;
  styleUri: string;
  nonce: string;
  title: string;
  /** VS Code's translation bundle for the page; absent for English. */
  l10n?: Record<string, string>;
  lang?: string;
}

function gridContentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource}`,
    `font-src ${cspSource}`,
    "img-src 'none'",
    "connect-src 'none'",
    "frame-src 'none'",
    "child-src 'none'",
    "worker-src 'none'",
    "object-src 'none'",
    "media-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function gridHtml(o: GridHtmlOptions): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(o.lang ?? 'en')}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(gridContentSecurityPolicy(o.cspSource, o.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<link rel="stylesheet" href="${escapeHtml(o.styleUri)}">
<title>${escapeHtml(o.title)}</title>
</head>
<body${o.l10n ? ` data-l10n="${escapeHtml(JSON.stringify(o.l10n))}"` : ''}>
<div id="app"><p class="grid-loading" role="status">${escapeHtml(l10n.t('Loading the defects…'))}</p></div>
<script nonce="${escapeHtml(o.nonce)}" src="${escapeHtml(o.scriptUri)}"></script>
</body>
</html>
`;
}

// The grid page's HTML: one nonce'd script and style, a policy that allows nothing else, and text
// from the server (the title) escaped.
import * as assert from 'node:assert/strict';
import { gridHtml } from '../../../src/grid/gridHtml';

describe('grid page HTML', () => {
  const base = { cspSource: 'https://webview.test', scriptUri: 'https://webview.test/grid.js', styleUri: 'https://webview.test/grid.css', nonce: 'n0nce' };

  it('runs only its own script by nonce, with no inline style attributes or eval allowed', () => {
    const html = gridHtml({ ...base, title: 'Defects · Demo' });
    // The attribute is HTML-escaped; the browser reads it decoded.
    const csp = (/http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '').replace(/&#39;/g, "'");
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-n0nce'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(html, /<script nonce="n0nce" src="https:\/\/webview.test\/grid.js"><\/script>/);
  });

  it('writes the bundle into the page by nonce when it has its text, and loads it by URI when the text could end the element', () => {
    const inline = gridHtml({ ...base, title: 't', inline: { script: 'console.log(1)', style: 'body{}' } });
    assert.match(inline, /<script nonce="n0nce">console.log\(1\)<\/script>/);
    assert.match(inline, /<style nonce="n0nce">body\{\}<\/style>/);
    const unusual = gridHtml({ ...base, title: 't', inline: { script: 'x("</script>")', style: '' } });
    assert.match(unusual, /src="https:\/\/webview.test\/grid.js"/);
  });

  it('escapes the title (a saved filter name is the user’s text)', () => {
    const html = gridHtml({ ...base, title: '</title><script>alert(1)</script>' });
    assert.doesNotMatch(html, /<script>alert/);
    assert.match(html, /&lt;\/title&gt;/);
  });
});

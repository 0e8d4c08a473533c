// Memo images resolve only to this defect's raster attachments, as data: URIs; everything else
// stays a placeholder with a reason. Plus the editor page's CSP and which links it opens.
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import type { Attachment, AttachmentFilter, Download } from '../../../src/api/index';
import { ImageResolver, MAX_IMAGE_BYTES, imageMime, imageTarget } from '../../../src/editor/imageResolver';
import { externalLink } from '../../../src/editor/links';
import { editorHtml, jsonForScript } from '../../../src/editor/webviewHtml';
import { parseHtml } from '../../support/htmlTags';

const BASE = 'http://127.0.0.1:8080/qcbin';
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function attachment(id: number, name: string, fileSize: number | null = 16): Attachment {
  return { id, name, description: null, refType: 'File', refSubtype: 1, fileSize, lastModified: null, vcUserName: null, vcCurVer: null, entity: { type: 'defect', id: 2 } };
}

function fakeAttachments(list: Attachment[], bodies: Record<number, { bytes: Buffer; type?: string }>) {
  const calls: string[] = [];
  const streams = new Map<number, Readable>();
  return {
    calls,
    streams,
    api: {
      list: async (f?: AttachmentFilter) => {
        calls.push(`list ${JSON.stringify(f?.entity)}`);
        return list;
      },
      download: async (id: number): Promise<Download> => {
        calls.push(`download ${id}`);
        const b = bodies[id];
        const stream = Readable.from([b.bytes]);
        streams.set(id, stream);
        return { stream, contentType: b.type, size: b.bytes.length };
      },
    },
  };
}

describe('editor images: which sources name an attachment', () => {
  it('reads ids from the api path, names from the Core path or a bare name, and refuses other hosts and schemes', () => {
    assert.deepEqual(imageTarget('/qcbin/api/domains/DEFAULT/projects/Demo/attachments/17', BASE), { id: 17 });
    assert.deepEqual(imageTarget(`${BASE}/api/domains/D/projects/P/attachments/17?alt=x#y`, BASE), { id: 17 });
    assert.deepEqual(imageTarget('../../../../../rest/domains/D/projects/P/defects/2/attachments/MY%20IMAGE.JPG?alt=application/octet-stream', BASE), { name: 'MY IMAGE.JPG' });
    assert.deepEqual(imageTarget('screenshot.png', BASE), { name: 'screenshot.png' });
    assert.equal(imageTarget('https://evil.example/qcbin/api/attachments/17', BASE), undefined);
    assert.equal(imageTarget('javascript:alert(1)', BASE), undefined);
    assert.equal(imageTarget('data:image/png;base64,AAAA', BASE), undefined);
    assert.equal(imageTarget('', BASE), undefined);
  });

  it('knows raster types by declared type or extension, never SVG', () => {
    assert.equal(imageMime('a.png', undefined), 'image/png');
    assert.equal(imageMime('a.bin', 'image/jpeg; charset=x'), 'image/jpeg');
    assert.equal(imageMime('a.svg', 'image/svg+xml'), undefined);
    assert.equal(imageMime('a.html', 'text/html'), undefined);
  });
});

describe('editor images: ImageResolver', () => {
  it('returns a data: URI for an image attachment of the defect, listing attachments once', async () => {
    const { api, calls } = fakeAttachments([attachment(17, 'screenshot.png'), attachment(18, 'other.png')], { 17: { bytes: PNG, type: 'image/png' } });
    const r = new ImageResolver(api, 2, BASE);
    const reply = await r.resolve('/qcbin/api/domains/DEFAULT/projects/Demo/attachments/17');
    assert.equal(reply.dataUri, `data:image/png;base64,${PNG.toString('base64')}`);
    assert.deepEqual(await r.resolve('screenshot.png'), reply);
    assert.deepEqual(calls, ['list {"type":"defect","ids":[2]}', 'download 17', 'download 17']);
  });

  // The declared type decides for a file without a raster extension, so a refused type is requested
  // for its headers only: its body is never read.
  it('refuses attachments of other defects, non-images, SVG and oversized files without reading them', async () => {
    const { api, calls, streams } = fakeAttachments([attachment(5, 'hostile.svg'), attachment(6, 'report.html'), attachment(7, 'huge.png', MAX_IMAGE_BYTES + 1)], {
      5: { bytes: Buffer.from('<svg onload=alert(1)>'), type: 'image/svg+xml' },
      6: { bytes: Buffer.from('<script>'), type: 'text/html' },
    });
    const r = new ImageResolver(api, 2, BASE);
    assert.match((await r.resolve('/qcbin/api/domains/D/projects/P/attachments/99')).reason ?? '', /not an attachment of this defect/);
    assert.match((await r.resolve('hostile.svg')).reason ?? '', /not an image type/);
    assert.match((await r.resolve('report.html')).reason ?? '', /not an image type/);
    assert.match((await r.resolve('huge.png')).reason ?? '', /too large/);
    assert.equal((await r.resolve('https://evil.example/x.png')).dataUri, undefined);
    assert.deepEqual(
      calls.filter((c) => c.startsWith('download')),
      ['download 5', 'download 6'],
      'the oversized file is not requested at all',
    );
    for (const id of [5, 6]) {
      const stream = streams.get(id);
      assert.ok(stream?.destroyed && stream.readableDidRead === false, `the body of attachment ${id} was read`);
    }
  });
});

/** The page's Content-Security-Policy as the browser reads it (the attribute's entities decoded: `&#39;` is `'`). */
function pageCsp(html: string): string {
  const meta = parseHtml(html).tags.find((t) => t.name === 'meta' && t.attributes['http-equiv'] === 'Content-Security-Policy');
  assert.ok(meta, 'the page has a CSP meta element');
  return meta.attributes.content;
}

describe('editor page', () => {
  it('serves the page under a strict CSP: nonce-only scripts, no remote loads, data: images only', () => {
    const html = editorHtml({ cspSource: 'https://res.example', scriptUri: 'https://res.example/editor.js', styleUri: 'https://res.example/editor.css', nonce: 'N0NCE' });
    const csp = pageCsp(html);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-N0NCE'(;|$)/);
    assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/);
    assert.match(csp, /img-src data:(;|$)/);
    assert.match(csp, /form-action 'none'/);
    assert.match(html, /<script nonce="N0NCE" src="https:\/\/res.example\/editor.js"><\/script>/);
    assert.equal((html.match(/<script/g) ?? []).length, 1, 'exactly one script, the bundle');
    assert.match(html, /data-toolkit="https:\/\/res.example\/toolkit.js"/);
  });

  it('writes every value into the page so that it reads back the same: quotes, markup and ampersands stay text', () => {
    const hostile = `it's "x" ' onload='alert(1)" onload="alert(2)><script>alert(3)</script>&amp;`;
    const html = editorHtml({
      cspSource: 'https://res.example',
      scriptUri: 'https://res.example/editor.js',
      styleUri: `https://res.example/editor.css?v=${hostile}`,
      nonce: 'N0NCE',
      title: hostile,
      lang: hostile,
      l10n: { Edit: hostile },
    });
    const { tags, text } = parseHtml(html);
    const tag = (name: string) => tags.find((t) => t.name === name)?.attributes;
    assert.deepEqual(tag('html'), { lang: hostile });
    assert.deepEqual(tag('link'), { rel: 'stylesheet', href: `https://res.example/editor.css?v=${hostile}` });
    assert.deepEqual(JSON.parse(tag('body')?.['data-l10n'] ?? ''), { Edit: hostile });
    assert.ok(text.includes(hostile), 'the title reads back as the same text');
    assert.deepEqual(
      tags.map((t) => t.name),
      ['html', 'head', 'meta', 'meta', 'meta', 'meta', 'link', 'title', 'body', 'div', 'p', 'script'],
      'no element added',
    );
    // The policy's own quotes are escaped in the attribute (`&#39;`) and read back as quotes.
    assert.match(html, /content="default-src &#39;none&#39;;/);
    assert.match(pageCsp(html), /^default-src 'none'; script-src 'nonce-N0NCE';/);
  });

  it('writes the first state into the page as a JSON data block with the nonce, escaped so no server text can end it', () => {
    const hostile = '</script><script>window.__xss=1</script><!-- & > \u2028\u2029 </SCRIPT >';
    const state = {
      init: { key: { server: 's', domain: 'D', project: 'P', id: 7 }, isNew: false, user: 'alice', fields: [], statusValues: [] },
      values: { server: { name: hostile, description: `<html><body>${hostile}</body></html>` }, edits: {} },
      status: { lock: { phase: 'read-only' as const }, dirty: [], problems: [] },
    };
    const inline = { script: 'window.started = 1;', style: '' };
    const html = editorHtml({ cspSource: 'https://res.example', scriptUri: 'https://res.example/editor.js', styleUri: 'https://res.example/editor.css', nonce: 'N0NCE', inline, state });
    const block = /<script type="application\/json" id="alm-state" nonce="N0NCE">([^]*?)<\/script>/.exec(html);
    assert.ok(block, 'the data block is there, with the nonce');
    assert.doesNotMatch(block[1], /[<>&\u2028\u2029]/, 'no markup character survives in the data');
    assert.deepEqual(JSON.parse(block[1]), state, 'and it parses back to the same state');
    // The block comes before the bundle (which reads it), and the CSP still runs scripts by nonce only.
    assert.ok(html.indexOf('id="alm-state"') < html.indexOf('window.started'));
    const csp = pageCsp(html);
    assert.match(csp, /script-src 'nonce-N0NCE'(;|$)/);
    assert.equal((html.match(/<script/g) ?? []).length, 2, 'the data block and the bundle, nothing else');
    assert.equal(jsonForScript('</script>'), '"\\u003c/script\\u003e"');
    // Without a state there is no block.
    assert.doesNotMatch(editorHtml({ cspSource: 'x', scriptUri: 'https://res.example/editor.js', styleUri: 'y', nonce: 'N', inline }), /alm-state/);
  });

  it('writes the bundle into the page by nonce when it can, under the same CSP', () => {
    const inline = { script: 'window.started = 1 < 2;', style: 'body { color: red; }' };
    const html = editorHtml({ cspSource: 'https://res.example', scriptUri: 'https://res.example/editor.js', styleUri: 'https://res.example/editor.css', nonce: 'N0NCE', inline });
    const csp = pageCsp(html);
    assert.match(csp, /script-src 'nonce-N0NCE'(;|$)/);
    assert.match(html, /<script nonce="N0NCE">window.started = 1 < 2;<\/script>/);
    assert.match(html, /<style>body \{ color: red; \}<\/style>/);
    assert.doesNotMatch(html, /editor\.(js|css)/);
    assert.equal((html.match(/<script/g) ?? []).length, 1, 'exactly one script, the bundle');
    // A bundle the HTML parser would cut short is loaded by URI instead.
    for (const bad of [
      { ...inline, script: 'x = "</script><img src=x onerror=alert(1)>"' },
      { ...inline, script: 'x = "<!--<script>"' },
      { ...inline, style: '</style><script>' },
    ]) {
      const fallback = editorHtml({ cspSource: 'https://res.example', scriptUri: 'https://res.example/editor.js', styleUri: 'https://res.example/editor.css', nonce: 'N0NCE', inline: bad });
      assert.match(fallback, /<script nonce="N0NCE" src="https:\/\/res.example\/editor.js"><\/script>/);
      assert.match(fallback, /<link rel="stylesheet" href="https:\/\/res.example\/editor.css">/);
      assert.doesNotMatch(fallback, /onerror|<!--/);
    }
  });
});

describe('editor links', () => {
  it('opens absolute http(s) links only', () => {
    assert.equal(externalLink('https://example.com/wiki/Known-issues'), 'https://example.com/wiki/Known-issues');
    assert.equal(externalLink(' http://example.com/a b '), 'http://example.com/a%20b');
    for (const bad of [
      'javascript:alert(1)',
      'command:workbench.action.terminal.new',
      'vscode://x/y',
      'file:///etc/passwd',
      'mailto:qa@example.com',
      '/relative',
      'https://user:pw@evil.example/',
      'data:text/html,x',
    ]) {
      assert.equal(externalLink(bad), undefined, bad);
    }
  });
});

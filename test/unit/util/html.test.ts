// The one HTML escape (src/util/html.ts escapeHtml), read back by a real HTML parser: text put into
// a text node, a double-quoted or a single-quoted attribute value comes back as the same text and
// adds no element or attribute. A single quote is escaped too (`&#39;`): without that, text in a
// single-quoted attribute could end it (`' onmouseover='…`); a parser reads `&#39;` back as `'`.
import assert from 'node:assert/strict';
import { escapeHtml } from '../../../src/util/html';
import { parseHtml } from '../../support/htmlTags';

const HOSTILE = [
  `" onmouseover="alert(1)`,
  `' onmouseover='alert(1)`,
  `"><script>alert(1)</script>`,
  `'><img src=x onerror=alert(1)>`,
  `</p><!-- & &amp; &#39; &quot; < >`,
  `it's "quoted" & <b>bold</b>`,
];

describe('escapeHtml', () => {
  it('gives back the same text from a text node and from double- and single-quoted attributes, adding nothing', () => {
    for (const text of HOSTILE) {
      const escaped = escapeHtml(text);
      const { tags, text: read } = parseHtml(`<p title="${escaped}" data-single='${escaped}'>${escaped}</p>`);
      assert.deepEqual(tags, [{ name: 'p', attributes: { title: text, 'data-single': text } }], text);
      assert.equal(read, text);
    }
  });

  it('leaves no character that could end a text node or a quoted attribute', () => {
    const escaped = escapeHtml(HOSTILE.join(''));
    assert.doesNotMatch(escaped, /[<>"']/);
    assert.equal(escapeHtml(`it's "x" <y> & z`), 'it&#39;s &quot;x&quot; &lt;y&gt; &amp; z');
  });
});

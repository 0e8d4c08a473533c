// One HTML → text for every feature (issue 29): the plain and Markdown forms read a memo alike.
import { strict as assert } from 'node:assert';
import { memoToMarkdown, memoToText } from '../../../src/defects/memo';

describe('defects/memo: one HTML to text', () => {
  it('drops what is not text in both forms (content of template, textarea, noscript; quoted > in attributes)', () => {
    const html = '<p>keep <span title="a > b">this</span></p><template>not this</template><noscript>nor this</noscript><textarea>nor that</textarea><p>and this</p>';
    assert.equal(memoToText(html), 'keep this\nand this');
    assert.equal(memoToMarkdown(html), 'keep this\nand this');
  });

  it('gives list items bullets and decodes entities only after tags are gone', () => {
    const html = '<ul><li>one</li><li>&lt;script&gt; two &amp; more</li></ul>';
    assert.equal(memoToText(html), '• one\n• <script> two & more');
    assert.equal(memoToMarkdown(html), '- one\n- &lt;script&gt; two &amp; more');
  });

  it('reads a memo laid out as a live 26.1 returns it (each block and list item on a line of its own) as the same memo on one line', () => {
    const compact = '<html><body><p><b>First</b> line</p><ul><li>one</li><li>two</li></ul><p>end</p></body></html>';
    const laidOut = '<html><body>\n<p><b>First</b> line</p>\n<ul>\n  <li>one</li>\n  <li>two</li>\n</ul>\n<p>end</p>\n</body></html>';
    assert.equal(memoToText(laidOut), memoToText(compact));
    assert.equal(memoToText(laidOut), 'First line\n\n• one\n• two\nend');
    assert.equal(memoToMarkdown(laidOut), '**First** line\n\n- one\n- two\nend');
  });

  it("gives Markdown bullets only to list items: a line the writer began with '- ' is their text, and an empty item stays no rule", () => {
    assert.equal(memoToMarkdown('<p>- not an item</p><ul><li>- an item</li><li></li></ul><p>1) no list</p>'), '\\- not an item\n\n- \\- an item\n\\-\n1\\) no list');
  });

  it('trims every line and keeps one blank line between blocks, whatever whitespace the HTML holds', () => {
    assert.equal(memoToText('<p> \u2003a \f</p>\n \u2003\n<p>\u2003\u2003b\u2003c \u2003</p>\r\n\r\n<div>\t</div><p>d</p>'), 'a\n\nb\u2003c\n\nd');
  });

  it('keeps line breaks from entities but never control characters', () => {
    assert.equal(memoToText('a&#10;b&#1;c'), 'a\nb&#1;c');
  });
});

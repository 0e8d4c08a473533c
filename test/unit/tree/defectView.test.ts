import * as assert from 'node:assert/strict';
import { htmlToText } from '../../../src/tree/model/memoText';

describe('memo text', () => {
  it('turns memo HTML into text: scripts dropped, blocks as lines, entities decoded', () => {
    const html = '<html><head><title>t</title><script>alert(1)</script></head><body><p>Steps:&nbsp;</p><ol><li>Open &lt;cart&gt;</li><li>Pay &amp; wait</li></ol><div>Done&#33;<br/>x&#x263A;</div><img src=x onerror=alert(2)></body></html>';
    assert.equal(htmlToText(html), 'Steps:\n• Open <cart>\n• Pay & wait\nDone!\nx☺');
    assert.equal(htmlToText(null), '');
    assert.equal(htmlToText('a &bogus; b'), 'a &bogus; b');
  });
});

import * as assert from 'node:assert/strict';
import type { FieldCatalog } from '../../../src/api';
import { renderDefect } from '../../../src/tree/model/defectMarkdown';
import { htmlToText } from '../../../src/tree/model/memoText';

describe('read-only defect view', () => {
  it('turns memo HTML into text: scripts dropped, blocks as lines, entities decoded', () => {
    const html = '<html><head><title>t</title><script>alert(1)</script></head><body><p>Steps:&nbsp;</p><ol><li>Open &lt;cart&gt;</li><li>Pay &amp; wait</li></ol><div>Done&#33;<br/>x&#x263A;</div><img src=x onerror=alert(2)></body></html>';
    assert.equal(htmlToText(html), 'Steps:\n• Open <cart>\n• Pay & wait\nDone!\nx☺');
    assert.equal(htmlToText(null), '');
    assert.equal(htmlToText('a &bogus; b'), 'a &bogus; b');
  });

  it('renders every field by label, escapes server text, and keeps memo lines from becoming markup', () => {
    const fields = { label: (n: string) => ({ status: 'Status', owner: 'Assigned To', description: 'Description', 'user-01': 'Team' })[n] ?? n } as unknown as FieldCatalog;
    const text = renderDefect(
      {
        type: 'defect',
        id: 9,
        name: 'Crash [here](javascript:x) <b>',
        status: 'Open',
        owner: null,
        'user-01': ['A', 'B'],
        'detected-in-rel': { type: 'release', id: 1001 },
        description: '<p># not a heading</p><p>- not a list</p><p>see <a href="http://x">link</a></p>',
      },
      fields,
    );
    const lines = text.split('\n');
    assert.equal(lines[0], '# Defect 9: Crash \\[here\\]\\(javascript:x\\) &lt;b&gt;');
    assert.ok(lines.includes('| Status | Open |'));
    assert.ok(lines.includes('| Assigned To | — |'));
    assert.ok(lines.includes('| Team | A, B |'));
    assert.ok(lines.includes('| detected-in-rel | release 1001 |'));
    assert.ok(lines.includes('## Description'));
    assert.ok(lines.includes('\\# not a heading  '));
    assert.ok(lines.includes('\\- not a list  '));
    assert.ok(lines.includes('see link  '), 'link markup is gone, its text stays');
  });
});

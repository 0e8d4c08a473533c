import { dateText } from '../../../src/shared/valueText';
import * as assert from 'node:assert/strict';
import type { Attachment } from '../../../src/api';
import { attachmentViews } from '../../../src/attachments/editor/views';

const att = (id: number, name: string, over: Partial<Attachment> = {}): Attachment => ({
  id,
  name,
  description: null,
  refType: 'defect',
  refSubtype: 0,
  fileSize: 2048,
  lastModified: '2026-01-05 10:11:12',
  vcUserName: null,
  vcCurVer: null,
  entity: { type: 'defect', id: 7 },
  ...over,
});

describe('attachments: the editor list', () => {
  it('sorts like the tree and formats every text on the host', () => {
    const views = attachmentViews([
      att(3, 'trace 10.log'),
      att(1, 'Trace 9.log', { description: '<html><body><p>first <b>run</b></p><script>x()</script></body></html>', lastModified: null, fileSize: null }),
      att(2, 'a.png'),
    ]);
    assert.deepEqual(
      views.map((v) => v.name),
      ['a.png', 'Trace 9.log', 'trace 10.log'],
    );
    assert.deepEqual(views[1], { id: 1, name: 'Trace 9.log', size: 'size unknown', modified: undefined, description: 'first run' });
    assert.deepEqual(views[0], { id: 2, name: 'a.png', size: '2.0 KB', modified: dateText('2026-01-05 10:11:12'), description: '' });
  });
});

// "Update defect" with several ids: which ids it takes, and the one confirmation it shows for all
// (where, the defects by summary, each field's new value; server text escaped).
import * as assert from 'node:assert/strict';
import { bulkUpdateConfirmation } from '../../../src/chat/model/confirmation';
import { defectIds } from '../../../src/chat/model/inputs';

describe('chat: updating several defects', () => {
  it('takes ids as numbers or "#12", each once, and refuses none, a non-id or more than 200', () => {
    assert.deepEqual(defectIds([3, '#4', '3', 5]), [3, 4, 5]);
    assert.equal(defectIds([]), undefined);
    assert.equal(defectIds([1, 'x']), undefined);
    assert.equal(defectIds([1, -2]), undefined);
    assert.equal(defectIds(Array.from({ length: 201 }, (_, i) => i + 1)), undefined);
  });

  it('confirms once: where, the defects named, how many more, and every field with its new value', () => {
    const c = bulkUpdateConfirmation(
      'Demo (DEFAULT/Demo)',
      [
        { id: 7, name: 'Crash *on* save' },
        { id: 8, name: 'Slow' },
      ],
      5,
      [{ field: 'status', label: 'Status', value: 'Fixed', shown: 'Fixed' }],
    );
    assert.equal(c.title, 'Change 1 fields of 5 ALM defects?');
    assert.match(c.message, /\*\*Defect 7\*\*: Crash \\\*on\\\* save/);
    assert.match(c.message, /… and 3 more/);
    assert.match(c.message, /skipped and reported/);
    assert.match(c.message, /- Status \(`status`\): → Fixed/);
  });
});

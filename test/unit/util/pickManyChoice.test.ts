// Enter in a multi-select pick (filter values, users, Update Selected's fields): with nothing checked,
// the text the user typed names the row they mean, instead of reading as "nothing checked".
import * as assert from 'node:assert/strict';
import { acceptedItems } from '../../../src/util/pickManyChoice';

const rows = [{ label: '1-Low' }, { label: '2-Medium' }, { label: '3-High' }, { label: '4-Very High' }];
const other = { label: 'Other Names…', alwaysShow: true };

describe('pickMany: what Enter accepts', () => {
  it('takes the checked rows, in list order', () => {
    assert.deepEqual(acceptedItems(rows, [rows[3], rows[0]], [], '', false), [rows[0], rows[3]]);
    assert.deepEqual(acceptedItems(rows, [rows[1]], [rows[2]], 'High', false), [rows[1]]);
  });

  it('reads nothing checked and nothing typed as nothing checked (the caller\'s "any")', () => {
    assert.deepEqual(acceptedItems(rows, [], [], '', false), []);
    assert.deepEqual(acceptedItems(rows, [], [], '   ', false), []);
  });

  it('with nothing checked, takes the highlighted row, or the one row the typed text names', () => {
    assert.deepEqual(acceptedItems(rows, [], [rows[2]], 'hi', false), [rows[2]]);
    assert.deepEqual(acceptedItems(rows, [], [], '4', false), [rows[3]]);
    assert.deepEqual(acceptedItems(rows, [], [], 'very', false), [rows[3]]);
    assert.deepEqual(acceptedItems(rows, [], [], '3-high', false), [rows[2]]);
  });

  it('says when the text names several rows or none, rather than accept nothing', () => {
    assert.equal(acceptedItems(rows, [], [], 'high', false), 'several');
    assert.equal(acceptedItems(rows, [], [], 'urgent', false), 'none');
  });

  it('prefers a row named exactly, matches descriptions only when asked, and never takes an always-shown action row', () => {
    const withDescription = [
      { label: 'Open', description: 'status' },
      { label: 'Reopen', description: 'status' },
    ];
    assert.deepEqual(acceptedItems(withDescription, [], [], 'open', false), [withDescription[0]]);
    assert.equal(acceptedItems(withDescription, [], [], 'status', false), 'none');
    assert.equal(acceptedItems(withDescription, [], [], 'status', true), 'several');
    assert.equal(acceptedItems([...rows, other], [], [other], 'Other', false), 'none');
  });
});

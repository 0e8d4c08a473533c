// One value equality for the client's update and the editor (issue 29): before, the client compared
// by JSON text, so a reordered multi-value or a number and its text were sent as changes.
import { strict as assert } from 'node:assert';
import { SERVER_OWNED_FIELDS, isEmptyValue, sameValue } from '../../../src/api/fieldValues';

describe('api/fieldValues', () => {
  it('treats every empty form alike, multi-values in any order, references by id, numbers and their text', () => {
    assert.ok(sameValue(null, ''));
    assert.ok(sameValue([], undefined));
    assert.ok(sameValue(['b', 'a'], ['a', 'b']));
    assert.ok(sameValue({ type: 'release', id: 3 }, { type: 'release', id: 3 }));
    assert.ok(sameValue(3, '3'));
    assert.ok(!sameValue('a', null));
    assert.ok(!sameValue(['a'], ['a', 'b']));
    assert.ok(isEmptyValue([]));
  });

  it('names the fields the server owns once', () => {
    assert.deepEqual([...SERVER_OWNED_FIELDS].sort(), ['id', 'last-modified', 'type', 'ver-stamp']);
  });
});

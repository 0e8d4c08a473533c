import { strict as assert } from 'node:assert';
import { ME } from '../../../src/defects/filter';
import { typedUsers, userChoices, usersNote } from '../../../src/tree/model/userChoices';

describe("tree/model/userChoices: the filter menu's user picker", () => {
  const list = { users: [{ name: 'alice', fullName: 'Alice Adams' }, { name: 'bob' }], source: 'project' as const };

  it('offers "me", then the project users with full names, checking the current ones', () => {
    const c = userChoices(['bob', ME], list, 'alice');
    assert.deepEqual(
      c.map((x) => [x.value, x.label, x.description, x.picked]),
      [
        [ME, 'me', 'alice', true],
        ['alice', 'alice', 'Alice Adams', false],
        ['bob', 'bob', undefined, true],
      ],
    );
  });

  it('keeps names of the filter that the list lacks, checked, so no condition is dropped', () => {
    const c = userChoices(['zed'], list, 'alice');
    assert.deepEqual(c.at(-1), { value: 'zed', label: 'zed', description: 'not in the project list', picked: true });
    assert.deepEqual(
      userChoices(['zed'], undefined, 'alice').map((x) => x.value),
      [ME, 'zed'],
    );
  });

  it('reads typed names, "me" in any case, and says where the names came from', () => {
    assert.deepEqual(typedUsers(' carol, ME ,,dave '), ['carol', ME, 'dave']);
    assert.match(usersNote({ users: [], source: 'recent-defects' }), /users of recent defects/);
    assert.doesNotMatch(usersNote(list), /recent/);
    assert.match(usersNote(undefined), /could not be read/);
  });
});

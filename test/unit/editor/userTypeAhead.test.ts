// The editor's user pickers show "Full Name (login)"; typing finds a user by either (issue 39).
import * as assert from 'node:assert/strict';
import { userTypeAheadMatches } from '../../../webview/editor/fields/userTypeAhead';

const OPTIONS = [
  { value: '', text: '(none)' },
  { value: 'alice', text: 'Alice Archer (alice)' },
  { value: 'bob', text: 'Robert Brown (bob)' },
  { value: 'carol', text: 'carol' },
];
const values = (typed: string) => userTypeAheadMatches(OPTIONS, typed).map((o) => o.value);

describe('editor: a user picker finds users by full name and by login name', () => {
  it('finds a user by the start of the login name the option does not start with', () => {
    assert.deepEqual(values('bo'), ['bob']);
    assert.deepEqual(values('BOB'), ['bob']);
  });

  it('still finds users by full name, and a user without one by login name', () => {
    assert.deepEqual(values('rob'), ['bob']);
    assert.deepEqual(values('al'), ['alice']);
    assert.deepEqual(values('c'), ['carol']);
  });

  it('finds nothing for text no user starts with', () => {
    assert.deepEqual(values('zz'), []);
    assert.deepEqual(values(''), []);
  });
});

// Issue 28 item 5 (part): password checks run one at a time, so a burst of sign-ins cannot take
// every thread of libuv's pool that file transfers share; each check still gives the right answer.
import assert from 'node:assert/strict';
import { hashPassword, passwordChecksRunning, verifyPassword } from '../../../server/src/store/passwords';

describe('server password checks', () => {
  it('twelve concurrent checks never run more than one scrypt at a time, and each answers correctly', async function () {
    this.timeout(20_000);
    const stored = hashPassword('right');
    let most = 0;
    let done = false;
    const watch = (async () => {
      while (!done) {
        most = Math.max(most, passwordChecksRunning());
        await new Promise((r) => setImmediate(r));
      }
    })();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => verifyPassword(i % 3 === 0 ? 'right' : `wrong${i}`, stored)));
    done = true;
    await watch;
    assert.deepEqual(
      results,
      Array.from({ length: 12 }, (_, i) => i % 3 === 0),
    );
    assert.equal(most, 1, `${most} checks ran at once`);
    assert.equal(passwordChecksRunning(), 0, 'every turn was given back');
    assert.equal(await verifyPassword('right', 'not-a-hash'), false);
  });
});

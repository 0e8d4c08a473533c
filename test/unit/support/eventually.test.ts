// The one polling helper of the test stages (test/support/eventually.ts): it gives the first truthy
// value, takes a throwing probe as "not yet", and on timeout names what it waited for and what the
// probe said last.
import * as assert from 'node:assert/strict';
import { eventually } from '../../support/eventually';

describe('test support: eventually()', () => {
  it('resolves with the first truthy value the probe gives, sync or async', async () => {
    let n = 0;
    assert.equal(await eventually('the third call', () => (++n >= 3 ? `call ${n}` : undefined)), 'call 3');
    assert.deepEqual(await eventually('an object', async () => ({ found: true })), { found: true });
  });

  it('takes a probe that throws as not yet', async () => {
    let n = 0;
    const value = await eventually('a probe that throws twice', () => {
      if (++n < 3) throw new Error('not attached yet');
      return n;
    });
    assert.equal(value, 3);
  });

  it("times out naming what it waited for and the probe's last message", async () => {
    let n = 0;
    await assert.rejects(
      eventually(
        'the row to show',
        () => {
          throw new Error(`the page shows ${++n}`);
        },
        50,
      ),
      (e: unknown) => e instanceof assert.AssertionError && /^timed out after 0\.05 s waiting for the row to show; the last check said: the page shows \d+$/.test(e.message) && n > 1,
    );
    await assert.rejects(
      eventually('false forever', () => false, 30),
      { message: 'timed out after 0.03 s waiting for false forever' },
    );
  });
});

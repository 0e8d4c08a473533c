// The soak's checks can fail: a lost acknowledged save, an overwrite between base and save, and
// the cases that are no loss (a later write that may have landed, the same value written twice).
import assert from 'node:assert/strict';
import { Ledger, tokenOf } from '../../soak/ledger';
import type { WriteAttempt } from '../../soak/ledger';

function write(ledger: Ledger, a: Partial<WriteAttempt> & Pick<WriteAttempt, 'session' | 'values'>): WriteAttempt {
  return ledger.attempt({ user: `u${a.session}`, defect: 1, started: 0, baseStamp: -1, ...a });
}

describe('soak ledger', () => {
  it('finds the newest token in a value (a comment appended to earlier ones)', () => {
    assert.equal(tokenOf('<p>sk1x1</p><p>sk2x7</p>'), 'sk2x7');
    assert.equal(tokenOf('no token'), undefined);
    assert.equal(tokenOf(['1-Low']), undefined);
  });

  it('reports an acknowledged save the server no longer has', () => {
    const ledger = new Ledger();
    write(ledger, { session: 1, values: { name: 'Soak sk1x1' }, started: 10, acked: { stamp: 5 } });
    write(ledger, { session: 2, values: { name: 'Soak sk2x2' }, started: 20, acked: { stamp: 6 } });
    ledger.checkAcknowledged(new Map([[1, { name: 'Soak sk1x1' }]]));
    assert.equal(ledger.acknowledgedLost.length, 1);
    assert.match(ledger.acknowledgedLost[0] ?? '', /session 2 .* saved sk2x2 .* the server has sk1x1/);
  });

  it('accepts the last acknowledged value, or a later write that was not acknowledged but may have landed', () => {
    const ledger = new Ledger();
    write(ledger, { session: 1, values: { name: 'Soak sk1x1', severity: '2-Medium' }, started: 10, acked: { stamp: 5 } });
    write(ledger, { session: 2, values: { name: 'Soak sk2x2' }, started: 20 });
    ledger.checkAcknowledged(new Map([[1, { name: 'Soak sk2x2', severity: '2-Medium' }]]));
    assert.deepEqual(ledger.acknowledgedLost, []);
    const earlier = new Ledger();
    write(earlier, { session: 2, values: { name: 'Soak sk2x2' }, started: 5 });
    write(earlier, { session: 1, values: { name: 'Soak sk1x1' }, started: 10, acked: { stamp: 5 } });
    earlier.checkAcknowledged(new Map([[1, { name: 'Soak sk2x2' }]]));
    assert.equal(earlier.acknowledgedLost.length, 1, 'a write started before the acknowledged one cannot explain the value');
  });

  it('reports a save acknowledged over another user’s save that landed after its base, on the same field', () => {
    const ledger = new Ledger();
    write(ledger, { session: 1, values: { name: 'Soak sk1x1' }, baseStamp: 3, acked: { stamp: 5 } });
    write(ledger, { session: 2, values: { name: 'Soak sk2x2' }, baseStamp: 3, acked: { stamp: 4 } });
    write(ledger, { session: 3, values: { severity: '1-Low' }, baseStamp: 5, acked: { stamp: 6 } });
    ledger.checkAllOverwrites();
    assert.equal(ledger.silentOverwrites.length, 1);
    assert.match(ledger.silentOverwrites[0] ?? '', /session 1 .* saved name at ver-stamp 5 over base 3, replacing session 2's/);
  });

  it('does not call it an overwrite when the fields differ, the value is the same, or the base is unknown', () => {
    const ledger = new Ledger();
    write(ledger, { session: 1, values: { name: 'Soak sk1x1', severity: '1-Low' }, baseStamp: 3, acked: { stamp: 6 } });
    write(ledger, { session: 2, values: { priority: '2-Medium' }, baseStamp: 3, acked: { stamp: 4 } });
    write(ledger, { session: 3, values: { severity: '1-Low' }, baseStamp: 4, acked: { stamp: 5 } });
    write(ledger, { session: 4, values: { name: 'Soak sk4x4' }, acked: { stamp: 8 } });
    write(ledger, { session: 5, values: { name: 'Soak sk5x5' }, baseStamp: 6, acked: { stamp: 7 } });
    ledger.checkAllOverwrites();
    assert.deepEqual(ledger.silentOverwrites, []);
  });

  it('knows which session had a value acknowledged', () => {
    const ledger = new Ledger();
    write(ledger, { session: 1, values: { 'dev-comments': '<p>old sk0x1</p><p>sk1x2</p>' }, acked: { stamp: 2 } });
    write(ledger, { session: 2, values: { name: 'Soak sk2x3' } });
    assert.equal(ledger.savedBy(1, 1, 'dev-comments', '<html><body><p>old sk0x1</p><p>sk1x2</p></body></html>'), true);
    assert.equal(ledger.savedBy(2, 1, 'name', 'Soak sk2x3'), false, 'not acknowledged');
  });
});

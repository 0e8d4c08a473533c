import { strict as assert } from 'node:assert';
import { CancelledError } from '../../../src/api/errors';
import { Limiter } from '../../../src/api/http/limiter';
import { SecretScrubber, scrubbingLogger } from '../../../src/api/logging';

describe('api/http/limiter', () => {
  it('grants up to max at once, queues the rest in FIFO order, and releases idempotently', async () => {
    const l = new Limiter(2);
    const r1 = l.tryAcquire();
    const r2 = await l.acquire();
    assert.ok(r1);
    assert.equal(l.tryAcquire(), undefined, 'no free slot');
    const order: number[] = [];
    const w3 = l.acquire().then((r) => (order.push(3), r));
    const w4 = l.acquire().then((r) => (order.push(4), r));
    assert.equal(l.queued, 2);
    r1();
    r1(); // a second release of the same slot must not free another one
    const r3 = await w3;
    assert.equal(l.inFlight, 2);
    assert.equal(l.queued, 1);
    r2();
    const r4 = await w4;
    assert.deepEqual(order, [3, 4]);
    r3();
    r4();
    assert.equal(l.inFlight, 0);
  });

  it('lets an aborted waiter leave the queue with CancelledError', async () => {
    const l = new Limiter(1);
    const r = l.tryAcquire();
    const ac = new AbortController();
    const waiting = l.acquire(ac.signal);
    ac.abort();
    await assert.rejects(waiting, CancelledError);
    assert.equal(l.queued, 0);
    r?.();
    assert.ok(l.tryAcquire());
    assert.throws(() => new Limiter(0), RangeError);
  });
});

describe('api/logging', () => {
  it('scrubs registered secrets and live cookie values from every message, with a component tag', () => {
    const lines: string[] = [];
    const sink = (m: string) => lines.push(m);
    const scrubber = new SecretScrubber();
    let cookies = ['cookie-value-1'];
    scrubber.add('hunter22');
    scrubber.add('ab'); // too short to scrub safely
    scrubber.addSource(() => cookies);
    const log = scrubbingLogger({ debug: sink, info: sink, warn: sink, error: sink }, scrubber);
    log.info('password hunter22, cookie cookie-value-1, ab');
    cookies = ['cookie-value-2'];
    log.warn('now cookie-value-2 and again cookie-value-1');
    assert.deepEqual(lines, ['[api] password ***, cookie ***, ab', '[api] now *** and again cookie-value-1']);
  });
});

import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { ReadRing } from '../../../src/api/http/receiveSocket';

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('api/http/receiveSocket ReadRing', () => {
  for (const seed of [1, 7, 42, 1234]) {
    it(`never hands a read the memory of a view that is not parsed yet (seed ${seed})`, () => {
      const rand = random(seed);
      const ring = new ReadRing(64 * 1024, 4 * 1024);
      /** Views handed on and not parsed, with what they held when handed on. */
      const waiting: { view: Buffer; bytes: Buffer }[] = [];
      const buffers = new Set<ArrayBufferLike>();
      for (let step = 0; step < 3000; step++) {
        const region = ring.next(waiting.reduce((n, w) => n + w.view.length, 0));
        assert.ok(region.length >= 4 * 1024, 'every read gets at least the minimum');
        buffers.add(region.buffer);
        // The kernel fills part of the region…
        const n = 1 + Math.floor(rand() * Math.min(region.length, 40 * 1024));
        randomBytes(n).copy(region);
        // …which must not have touched anything still waiting.
        for (const w of waiting) assert.deepEqual(w.view, w.bytes, `step ${step}: a waiting view was overwritten`);
        const view = ring.handOn(n);
        assert.equal(view.length, n);
        assert.equal(view.buffer, region.buffer);
        assert.equal(view.byteOffset, region.byteOffset, 'the view is what the read filled');
        waiting.push({ view, bytes: Buffer.from(view) });
        // Sometimes several reads arrive before the parser takes them (TLS records); it takes them in order.
        if (rand() < 0.6) waiting.splice(0, Math.ceil(rand() * waiting.length));
      }
      // With the parser keeping up most of the time, the same memory serves the reads.
      assert.ok(buffers.size < 100, `${buffers.size} buffers for 3000 reads`);
    });
  }

  it('reuses one buffer when each read is parsed before the next, as on a plain socket', () => {
    const ring = new ReadRing(512 * 1024, 16 * 1024);
    const buffers = new Set<ArrayBufferLike>();
    let waiting = 0;
    for (let i = 0; i < 1000; i++) {
      const region = ring.next(waiting);
      buffers.add(region.buffer);
      waiting = ring.handOn(Math.min(region.length, 200 * 1024)).length;
      if (i % 2) waiting = 0; // parsed before the next read more often than not
    }
    assert.equal(buffers.size, 1);
  });

  it('takes a fresh buffer when the waiting views leave too little room', () => {
    const ring = new ReadRing(64 * 1024, 16 * 1024);
    const first = ring.next(0);
    const a = ring.handOn(30 * 1024);
    const second = ring.next(a.length);
    assert.equal(second.buffer, first.buffer);
    assert.equal(second.byteOffset - first.byteOffset, 30 * 1024);
    const b = ring.handOn(20 * 1024);
    const third = ring.next(a.length + b.length); // 14 KB left, under the minimum
    assert.notEqual(third.buffer, first.buffer);
    assert.equal(third.length, 64 * 1024);
  });
});

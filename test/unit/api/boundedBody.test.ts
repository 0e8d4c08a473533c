// readBounded (issue 28 item 9): an answer is read and inflated up to a limit, and no further.
import { strict as assert } from 'node:assert';
import { Readable } from 'node:stream';
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describeLimit, readBounded } from '../../../src/api/http/boundedBody';

const LIMIT = 64 << 10;
const CHUNK = Buffer.alloc(4096, 'x');

/** A body that hands out chunks on demand and counts how many were taken. */
function endless(): { body: Readable; pulled: () => number } {
  let pulled = 0;
  const body = new Readable({
    read() {
      pulled++;
      this.push(CHUNK);
    },
  });
  return { body, pulled: () => pulled };
}

describe('api/http/boundedBody: answers read up to a limit', () => {
  it('refuses a Content-Length over the limit without reading the body', async () => {
    const { body, pulled } = endless();
    assert.deepEqual(await readBounded(body, { 'content-length': String(5_000_000_000) }, LIMIT), { tooLarge: true });
    assert.equal(pulled(), 0);
    assert.ok(body.destroyed, 'the body is destroyed, which closes the connection');
  });

  it('stops reading an endless body at the first chunk past the limit', async () => {
    const { body, pulled } = endless();
    assert.deepEqual(await readBounded(body, {}, LIMIT), { tooLarge: true });
    assert.ok(pulled() <= LIMIT / CHUNK.length + 3, `${pulled()} chunks read`);
    assert.ok(body.destroyed);
  });

  it('reads a body of exactly the limit, plain or encoded', async () => {
    const data = Buffer.alloc(LIMIT, 'y');
    for (const [encoding, sent] of [
      [undefined, data],
      ['gzip', gzipSync(data)],
      ['deflate', deflateSync(data)],
      ['deflate', deflateRawSync(data)],
    ] as const) {
      const read = await readBounded(Readable.from([sent]), { 'content-encoding': encoding }, LIMIT);
      assert.ok('body' in read && read.body.equals(data), String(encoding));
    }
  });

  it('stops inflating gzip, zlib and raw deflate bombs at the limit', async () => {
    const huge = Buffer.alloc(16 << 20);
    for (const [encoding, bomb] of [
      ['gzip', gzipSync(huge)],
      ['x-gzip', gzipSync(huge)],
      ['deflate', deflateSync(huge)],
      ['deflate', deflateRawSync(huge)],
    ] as const) {
      assert.ok(bomb.length < LIMIT, `${encoding} bomb of ${bomb.length} bytes fits under the limit`);
      assert.deepEqual(await readBounded(Readable.from([bomb]), { 'content-encoding': encoding }, LIMIT), { tooLarge: true }, encoding);
    }
  });

  it('names limits as a user reads them', () => {
    assert.equal(describeLimit(64 << 20), '64 MB');
    assert.equal(describeLimit(1.5 * (1 << 20)), '1.5 MB');
    assert.equal(describeLimit(LIMIT), '64 KB');
  });
});

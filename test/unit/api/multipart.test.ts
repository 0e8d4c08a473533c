import { strict as assert } from 'node:assert';
import { Readable } from 'node:stream';
import { buildMultipart, multipartHead, multipartTail } from '../../../src/api/http/multipart';

async function collect(frames: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of frames) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

describe('api/http/multipart', () => {
  const texts = [
    { name: 'filename', value: 'report "final".txt' },
    { name: 'description', value: 'line 1\r\nline 2 — ünïcode' },
    { name: 'entity.type', value: 'defect' },
    { name: 'entity.id', value: '7' },
  ];
  const content = Buffer.from('hello\r\n--not-a-boundary\r\nbinary\u0000bytes');

  it('frames text parts first and the file part last, with an exact length', async () => {
    const progress: number[] = [];
    const mp = buildMultipart(
      texts,
      { name: 'file', filename: 'report "final".txt', contentType: 'text/plain', content: Readable.from([content.subarray(0, 5), content.subarray(5)]), size: content.length },
      (n) => progress.push(n),
      'BOUNDARY123',
    );
    const body = await collect(mp.frames);
    assert.equal(mp.contentType, 'multipart/form-data; boundary=BOUNDARY123');
    assert.equal(body.length, mp.length);
    const text = body.toString('latin1');
    const order = ['name="filename"', 'name="description"', 'name="entity.type"', 'name="entity.id"', 'name="file"'].map((s) => text.indexOf(s));
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      order,
    );
    assert.ok(order.every((i) => i >= 0));
    assert.ok(text.endsWith('\r\n--BOUNDARY123--\r\n'));
    assert.ok(body.includes(content));
    assert.ok(text.includes('filename="report %22final%22.txt"'));
    assert.deepEqual(progress, [5, content.length]);
  });

  it('is parsed back to the same fields and bytes by a standard multipart parser', async () => {
    const mp = buildMultipart(texts, { name: 'file', filename: 'naïve.bin', contentType: 'application/octet-stream', content: Readable.from([content]) });
    assert.equal(mp.length, undefined);
    const form = await new Response(await collect(mp.frames), { headers: { 'content-type': mp.contentType } }).formData();
    assert.equal(form.get('filename'), 'report "final".txt');
    assert.equal(form.get('description'), 'line 1\r\nline 2 — ünïcode');
    assert.equal(form.get('entity.id'), '7');
    const file = form.get('file');
    assert.ok(file instanceof File);
    assert.equal(file.name, 'naïve.bin');
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), content);
    assert.deepEqual([...form.keys()], ['filename', 'description', 'entity.type', 'entity.id', 'file']);
  });

  it('writes non-ASCII names as UTF-8 like browsers, and sizes head and tail exactly', () => {
    const head = multipartHead('B', [], { name: 'file', filename: 'é\r\n.txt', contentType: 'text/plain' }).toString('utf8');
    assert.equal(head, '--B\r\nContent-Disposition: form-data; name="file"; filename="é%0D%0A.txt"\r\nContent-Type: text/plain\r\n\r\n');
    assert.equal(multipartTail('B').toString(), '\r\n--B--\r\n');
  });

  it('refuses a boundary that occurs in a field value', () => {
    assert.throws(() => buildMultipart([{ name: 'x', value: 'aBOUNDb' }], { name: 'file', filename: 'f', contentType: 'text/plain', content: Readable.from([]) }, undefined, 'BOUND'));
  });

  it('destroys the source when the body is returned early (an aborted or refused upload)', async () => {
    const source = new Readable({ read() {} });
    source.push(Buffer.from('first'));
    const mp = buildMultipart([], { name: 'file', filename: 'f', contentType: 'text/plain', content: source });
    await mp.frames.next(); // head
    assert.equal(Buffer.from((await mp.frames.next()).value ?? []).toString(), 'first');
    await mp.frames.return(undefined);
    await new Promise((r) => setImmediate(r));
    assert.equal(source.destroyed, true);
  });
});

// Issue 28 item 6: attachment content is never labelled `Content-Encoding: gzip` unless it really
// was compressed. The compression plugin passed through content whose first bytes look like
// gzip or deflate (a `.tgz`, text starting `x^2`) yet labelled it gzip, so clients decoded it
// into other bytes or failed. Downloads in both trees (bytes and multipart/mixed) now carry the
// stored bytes as they are; ordinary JSON answers are still compressed.
import assert from 'node:assert/strict';
import { gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { startSignedIn } from '../../support/server';
import type { RunningServer, TestClient } from '../../support/server';
import { multipart, uploadParts } from './attachmentsHarness';

const API = '/api/domains/DEFAULT/projects/Demo';
const CORE = '/rest/domains/DEFAULT/projects/Demo';

/** What a client that honours Content-Encoding ends up with. */
function decoded(headers: Record<string, string | string[] | undefined>, body: Buffer): Buffer {
  return headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

describe('server: attachment downloads are never mislabelled as compressed (issue 28 item 6)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let client: TestClient;

  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 5 }));
  });
  after(async () => server.close());

  async function get(path: string, accept: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    const res = await request(`${server.baseUrl}${path}`, { headers: { cookie: client.cookieHeader(), accept, 'accept-encoding': 'gzip, deflate' } });
    assert.equal(res.statusCode, 200);
    return { headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
  }

  const CONTENTS: Record<string, Buffer> = {
    // Text whose first bytes (0x78 0x5e) are a deflate header.
    'formula.txt': Buffer.from(`x^2 + y^2 = r^2\n${'a circle of radius r, '.repeat(200)}`),
    // A real gzip file, stored and served as is.
    'logs.tgz': gzipSync(Buffer.from('log line\n'.repeat(5000))),
    // Text starting with gzip's magic bytes.
    'magic.txt': Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08]), Buffer.from('not really gzip '.repeat(200))]),
  };

  for (const [name, content] of Object.entries(CONTENTS)) {
    it(`${name}: the bytes downloaded in both trees are the bytes uploaded`, async () => {
      const { body, contentType } = multipart(uploadParts(3, name, content));
      const created = await request(`${server.baseUrl}${API}/attachments`, { method: 'POST', headers: { cookie: client.cookieHeader(), 'content-type': contentType }, body });
      assert.equal(created.statusCode, 201);
      const { id } = (await created.body.json()) as { id: number };

      for (const [path, accept] of [
        [`${API}/attachments/${id}`, 'application/octet-stream'],
        [`${CORE}/defects/3/attachments/${encodeURIComponent(name)}`, 'application/octet-stream'],
        [`${CORE}/defects/3/attachments/${id}?by-id=true&alt=application/octet-stream`, '*/*'],
      ]) {
        const res = await get(path, accept);
        assert.notEqual(res.headers['content-encoding'], 'gzip', `${path}: labelled gzip`);
        assert.deepEqual(decoded(res.headers, res.body), content, `${path}: other bytes`);
      }
      const mixed = await get(`${API}/attachments/${id}`, 'multipart/mixed');
      assert.notEqual(mixed.headers['content-encoding'], 'gzip');
      assert.ok(decoded(mixed.headers, mixed.body).includes(content), 'the multipart answer holds the content as stored');
    });
  }

  it('JSON answers are still compressed when the client accepts gzip', async () => {
    const res = await get(`${API}/defects?limit=5`, 'application/json');
    assert.equal(res.headers['content-encoding'], 'gzip');
    assert.equal((JSON.parse(gunzipSync(res.body).toString('utf8')) as { data: unknown[] }).data.length, 5);
  });
});

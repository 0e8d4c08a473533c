// Issue 38 item 14: an upload cut by the body timeout leaves no `.upload-*` file behind. The
// client sends the parts before the file and the start of the content, then nothing: the server
// answers 408 and closes the connection, and the temporary file it was writing must go with it
// (20 such uploads left 20 files until the next start).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { eventually } from '../../support/eventually';
import { TestClient, startTestServer } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { multipart, uploadParts } from './attachmentsHarness';

describe('server: uploads cut by the body timeout (issue 38 item 14)', function () {
  this.timeout(60_000);
  let server: RunningServer;
  let client: TestClient;
  let url: URL;

  before(async () => {
    // The idle timeout is long, so only the body rule closes these connections.
    server = await startTestServer({ defects: 5, limits: { bodyTimeoutMs: 1000, minBodyBytesPerSecond: 500, idleTimeoutMs: 60_000 } });
    client = new TestClient(server.baseUrl);
    await client.signIn('alice');
    url = new URL(server.baseUrl);
  });
  after(async () => server.close());

  const leftovers = () => readdirSync(join(server.dataDir, 'projects', 'DEFAULT', 'Demo', 'attachments')).filter((name) => name.startsWith('.upload-'));

  /** Sends the head and the first `sent` bytes of `body`, then nothing; resolves with the answer once the server closes. */
  async function stall(path: string, headers: Record<string, string>, body: Buffer, sent: number): Promise<string> {
    const socket = connect(Number(url.port), url.hostname);
    socket.on('error', () => undefined);
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const head = Object.entries({ Host: url.host, Cookie: client.cookieHeader(), 'Content-Length': String(body.length), ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`POST ${url.pathname}${path} HTTP/1.1\r\n${head}\r\n`);
    socket.write(body.subarray(0, sent));
    await new Promise((r) => socket.once('close', r));
    return answer;
  }

  it('multipart uploads in both trees and a raw Core upload → 408, and no temporary file stays', async () => {
    const content = Buffer.alloc(256 * 1024, 'a');
    const form = multipart(uploadParts(2, 'cut.txt', content));
    const formCore = multipart(uploadParts(2, 'cut.txt', content, { 'entity.type': undefined, 'entity.id': undefined }));
    // The parts before the file and 100 bytes of content: the file part has begun. (Every 500
    // bytes received extend the body's deadline by a second, so little is sent.)
    const fileStart = (body: Buffer) => body.indexOf('aaaa') + 100;
    const cuts = [
      stall('/api/domains/DEFAULT/projects/Demo/attachments', { 'Content-Type': form.contentType }, form.body, fileStart(form.body)),
      stall('/rest/domains/DEFAULT/projects/Demo/defects/2/attachments', { 'Content-Type': formCore.contentType }, formCore.body, fileStart(formCore.body)),
      stall('/rest/domains/DEFAULT/projects/Demo/defects/2/attachments', { 'Content-Type': 'application/octet-stream', Slug: 'cut.bin' }, content, 100),
    ];
    for (const answer of await Promise.all(cuts)) assert.match(answer, /^HTTP\/1\.1 408/);
    await eventually('no temporary files left after the cut uploads', () => leftovers().length === 0 || assert.fail(`left: ${leftovers().join(', ')}`), 10_000);
    // Uploads still work.
    const ok = await client.request('POST', '/api/domains/DEFAULT/projects/Demo/attachments', { body: form.body.toString('latin1'), headers: { 'Content-Type': form.contentType } });
    assert.ok(ok.status === 201 || ok.status === 200, ok.text.slice(0, 300));
  });
});

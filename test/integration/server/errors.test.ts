// Client mistakes at the edges of the HTTP layer get the ALM error body and a 4xx, never a 500
// and never a partial write: malformed URLs, prototype-poisoning JSON, missing bodies, odd
// sign-in bodies.
import assert from 'node:assert/strict';
import { startSignedIn, storedDefect } from '../../support/server';
import type { RunningServer, TestClient } from '../../support/server';

interface AlmErrorBody {
  Id: string;
  Title: string;
  ExceptionProperties: unknown;
  StackTrace: null;
}

describe('server: errors at the HTTP edges', function () {
  let server: RunningServer;
  let client: TestClient;
  const defect = (id: number | string) => `${client.projectPath()}/defects/${id}`;
  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 5 }));
  });
  after(async () => server.close());

  const expectError = (res: { status: number; json<T>(): T }, status: number, title: RegExp) => {
    assert.equal(res.status, status);
    const body = res.json<AlmErrorBody>();
    assert.match(body.Id, /^qccore\./);
    assert.match(body.Title, title);
    assert.equal(body.StackTrace, null);
    assert.ok('ExceptionProperties' in body);
  };

  it('a malformed percent-encoding in the path → 400 with the ALM body', async () => {
    expectError(await client.get(`${client.projectPath()}/defects/%E0%A4%A`), 400, /not a valid url/);
  });

  it('JSON with __proto__ or no body at all → 400, defect unchanged', async () => {
    const before = storedDefect(server.dataDir, 1);
    const json = { 'Content-Type': 'application/json' };
    expectError(await client.request('PUT', defect(1), { body: '{"__proto__":{"status":"Fixed"}}', headers: json }), 400, /JSON/);
    expectError(await client.request('PUT', defect(1), { body: '', headers: json }), 400, /empty/);
    expectError(await client.request('PUT', defect(1)), 400, /JSON object/);
    expectError(await client.request('PUT', defect(1), { body: 'null', headers: json }), 400, /JSON object/);
    expectError(await client.request('PUT', defect(1), { body: '<Entity/>', headers: { 'Content-Type': 'application/xml' } }), 400, /JSON object/);
    assert.deepEqual(storedDefect(server.dataDir, 1), before);
  });

  it('sign-in ignores its body: an empty body with a JSON content type still signs in', async () => {
    const res = await fetch(`${server.baseUrl}/api/authentication/sign-in`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('bob:bob-demo').toString('base64')}`, 'Content-Type': 'application/json' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.getSetCookie().length, 5);
  });

  it('a method the resource does not offer → 405 with the ALM body, nothing changed', async () => {
    const before = storedDefect(server.dataDir, 1);
    expectError(await client.request('PATCH', defect(1), { json: { status: 'Fixed' } }), 405, /PATCH is not supported on \/defects\/\{id\}/);
    expectError(await client.request('POST', defect(1), { json: { status: 'Fixed' } }), 405, /POST/);
    expectError(await client.request('PUT', `${client.projectPath()}/locks/1`, { json: {} }), 405, /PUT/);
    assert.deepEqual(storedDefect(server.dataDir, 1), before);
  });
});

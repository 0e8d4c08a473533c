import { strict as assert } from 'node:assert';
import { detectTree } from '../../../src/api/dialect/detect';
import { ServerError } from '../../../src/api/errors';
import type { HttpRequest } from '../../../src/api/http/transport';

const API_DOMAINS = JSON.stringify({ results: [{ name: 'DEFAULT', projects: [{ name: 'Demo' }] }] });
const CORE_DOMAINS = JSON.stringify({ Domain: [{ Name: 'DEFAULT', Projects: { Project: [{ Name: 'Demo' }] } }] });

/** A server answering each path with [status, body]; records what was asked. */
function server(answers: Record<string, [number, string]>) {
  const asked: string[] = [];
  const get = async (req: HttpRequest) => {
    const query = req.params?.length ? `?${req.params.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
    asked.push(`${req.method} ${req.path}${query}`);
    const [status, text] = answers[req.path] ?? [404, '<html>Not found</html>'];
    return { status, headers: {}, text };
  };
  return { get, asked };
}

describe('api/dialect/detect: which REST tree, with the fewest requests', () => {
  it('takes /api with one request where it answers, even when Core answers too', async () => {
    const s = server({ '/api/domains': [200, API_DOMAINS], '/rest/domains': [200, CORE_DOMAINS] });
    const d = await detectTree(s.get);
    assert.equal(d.dialect.tree, 'api');
    assert.equal(d.requests, 1);
    assert.deepEqual(s.asked, ['GET /api/domains']);
    assert.deepEqual(d.domains, [{ name: 'DEFAULT', projects: ['Demo'] }]);
    assert.match(d.reason, /GET \/api\/domains answered 200/);
  });

  it('falls back to Core with a second request, and says why', async () => {
    const s = server({ '/rest/domains': [200, CORE_DOMAINS] });
    const d = await detectTree(s.get);
    assert.equal(d.dialect.tree, 'rest');
    assert.equal(d.requests, 2);
    assert.deepEqual(s.asked, ['GET /api/domains', 'GET /rest/domains?include-projects-info=y']);
    assert.equal(d.reason, 'GET /api/domains answered 404; GET /rest/domains answered 200 with a domain list');
  });

  it('does not take an /api answer that is no domain list (a portal page answering 200)', async () => {
    const s = server({ '/api/domains': [200, '<html>portal</html>'], '/rest/domains': [200, CORE_DOMAINS] });
    assert.equal((await detectTree(s.get)).dialect.tree, 'rest');
  });

  it('probes Core first when the sign-in found no /api tree: one request on a Core-only server', async () => {
    const s = server({ '/rest/domains': [200, CORE_DOMAINS] });
    const d = await detectTree(s.get, undefined, true);
    assert.equal(d.dialect.tree, 'rest');
    assert.equal(d.requests, 1);
    assert.deepEqual(s.asked, ['GET /rest/domains?include-projects-info=y']);
  });

  it('says what to fix when neither tree answers', async () => {
    const s = server({});
    await assert.rejects(detectTree(s.get), (e: unknown) => e instanceof ServerError && /Neither ALM REST tree answers.*\/qcbin/.test(e.message));
  });
});

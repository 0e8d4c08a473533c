// Issue 28 item 2: the cost of parsing an XML body within the body size limit is bounded. A body
// with a million attributes, millions of entity references or empty elements, or a huge attribute
// value is refused with 413 naming the bound and stores nothing; an ordinary large body is still
// accepted. How quickly it is refused is bench/server/xmlCost.ts's figure (no test compares times).
import assert from 'node:assert/strict';
import { startSignedIn } from '../../support/server';
import type { RunningServer, TestClient } from '../../support/server';
import { allDefects, coreXml } from './coreHarness';

const CORE = '/rest/domains/DEFAULT/projects/Demo/defects';
const XML_WRITE = { 'Content-Type': 'application/xml', Accept: 'application/json' };

const HOSTILE: Record<string, { body: () => string; bound: RegExp }> = {
  'a million attributes on one element': {
    body: () => `<Entity Type="defect" ${Array.from({ length: 1_000_000 }, (_, i) => `a${i}="1"`).join(' ')}><Fields/></Entity>`,
    bound: /more than 8 attributes on one element/,
  },
  '3.9 million entity references': {
    body: () => coreXml({ name: 'x', description: '&'.repeat(3_900_000) }),
    bound: /more than 1000000 entity references/,
  },
  '2.1 million empty elements': {
    body: () => `<Entities>${'<Entity/>'.repeat(2_100_000)}</Entities>`,
    bound: /more than \d+ elements/,
  },
  'a 19 MB attribute value': {
    body: () => `<Entity Type="defect"><Fields><Field Name="${'n'.repeat(19_000_000)}"><Value>x</Value></Field></Fields></Entity>`,
    bound: /more than 4096 characters in one attribute value/,
  },
  'attributes spread over many elements': {
    body: () => `<Entities>${`<Entity Type="defect" a="1" b="1" c="1" d="1" e="1" f="1" g="1"><Fields/></Entity>`.repeat(40_000)}</Entities>`,
    bound: /more than \d+ attributes;/,
  },
};

describe('server: XML parsing cost within the body limit (issue 28 item 2)', function () {
  this.timeout(180_000);
  let server: RunningServer;
  let client: TestClient;

  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 20, limits: { maxBulkElements: 100 } }));
  });
  after(async () => server.close());

  for (const [name, { body, bound }] of Object.entries(HOSTILE)) {
    it(`${name} → 413 naming the bound; nothing stored`, async () => {
      const text = body();
      const before = allDefects(server.dataDir);
      for (const method of ['POST', 'PUT']) {
        const res = await client.request(method, CORE, { body: text, headers: XML_WRITE });
        assert.equal(res.status, 413, res.text.slice(0, 300));
        assert.match(res.json<{ Title: string }>().Title, bound);
      }
      // text/plain bodies, read as XML by Core writes, pass the same check.
      assert.equal((await client.request('POST', CORE, { body: text, headers: { ...XML_WRITE, 'Content-Type': 'text/plain' } })).status, 413);
      assert.deepEqual(allDefects(server.dataDir), before);
    });
  }

  it('an ordinary large XML body (a 900 KB memo with 100,000 entity references) is still accepted', async () => {
    const description = `${'&lt;b&gt;'.repeat(50_000)}${'text '.repeat(80_000)}`;
    const res = await client.request('POST', CORE, {
      body: coreXml({ name: 'large memo', severity: '2-Medium', 'detected-by': 'alice', 'creation-time': '2024-01-01', description }),
      headers: XML_WRITE,
    });
    assert.equal(res.status, 201, res.text.slice(0, 300));
  });
});

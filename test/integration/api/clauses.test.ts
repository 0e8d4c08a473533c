// Round trips through the server's query parser: values holding the clause syntax's own
// characters must select exactly the defect that holds them.
import { strict as assert } from 'node:assert';
import { anyOf, like, ne } from '../../../src/api/index';
import type { AlmClient, Defect, ProjectApi } from '../../../src/api/index';
import { clientFor, collect, createDefect, startApiTestServer } from './harness';
import type { TestServer } from './harness';

const NASTY = [
  'semi;colon',
  'brackets [1] and ]',
  "single 'quote'",
  'double "quote"',
  `both ' and "`,
  'this or that',
  'OR',
  'star*name',
  '*',
  'two  spaces',
  'back\\slash',
  'braces {x}',
  'null',
  'ends with \\',
  'equals=and<less>',
  '(parens)',
  'ünïcödé ✓',
];

describe('api integration: clause round trips through the server', () => {
  let server: TestServer;
  let client: AlmClient;
  let p: ProjectApi;
  const byName = new Map<string, Defect>();
  const run = `rt${Date.now()}`;

  before(async () => {
    server = await startApiTestServer();
    client = clientFor(server.baseUrl).client;
    p = client.project('QA', 'Regression');
    for (const name of NASTY) byName.set(name, await createDefect(p, name, { 'extended-reference': run }));
    // Decoys that a wrongly escaped wildcard or an `or` split would also match.
    for (const name of ['starXname', 'star-other-name', 'this', 'that', 'X', 'semi']) byName.set(name, await createDefect(p, name, { 'extended-reference': run }));
  });
  after(async () => {
    await client.dispose();
    await server.close();
  });

  for (const name of NASTY) {
    it(`finds exactly ${JSON.stringify(name)}`, async () => {
      const found = await collect(p.defects.query({ filter: { name, 'extended-reference': run }, fields: ['name'] }));
      assert.deepEqual(
        found.map((d) => d.name),
        [name],
      );
      assert.equal(found[0].id, byName.get(name)?.id);
    });
  }

  it('matches any of several nasty values', async () => {
    const values = ['semi;colon', 'this or that', 'star*name'];
    const found = await collect(p.defects.query({ filter: { name: anyOf(...values), 'extended-reference': run }, fields: ['name'] }));
    assert.deepEqual(found.map((d) => d.name).sort(), [...values].sort());
  });

  it('excludes one value with <> (literal star included)', async () => {
    const found = await collect(p.defects.query({ filter: { name: ne('star*name'), 'extended-reference': run }, fields: ['name'] }));
    assert.equal(found.length, byName.size - 1);
    assert.ok(!found.some((d) => d.name === 'star*name'));
  });

  it('keeps * a wildcard in like()', async () => {
    const found = await collect(p.defects.query({ filter: { name: like('star*name'), 'extended-reference': run }, fields: ['name'], orderBy: ['name'] }));
    assert.deepEqual(found.map((d) => d.name).sort(), ['star*name', 'star-other-name', 'starXname']);
  });

  it('orders by several fields with directions', async () => {
    const found = await collect(p.defects.query({ filter: { 'extended-reference': run }, fields: ['name'], orderBy: ['-name'] }));
    const names = found.map((d) => String(d.name));
    assert.deepEqual(names, [...names].sort().reverse());
  });
});

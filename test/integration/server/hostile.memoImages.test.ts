// Issue 38 item 10: on `--alm 26.1` a memo of many `<img>` tags stalled the server, because the
// read-back (reference §16.6: relative `src` stripped, `<img … />`) rebuilt the whole memo once per
// tag: 40,000 tags took 10–60 s per read while every other client waited. The read-back is one pass
// now. This test checks what is read back; its cost, against a memo of plain paragraphs of the same
// size in the same run, is bench/server/memoReadBack.ts's (no test compares times).
import assert from 'node:assert/strict';
import { TestClient, startTestServer, storeDirectly } from '../../support/server';
import type { RunningServer } from '../../support/server';
import { CORE, JSON_ } from './coreHarness';

const TAGS = 20_000;

interface CoreDefect {
  Fields: { Name: string; values: { value?: string }[] }[];
}

describe('server: a memo of many <img> tags on --alm 26.1 (issue 38 item 10)', function () {
  this.timeout(180_000);
  let server: RunningServer;
  let client: TestClient;

  before(async () => {
    server = await startTestServer({ defects: 3, alm: '26.1' });
    client = new TestClient(server.baseUrl);
    // 26.1 signs in with an API key (reference §16.1); the demo seeds this one.
    await client.signInWithKey('alice-demo-client', 'alice-demo-secret');
  });
  after(async () => server?.close());

  it(`${TAGS} relative <img> tags read back as <img /> each, as a live 26.1 answers`, async () => {
    const images = `<html><body>${'<img src="shot.png">'.repeat(TAGS)}</body></html>`;
    storeDirectly(server.dataDir, 'UPDATE defects SET "description" = ? WHERE "id" = 1', images);
    const res = await client.get(`${CORE}/defects/1`, JSON_);
    assert.equal(res.status, 200, res.text.slice(0, 300));
    const memo = res.json<CoreDefect>().Fields.find((f) => f.Name === 'description')?.values[0]?.value ?? '';
    // What a live 26.1 answers: every relative src stripped, every tag kept as `<img />`.
    assert.equal(memo.match(/<img \/>/g)?.length, TAGS, 'every tag is read back once');
    assert.doesNotMatch(memo, /shot\.png/);
  });
});

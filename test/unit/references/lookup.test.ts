import * as assert from 'node:assert/strict';
import type { Defect } from '../../../src/api/index';
import { DefectLookup } from '../../../src/references/lookup';
import type { Lookup } from '../../../src/references/lookup';
import { HOVER_COMMANDS, descriptionLines, hoverMarkdown, noProjectMarkdown } from '../../../src/references/hoverText';
import { dateText } from '../../../src/defects/fieldText';

function fakeServer(existing: readonly number[]) {
  const calls: number[][] = [];
  let fail: Error | undefined;
  let clock = 0;
  const lookup = new DefectLookup({
    fetch: async (_key, ids) => {
      calls.push([...ids]);
      if (fail) throw fail;
      return ids.filter((id) => existing.includes(id)).map((id) => ({ id, name: `Defect ${id}` }) as Defect);
    },
    classify: (e): Lookup => ({ kind: 'unreachable', message: String(e) }),
    ttlMs: 1000,
    windowMs: 5,
    maxBatch: 3,
    now: () => clock,
  });
  return { lookup, calls, setFail: (e: Error | undefined) => (fail = e), tick: (ms: number) => (clock += ms) };
}

describe('references: batched lookup', () => {
  it('fetches ids asked together in one batch and tells found from missing', async () => {
    const { lookup, calls } = fakeServer([1, 2]);
    const [a, b, c] = await Promise.all([lookup.get('P', 1), lookup.get('P', 2), lookup.get('P', 9)]);
    assert.deepEqual(calls, [[1, 2, 9]]);
    assert.equal(a.kind, 'found');
    assert.equal(b.kind, 'found');
    assert.equal(c.kind, 'missing');
  });

  it('fetches the visible ids along with the hovered one and answers them from the cache later', async () => {
    const { lookup, calls } = fakeServer([1, 2]);
    await lookup.get('P', 1, [2]);
    assert.equal((await lookup.get('P', 2)).kind, 'found');
    assert.deepEqual(calls, [[2, 1]]);
  });

  it('splits batches at the size limit and keeps projects apart', async () => {
    const { lookup, calls } = fakeServer([]);
    await Promise.all([1, 2, 3, 4].map((id) => lookup.get('P', id)).concat(lookup.get('Q', 1)));
    assert.deepEqual(calls, [[1, 2, 3], [4], [1]]);
  });

  it('shares a request in flight and expires answers after their lifetime', async () => {
    const { lookup, calls, tick } = fakeServer([1]);
    const first = lookup.get('P', 1);
    const second = lookup.get('P', 1);
    await Promise.all([first, second]);
    assert.equal(calls.length, 1);
    tick(999);
    await lookup.get('P', 1);
    assert.equal(calls.length, 1);
    tick(2);
    await lookup.get('P', 1);
    assert.equal(calls.length, 2);
  });

  it('reports a failure to every waiting ask and does not cache it', async () => {
    const { lookup, calls, setFail } = fakeServer([1]);
    setFail(new Error('connection refused'));
    const answers = await Promise.all([lookup.get('P', 1), lookup.get('P', 2)]);
    assert.deepEqual(
      answers.map((a) => a.kind),
      ['unreachable', 'unreachable'],
    );
    setFail(undefined);
    assert.equal((await lookup.get('P', 1)).kind, 'found');
    assert.equal(calls.length, 2);
  });
});

describe('references: hover text', () => {
  const project = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };

  it('shows the fields and the memo as escaped plain text with only our own command links', () => {
    const defect = {
      id: 7,
      name: 'Crash [click](command:workbench.action.terminal.new)',
      status: 'Open',
      severity: '2-Medium',
      owner: 'alice',
      'last-modified': '2026-01-02 10:00:00',
      description: '<html><body><p>First <b>line</b></p><script>alert(1)</script><p># not a heading</p><img src=x onerror=alert(1)></body></html>',
    } as unknown as Defect;
    const md = hoverMarkdown(project, 7, { kind: 'found', defect });
    assert.match(md, /\*\*Defect 7\*\*: Crash \\\[click\\\]\\\(command:workbench/);
    // The modification time in the display language, as every view writes a date-time (issue 39).
    assert.ok(md.includes(`Status: Open · Severity: 2-Medium · Assigned to: alice · Modified: ${dateText('2026-01-02 10:00:00')}`), md);
    assert.match(md, /First line/);
    assert.doesNotMatch(md, /<b>|<img|alert/);
    assert.match(md, /\\# not a heading/);
    const commands = [...md.matchAll(/\]\(command:([\w.]+)/g)].map((m) => m[1]);
    assert.deepEqual(commands, ['almDefects.openDefect', 'almDefects.copyDefectLink', 'almDefects.copyVsCodeLink']);
  });

  it('says clearly when the defect does not exist, the user is signed out or the server is unreachable', () => {
    assert.match(hoverMarkdown(project, 9, { kind: 'missing' }), /Defect 9\*\* does not exist in Demo on Demo/);
    assert.match(hoverMarkdown(project, 9, { kind: 'signed-out', message: 'x' }), /sign in to Demo/);
    assert.match(hoverMarkdown(project, 9, { kind: 'unreachable', message: 'ECONNREFUSED' }), /cannot be reached: ECONNREFUSED/);
  });

  it('offers Choose Default Project… when no project decides a plain number, as a link the hover trusts (issue 37.8)', () => {
    const md = noProjectMarkdown(12);
    assert.match(md, /almDefects\.defaultProject/);
    const commands = [...md.matchAll(/\[([^\]]+)\]\(command:([\w.]+)/g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(commands, [['Choose Default Project…', 'almDefects.chooseDefaultProject']]);
    assert.ok(HOVER_COMMANDS.includes('almDefects.chooseDefaultProject'), 'the hover runs the link only when its trust lists it');
  });

  it('keeps the first lines of a long description', () => {
    const lines = descriptionLines(Array.from({ length: 9 }, (_, i) => `<p>line ${i}</p>`).join(''));
    assert.deepEqual(lines, ['line 0', 'line 1', 'line 2', 'line 3', 'line 4', '…']);
  });
});

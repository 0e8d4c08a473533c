// A long memo's change sent as a splice (issue 38): the value the host pieces together is, byte for
// byte, the value a whole post would have given it — checked on the shared helpers and through
// the controller, where a splice made against another value than the host's is refused.
import * as assert from 'node:assert/strict';
import { DefectController } from '../../../src/editor/controller/defectController';
import { applySplice, spliceBetween, splicedValue } from '../../../src/shared/memoSplice';
import { KEY, NOW, seeded } from '../editor/controllerSetup';

const memo = (body: string) => `<html><body>\n${body}\n</body></html>`;
const paragraphs = (n: number, typed: (i: number) => string = () => '') => memo(Array.from({ length: n }, (_, i) => `<p>Paragraph ${i}${typed(i)}</p>`).join('\n'));

/** A small deterministic random source, so that a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

async function editing() {
  const c = new DefectController({ api: seeded(), key: { ...KEY, id: 7 }, user: 'alice', now: () => NOW });
  await c.load();
  await c.edit();
  assert.equal(c.lockPhase, 'editing');
  return c;
}

describe('memo splices (issue 38)', () => {
  it('turns a value into another with only the characters between their common start and end', () => {
    const before = paragraphs(3000);
    const after = paragraphs(3000, (i) => (i === 1500 ? ' typed' : ''));
    const splice = spliceBetween(before, after);
    assert.deepEqual(splice, { at: before.indexOf('Paragraph 1500') + 'Paragraph 1500'.length, removed: 0, text: ' typed', length: after.length });
    assert.equal(applySplice(before, splice), after);
  });

  it('gives back exactly the other value for any edit: insertions, deletions, replacements, at the ends, repeated text', () => {
    const next = random(38);
    const alphabet = ['<p>', '</p>', 'a', 'b', ' ', '&amp;', '\n', 'é', '😀'];
    let value = memo('<p>ab</p>'.repeat(700));
    for (let round = 0; round < 300; round++) {
      const at = Math.floor(next() * (value.length + 1));
      const removed = Math.floor(next() * Math.min(40, value.length - at + 1));
      const text = Array.from({ length: Math.floor(next() * 5) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      const edited = value.slice(0, at) + text + value.slice(at + removed);
      const splice = spliceBetween(value, edited);
      assert.equal(applySplice(value, splice), edited, `round ${round}`);
      assert.ok(splice.text.length <= text.length && splice.removed <= removed, `round ${round} sent more than changed`);
      value = edited;
    }
  });

  it('places a splice of a part of the value at its offset in the whole value', () => {
    const head = '<html><body>\n<p>one</p>';
    const tail = '\n</body></html>';
    const after = `${head}<p>two!</p>${tail}`;
    const splice = spliceBetween('<p>two</p>', '<p>two!</p>', head.length, after.length);
    assert.deepEqual(splice, { at: head.length + '<p>two'.length, removed: 0, text: '!', length: after.length });
    assert.equal(applySplice(`${head}<p>two</p>${tail}`, splice), after);
  });

  it('refuses a splice not made against the value: out of it, or giving another length', () => {
    const value = paragraphs(10);
    assert.equal(applySplice(value, { at: value.length, removed: 1, text: '', length: value.length - 1 }), undefined);
    assert.equal(applySplice(value, { at: 5, removed: 2, text: 'abc', length: value.length }), undefined);
    assert.equal(applySplice(value, { at: -1, removed: 0, text: '', length: value.length }), undefined);
    assert.equal(splicedValue(null, { at: 0, removed: 0, text: 'x', length: 1 }), undefined);
  });

  it('the controller holds, after a series of splices, the value whole posts would have given it, byte for byte', async () => {
    const whole = await editing();
    const spliced = await editing();
    let value = paragraphs(2000);
    whole.setField('description', value);
    spliced.setField('description', value);
    const next = random(7);
    for (let round = 0; round < 50; round++) {
      const i = Math.floor(next() * 2000);
      const at = value.indexOf(`Paragraph ${i}<`) + `Paragraph ${i}`.length;
      const edited = round % 3 === 2 ? value.slice(0, at) + value.slice(at + 4) : `${value.slice(0, at)} typed ${round}${value.slice(at)}`;
      whole.setField('description', edited);
      spliced.setField('description', splicedValue(spliced.value('description'), spliceBetween(value, edited)));
      value = edited;
      assert.equal(spliced.value('description'), whole.value('description'), `round ${round}`);
    }
    assert.deepEqual(spliced.snapshot(), whole.snapshot());
    assert.deepEqual(spliced.dirty, ['description']);
  });

  it('the controller refuses a splice made against another value and sends the page the values again', async () => {
    const c = await editing();
    c.setField('description', paragraphs(100));
    const changes: string[] = [];
    c.onDidChange((ch) => changes.push(ch));
    const stale = spliceBetween(
      paragraphs(99),
      paragraphs(99, () => '!'),
    );
    c.setField('description', splicedValue(c.value('description'), stale));
    assert.equal(c.value('description'), paragraphs(100));
    assert.deepEqual(changes, ['values', 'status']);
  });
});

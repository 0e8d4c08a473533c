import * as assert from 'node:assert/strict';
import { defaultProjectOf } from '../../../src/config/defaultProject';
import { DEFAULT_REFERENCE_PATTERNS, exampleOf, findReferences, parsePatterns } from '../../../src/references/patterns';

const defaults = () => parsePatterns(undefined).patterns;
const ids = (text: string, patterns = defaults()) => findReferences(text, patterns).map((r) => [text.slice(r.start, r.end), r.id]);

describe('references: patterns', () => {
  it('finds the common forms with the default patterns', () => {
    assert.deepEqual(ids('fixes defect 12, see Defect #34 and bug 5; QC-77, ALM-8, ALM #9'), [
      ['defect 12', 12],
      ['Defect #34', 34],
      ['bug 5', 5],
      ['QC-77', 77],
      ['ALM-8', 8],
      ['ALM #9', 9],
    ]);
  });

  it('ignores look-alikes: words that merely contain the keyword, ids of 0, numbers alone', () => {
    assert.deepEqual(ids('defective 12, debug 3, defect 0, 1234, ALMA-5, QC-'), []);
  });

  it('keeps one reference when two patterns match the same text', () => {
    const { patterns } = parsePatterns(['ALM #(\\d+)', 'ALM\\s+#?(\\d+)']);
    assert.deepEqual(ids('ALM #7', patterns), [['ALM #7', 7]]);
  });

  it('reports bad entries and keeps the good ones', () => {
    const { patterns, problems } = parsePatterns(['QC-(\\d+', 'no group \\d+', 42, '(\\d*)', { pattern: 'T(\\d+)', project: { server: 'S', domain: 'D', project: 'P' } }]);
    assert.equal(patterns.length, 1);
    assert.equal(problems.length, 4);
    assert.match(problems[0], /not a valid regular expression/);
    assert.match(problems[1], /capture group/);
    assert.match(problems[3], /empty text/);
    assert.deepEqual(findReferences('see T5', patterns)[0].project, { server: 'S', domain: 'D', project: 'P' });
  });

  it('writes a reference in the form of the pattern', () => {
    const [first, second, third] = defaults();
    assert.equal(first.format(42), 'defect 42');
    assert.equal(second.format(42), 'QC-42');
    assert.equal(third.format(42), 'ALM #42');
    const custom = parsePatterns([{ pattern: 'JIRA-(\\d+)', insert: 'see JIRA-${id}' }]).patterns[0];
    assert.equal(custom.format(3), 'see JIRA-3');
    // Too complex to derive: the plain form.
    assert.equal(parsePatterns(['(?<=x)y{2}(\\d+)']).patterns[0].format(3), 'defect 3');
  });

  it('derives examples only from simple expressions', () => {
    assert.equal(exampleOf(DEFAULT_REFERENCE_PATTERNS[0]), 'defect \u0000');
    assert.equal(exampleOf('ticket[-_ ](\\d+)'), 'ticket-\u0000');
    assert.equal(exampleOf('no group'), undefined);
  });

  it('falls back to the one server that pins a project', () => {
    const pinned = { name: 'Demo', entry: { domain: 'DEFAULT', project: 'Demo' } };
    assert.deepEqual(defaultProjectOf(undefined, [pinned]), { server: 'Demo', domain: 'DEFAULT', project: 'Demo' });
    assert.equal(defaultProjectOf(undefined, [pinned, { name: 'B', entry: {} }]), undefined);
    assert.equal(defaultProjectOf(undefined, [{ name: 'B', entry: { domain: 'D' } }]), undefined);
    const explicit = { server: 'X', domain: 'Y', project: 'Z' };
    assert.deepEqual(defaultProjectOf(explicit, [pinned]), explicit);
    // A setting naming only its server takes that entry's pinned project, as the chat tools always did.
    assert.deepEqual(defaultProjectOf({ server: 'demo' }, [pinned]), { server: 'Demo', domain: 'DEFAULT', project: 'Demo' });
    assert.equal(defaultProjectOf({ server: 'Demo', domain: 'OTHER' }, [pinned]), undefined);
  });
});

// The almDefects.newDefectDefaults setting: which entries apply to a project, which wins, and what
// a bad setting reports (the rest still applies).
import assert from 'node:assert/strict';
import { parseNewDefectDefaults, templateFor } from '../../../src/defects/newDefectDefaults';

const DEMO = { server: 'Demo', domain: 'DEFAULT', project: 'Demo' };

describe('new defect templates (almDefects.newDefectDefaults)', () => {
  it('merges every matching entry, the more specific last', () => {
    const t = parseNewDefectDefaults({
      'Demo/DEFAULT/Demo': { severity: '3-High', 'detected-in-rel': 'R2' },
      '*': { severity: '2-Medium', priority: '1-Low' },
      'Demo/*/*': { priority: '2-Medium' },
      'Other/DEFAULT/Demo': { severity: '5-Urgent' },
    });
    assert.deepEqual(t.problems, []);
    assert.deepEqual(templateFor(t, DEMO), { severity: '3-High', priority: '2-Medium', 'detected-in-rel': 'R2' });
    assert.deepEqual(templateFor(t, { server: 'Other', domain: 'DEFAULT', project: 'Demo' }), { severity: '5-Urgent', priority: '1-Low' });
    assert.deepEqual(templateFor(t, { server: 'demo', domain: 'default', project: 'demo' }).severity, '3-High', 'names compare without case, as ALM does');
  });

  it('keeps numbers, booleans and lists of texts', () => {
    const t = parseNewDefectDefaults({ '*': { 'estimated-fix-time': 3, 'user-02': ['Linux', 'Windows'], 'has-change': true } });
    assert.deepEqual(templateFor(t, DEMO), { 'estimated-fix-time': 3, 'user-02': ['Linux', 'Windows'], 'has-change': true });
  });

  it('reports bad keys and values, and applies the rest', () => {
    const t = parseNewDefectDefaults({ 'Demo/Demo': { severity: 'x' }, '*': { severity: '1-Low', owner: { name: 'bob' } }, 'Demo/DEFAULT/Demo': 'nope' });
    assert.equal(t.problems.length, 3, t.problems.join('\n'));
    assert.match(t.problems.join('\n'), /"Demo\/Demo" is not "server\/domain\/project"/);
    assert.match(t.problems.join('\n'), /"owner" under "\*"/);
    assert.deepEqual(templateFor(t, DEMO), { severity: '1-Low' });
  });

  it('reads an absent setting as no template and a non-object as a problem', () => {
    assert.deepEqual(parseNewDefectDefaults(undefined), { entries: [], problems: [] });
    const wrong = parseNewDefectDefaults(['severity']);
    assert.equal(wrong.entries.length, 0);
    assert.equal(wrong.problems.length, 1);
  });
});

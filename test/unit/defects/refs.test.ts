import * as assert from 'node:assert/strict';
import { defectRefFrom } from '../../../src/defects/refs';

describe('defectRefFrom', () => {
  const ref = { server: 'Demo', domain: 'DEFAULT', project: 'Demo', id: 42 };

  it('reads a plain reference, its id a number or "#42"', () => {
    assert.deepEqual(defectRefFrom(ref), ref);
    assert.deepEqual(defectRefFrom({ ...ref, id: '#42' }), ref);
  });

  it('reads the reference a tree row holds as `ref`, without knowing the row type', () => {
    class Row {
      constructor(readonly ref: unknown) {}
    }
    assert.deepEqual(defectRefFrom(new Row(ref)), ref);
    // A project row holds a reference without an id: not a defect.
    assert.equal(defectRefFrom(new Row({ server: 'Demo', domain: 'DEFAULT', project: 'Demo' })), undefined);
  });

  it('refuses what is not a defect reference', () => {
    for (const arg of [undefined, null, 42, 'Demo', { ...ref, id: 0 }, { ...ref, id: 'x' }, { server: 'Demo', id: 1 }]) {
      assert.equal(defectRefFrom(arg), undefined, JSON.stringify(arg));
    }
  });
});

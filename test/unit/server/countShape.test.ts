// countShape: which filters the store may answer from per-value counters, and as what. A shape
// must say exactly what the compiled SQL says, or a total would be wrong.
import assert from 'node:assert/strict';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import { countShape } from '../../../server/src/query/countShape';
import { parseFilter } from '../../../server/src/query/index';

const shape = (query: string) => countShape(parseFilter(query), CATALOGS.defects);

describe('countShape', () => {
  it('no filter counts every defect', () => {
    assert.deepEqual(shape(''), { kind: 'all' });
  });

  it('equal values of one text field, in either syntax, once each', () => {
    assert.deepEqual(shape('{status[Open]}'), { kind: 'values', field: 'status', values: ['Open'], negated: false });
    assert.deepEqual(shape("severity = '5-Urgent'"), { kind: 'values', field: 'severity', values: ['5-Urgent'], negated: false });
    assert.deepEqual(shape('{status[Open or Reopen or Open]}'), { kind: 'values', field: 'status', values: ['Open', 'Reopen'], negated: false });
  });

  it('not-equal and null tests', () => {
    assert.deepEqual(shape('{status[<>Closed]}'), { kind: 'values', field: 'status', values: ['Closed'], negated: true });
    assert.deepEqual(shape('{owner[NULL]}'), { kind: 'null', field: 'owner', negated: false });
    assert.deepEqual(shape('{owner[<>NULL]}'), { kind: 'null', field: 'owner', negated: true });
  });

  it('an empty value, which means null or empty', () => {
    assert.deepEqual(shape("{owner['']}"), { kind: 'empty', field: 'owner', negated: false });
    assert.deepEqual(shape("{owner[<>'']}"), { kind: 'empty', field: 'owner', negated: true });
  });

  it('two fields AND-ed, each with one of the shapes above, in either syntax', () => {
    assert.deepEqual(shape('{owner[alice];status[<>Closed]}'), {
      kind: 'pair',
      parts: [
        { kind: 'values', field: 'owner', values: ['alice'], negated: false },
        { kind: 'values', field: 'status', values: ['Closed'], negated: true },
      ],
    });
    assert.deepEqual(shape("status = 'Open' ; owner = ''"), {
      kind: 'pair',
      parts: [
        { kind: 'values', field: 'status', values: ['Open'], negated: false },
        { kind: 'empty', field: 'owner', negated: false },
      ],
    });
    assert.deepEqual(shape('{status[Open or New];severity[NULL]}'), {
      kind: 'pair',
      parts: [
        { kind: 'values', field: 'status', values: ['Open', 'New'], negated: false },
        { kind: 'null', field: 'severity', negated: false },
      ],
    });
  });

  it('leaves to COUNT(*) what the counters cannot say exactly', () => {
    for (const query of [
      '{owner[alice];status[<>Closed];severity[5-Urgent]}', // three fields
      '{owner[alice];status[Open*]}', // a pair with a wildcard
      '{status[Open or <>Closed]}', // mixed operators
      '{status[Open*]}', // a wildcard is a LIKE
      '{status[>Fixed]}', // ordering
      '{status[NOT Open]}',
      '{estimated-fix-time[5]}', // a number column
      '{user-02[Linux]}', // a multi-value column
    ]) {
      assert.equal(shape(query), undefined, query);
    }
    // Any text field has a shape; whether it is counted is the store's business (defectCounts.ts).
    assert.deepEqual(shape('{name[Login]}'), { kind: 'values', field: 'name', values: ['Login'], negated: false });
  });
});

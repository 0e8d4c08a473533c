// Value validation against field metadata, without HTTP: stored forms and refusals.
import assert from 'node:assert/strict';
import { AlmError } from '../../../server/src/errors';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import { toStoredValue } from '../../../server/src/metadata/validate';
import type { ReferenceChecks } from '../../../server/src/metadata/validate';

const checks: ReferenceChecks = {
  listValues: (id) => new Set(id === 222 ? ['New', 'Open'] : id === 1002 ? ['Linux', 'iOS'] : []),
  hasUser: (name) => name === 'alice',
  resourceExists: (table, id) => table === 'releases' && id === 1001,
};
const field = (name: string) => {
  const def = CATALOGS.defects.field(name);
  if (!def) throw new Error(`no field ${name}`);
  return def;
};
const refusal = (name: string, value: unknown): AlmError => {
  try {
    toStoredValue(field(name), value, checks);
  } catch (err) {
    if (err instanceof AlmError) return err;
    throw err;
  }
  assert.fail(`${name} accepted ${JSON.stringify(value)}`);
};

describe('server metadata: value validation', () => {
  it('stores valid values in their column form', () => {
    assert.equal(toStoredValue(field('status'), 'Open', checks), 'Open');
    assert.equal(toStoredValue(field('estimated-fix-time'), '42', checks), 42);
    assert.equal(toStoredValue(field('user-04'), '1.5', checks), 1.5);
    assert.equal(toStoredValue(field('closing-date'), '2024-02-29', checks), '2024-02-29');
    assert.equal(toStoredValue(field('user-02'), ['iOS', 'Linux', 'iOS'], checks), '["iOS","Linux"]');
    assert.equal(toStoredValue(field('detected-in-rel'), { id: 1001, type: 'release' }, checks), 1001);
    assert.equal(toStoredValue(field('detected-in-rel'), 1001, checks), 1001);
    assert.equal(toStoredValue(field('owner'), 'alice', checks), 'alice');
    assert.equal(toStoredValue(field('has-linkage'), true, checks), 'Y');
    assert.equal(toStoredValue(field('owner'), '', checks), null);
    assert.equal(toStoredValue(field('project'), 'Anything', checks), 'Anything', 'project has no Reference Match');
  });

  it('refuses with the matching qccore id and a title naming the field', () => {
    const cases: [string, unknown, string, RegExp][] = [
      ['status', 'Closed', 'qccore.invalid-list-field-value', /'Closed'.*status/],
      ['user-02', ['Linux', 'BeOS'], 'qccore.invalid-list-field-value', /BeOS/],
      ['owner', 'mallory', 'qccore.invalid-list-field-value', /mallory/],
      ['name', 'n'.repeat(256), 'qccore.invalid-value-type-for-field', /255/],
      ['closing-date', '2023-02-29', 'qccore.invalid-value-type-for-field', /YYYY-MM-DD/],
      ['closing-date', '2023-2-1', 'qccore.invalid-value-type-for-field', /YYYY-MM-DD/],
      ['actual-fix-time', 1.5, 'qccore.invalid-value-type-for-field', /integer/],
      ['actual-fix-time', 100000, 'qccore.invalid-value-type-for-field', /5 digits/],
      ['user-04', '1e5', 'qccore.invalid-value-type-for-field', /number/],
      ['detected-in-rel', { id: 5, type: 'release' }, 'qccore.invalid-value-type-for-field', /release 5/],
      ['detected-in-rel', { id: 1001, type: 'defect' }, 'qccore.invalid-value-type-for-field', /release/],
      ['name', null, 'qccore.required-field-missing', /'name'/],
      ['severity', undefined, 'qccore.required-field-missing', /'severity'/],
      ['name', { text: 'x' }, 'qccore.invalid-value-type-for-field', /string/],
    ];
    for (const [name, value, id, title] of cases) {
      const err = refusal(name, value);
      assert.equal(err.status, 400, `${name}=${JSON.stringify(value)}`);
      assert.equal(err.id, id, `${name}=${JSON.stringify(value)}`);
      assert.match(err.title, title);
    }
  });
});

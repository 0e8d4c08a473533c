// The api tree's one JSON writer of defects (server/src/apiTree/defects/json.ts): typed values,
// `type` and `id` first, a fields selection's order without repeats, multi values as lists,
// resource references as {id, type}, and the page envelope.
import assert from 'node:assert/strict';
import { defectJson, defectsJson } from '../../../server/src/apiTree/defects/json';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import type { DefectRow } from '../../../server/src/store/projectTypes';

const multi = CATALOGS.defects.fields.find((def) => def.multiple);

const row: DefectRow = {
  id: 7,
  'ver-stamp': 3,
  name: 'A "quoted" </script> 😀',
  severity: '2-Medium',
  owner: null,
  'target-rel': 3,
  'user-04': 2.5,
  'user-01': 'Backend',
  ...(multi ? { [multi.name]: JSON.stringify(['x', 'y']) } : {}),
};

describe('server defects: the api tree JSON writer', () => {
  it('writes every catalog field, type and id first, null for a field without a value', () => {
    const instance = defectJson(row);
    assert.deepEqual(Object.keys(instance), ['type', 'id', ...CATALOGS.defects.fields.filter((def) => def.name !== 'id').map((def) => def.name)]);
    assert.equal(instance.type, 'defect');
    assert.equal(instance.id, 7);
    assert.equal(instance.name, row.name);
    assert.equal(instance.owner, null);
    assert.equal(instance['user-04'], 2.5);
    assert.equal(instance.description, null, 'a column the row does not hold is null');
  });

  it('honours a fields selection: its order, no repeats, id and type always', () => {
    const fields = ['severity', 'name', 'target-rel', 'severity', 'user-01', 'id'];
    assert.deepEqual(Object.keys(defectJson(row, fields)), ['type', 'id', 'severity', 'name', 'target-rel', 'user-01']);
  });

  it('shows multi values as lists (a malformed one as a one-element list) and a release reference as {id, type}', () => {
    assert.ok(multi, 'the catalog has a multi-valued field');
    assert.deepEqual(defectJson(row, [multi.name])[multi.name], ['x', 'y']);
    assert.deepEqual(defectJson({ ...row, [multi.name]: 'not json [' }, [multi.name])[multi.name], ['not json [']);
    assert.deepEqual(defectJson(row, ['target-rel'])['target-rel'], { id: 3, type: 'release' });
  });

  it('writes a page as {"data":[…],"total-count":n}', () => {
    const page = JSON.parse(defectsJson([row, { ...row, id: 8 }], ['name'], 120)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(page), ['data', 'total-count']);
    assert.deepEqual(page, {
      data: [
        { type: 'defect', id: 7, name: row.name },
        { type: 'defect', id: 8, name: row.name },
      ],
      'total-count': 120,
    });
  });
});

// The hand-written `$metadata/fields` JSON: valid JSON text whose records each carry two `type`
// members, the string first.
import assert from 'node:assert/strict';
import { CATALOGS } from '../../../server/src/metadata/catalog';
import { fieldRecordJson, fieldsResponseJson } from '../../../server/src/metadata/fieldsJson';

describe('server metadata: field records', () => {
  it('writes "type":"field" first and the data type last, in valid JSON', () => {
    const def = CATALOGS.defects.field('severity');
    assert.ok(def);
    const text = fieldRecordJson(def);
    assert.equal(
      text,
      '{"type":"field","name":"severity","label":"Severity","input-validations":[{"name":"Not Null"},{"name":"Maximum length","value":70},{"name":"Reference Match"}],' +
        '"output-validations":[{"name":"Sanitization","value":"Text"}],' +
        '"type":{"name":"Reference By Value","multiple":false,"source":{"type":"list-item","field":"name","parent":{"type":"list-item","id":287}}}}',
    );
    // A JSON parser keeps the last duplicate: the data type.
    assert.equal((JSON.parse(text) as { type: { name: string } }).type.name, 'Reference By Value');
  });

  it('escapes labels and answers {"data":[…]} for every collection', () => {
    for (const catalog of Object.values(CATALOGS)) {
      const parsed = JSON.parse(fieldsResponseJson(catalog)) as { data: { name: string }[] };
      assert.deepEqual(
        parsed.data.map((f) => f.name),
        catalog.fields.map((f) => f.name),
      );
    }
    const tricky = { ...CATALOGS.defects.fields[2], label: 'Say "hi" \\ bye' };
    assert.equal((JSON.parse(fieldRecordJson(tricky)) as { label: string }).label, 'Say "hi" \\ bye');
  });

  it('resource references name their collection; user references the user collection', () => {
    const rel = JSON.parse(fieldRecordJson(CATALOGS.defects.field('target-rcyc') as never)) as { type: unknown };
    assert.deepEqual(rel.type, { name: 'Reference', multiple: false, source: { type: 'release_cycles' } });
    const owner = JSON.parse(fieldRecordJson(CATALOGS.defects.field('owner') as never)) as { type: unknown };
    assert.deepEqual(owner.type, { name: 'Reference', multiple: false, source: { type: 'user' } });
  });
});

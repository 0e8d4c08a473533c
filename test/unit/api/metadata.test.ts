import { strict as assert } from 'node:assert';
import { allValues, parseJsonKeepingDuplicates, JsonSyntaxError } from '../../../src/api/jsonDuplicates';
import type { JsonObject } from '../../../src/api/jsonDuplicates';
import { parseFieldsText } from '../../../src/api/metadata';
import { ServerError } from '../../../src/api/errors';

// Raw text as the server sends it: each record has `"type":"field"` AND a later `"type":{…}`.
const RAW = `{"data":[
 {"type":"field","name":"severity","label":"Severity","input-validations":[{"name":"Not Null"},{"name":"Maximum length","value":70},{"name":"Reference Match"}],
  "type":{"name":"Reference By Value","multiple":false,"source":{"type":"list-item","field":"name","parent":{"type":"list-item","id":287}}}},
 {"type":"field","name":"detected-by","label":"Detected By","input-validations":[{"name":"Not Null"},{"name":"Reference Match"},{"name":"Maximum length","value":60}],
  "type":{"name":"Reference","multiple":false,"source":{"type":"user"}}},
 {"type":"field","name":"description","label":"Description","output-validations":[{"name":"Sanitization","value":"HTML"}],"type":{"name":"Memo"}},
 {"type":"field","name":"creation-time","label":"Detected on Date","input-validations":[{"name":"Not Null"},{"name":"Format","value":"yyyy-MM-dd"}],"type":{"name":"Date"}},
 {"type":"field","name":"user-02","label":"Platforms","type":{"name":"Reference By Value","multiple":true,"target":{"type":"list-items","parent-id":1002}}}
]}`;

describe('api/jsonDuplicates', () => {
  it('keeps every value of a duplicated key, in order (JSON.parse keeps only the last)', () => {
    const v = parseJsonKeepingDuplicates('{"type":"field","a":1,"type":{"name":"Date"},"type":3}') as JsonObject;
    assert.deepEqual(allValues(v, 'type'), ['field', { name: 'Date' }, 3]);
    assert.equal(v.type, 'field');
    assert.deepEqual((JSON.parse('{"type":"field","type":{"name":"Date"}}') as { type: unknown }).type, { name: 'Date' });
  });

  it('parses the full JSON grammar: escapes, numbers, nesting, literals', () => {
    const v = parseJsonKeepingDuplicates(' {"s":"a\\"b\\u00e9\\n","n":-1.5e3,"arr":[true,false,null,{}],"e":[]} ');
    assert.deepEqual(v, { s: 'a"bé\n', n: -1500, arr: [true, false, null, {}], e: [] });
  });

  it('does not let a __proto__ key change the prototype', () => {
    const v = parseJsonKeepingDuplicates('{"__proto__":{"polluted":1}}') as JsonObject;
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.deepEqual(Object.getPrototypeOf(v), Object.prototype);
    assert.deepEqual(v.__proto__, { polluted: 1 });
  });

  it('rejects malformed text with a position', () => {
    for (const bad of ['{', '{"a":}', '[1,]', '{"a":1} x', '"open', '{a:1}']) {
      assert.throws(() => parseJsonKeepingDuplicates(bad), JsonSyntaxError, bad);
    }
  });
});

describe('api/metadata: $metadata/fields from raw text', () => {
  const catalog = parseFieldsText('defects', RAW);

  it('reads the data type from the second `type` member and the rules from the validations', () => {
    const sev = catalog.get('severity');
    assert.ok(sev);
    assert.equal(sev.label, 'Severity');
    assert.deepEqual(sev.dataType, { name: 'Reference By Value', multiple: false, source: { kind: 'list', listId: 287 } });
    assert.equal(sev.required, true);
    assert.equal(sev.maxLength, 70);
    assert.equal(sev.referenceMatch, true);
  });

  it('understands user, memo, date and multi-valued list fields (both source shapes)', () => {
    assert.deepEqual(catalog.get('detected-by')?.dataType.source, { kind: 'resource', collection: 'user' });
    assert.equal(catalog.get('description')?.sanitization, 'HTML');
    assert.equal(catalog.get('description')?.required, false);
    assert.equal(catalog.get('creation-time')?.format, 'yyyy-MM-dd');
    assert.deepEqual(catalog.get('user-02')?.dataType, { name: 'Reference By Value', multiple: true, source: { kind: 'list', listId: 1002 } });
    assert.equal(catalog.label('user-02'), 'Platforms');
    assert.equal(catalog.label('nope'), 'nope');
    assert.deepEqual(
      catalog.fields.map((f) => f.name),
      ['severity', 'detected-by', 'description', 'creation-time', 'user-02'],
    );
  });

  it('also works when a server emits the data type first or only once', () => {
    const c = parseFieldsText('x', '{"data":[{"type":{"name":"Integer"},"name":"a","type":"field"},{"name":"b","type":{"name":"Float"}}]}');
    assert.equal(c.get('a')?.dataType.name, 'Integer');
    assert.equal(c.get('b')?.dataType.name, 'Float');
  });

  it('fails with a ServerError on text that is not metadata', () => {
    assert.throws(() => parseFieldsText('x', '<html>login</html>'), ServerError);
    assert.throws(() => parseFieldsText('x', '{"results":[]}'), ServerError);
  });
});

// `$metadata/fields` over HTTP: the raw JSON carries both `type` members per record (the string
// `field` first, the data-type object last) and the defect fields are exactly the seed's table.
import assert from 'node:assert/strict';
import { startSignedIn } from '../../support/server';
import type { RunningServer, TestClient } from '../../support/server';

interface FieldRecord {
  name: string;
  label: string;
  'input-validations'?: { name: string; value?: string | number }[];
  'output-validations': { name: string; value: string }[];
  type: { name: string; multiple?: boolean; source?: { type: string; field?: string; parent?: { type: string; id: number } } };
}

// name, data type, max length (null: none), required, reference match, source (list id or collection)
type Row = [string, string, number | null, boolean, boolean, number | string | null];
const SEED_TABLE: Row[] = [
  ['id', 'Integer', 10, false, false, null],
  ['ver-stamp', 'Integer', 10, false, false, null],
  ['name', 'String', 255, true, false, null],
  ['description', 'Memo', null, false, false, null],
  ['dev-comments', 'Memo', null, false, false, null],
  ['request-note', 'Memo', null, false, false, null],
  ['creation-time', 'Date', 1, true, true, null],
  ['closing-date', 'Date', 1, false, true, null],
  ['last-modified', 'String', 20, false, false, null],
  ['detected-by', 'Reference', 60, true, true, 'user'],
  ['owner', 'Reference', 60, false, true, 'user'],
  ['severity', 'Reference By Value', 70, true, true, 287],
  ['status', 'Reference By Value', 70, false, true, 222],
  ['priority', 'Reference By Value', 70, false, true, 260],
  ['project', 'Reference By Value', 70, false, false, 266],
  ['closing-version', 'Reference By Value', 70, false, true, 35],
  ['detection-version', 'Reference By Value', 70, false, true, 35],
  ['planned-closing-ver', 'Reference By Value', 70, false, true, 35],
  ['reproducible', 'Reference By Value', 1, false, true, 1],
  ['to-mail', 'Reference By Value', 1, false, false, 1],
  ['subject', 'Reference By Value', 10, false, true, 2],
  ['detected-in-rel', 'Reference', null, false, true, 'releases'],
  ['target-rel', 'Reference', null, false, true, 'releases'],
  ['detected-in-rcyc', 'Reference', null, false, true, 'release_cycles'],
  ['target-rcyc', 'Reference', null, false, true, 'release_cycles'],
  ['environment', 'Reference', null, false, true, 'environments'],
  ['actual-fix-time', 'Integer', 5, false, false, null],
  ['estimated-fix-time', 'Integer', 5, false, false, null],
  ['cycle-id', 'Integer', 10, false, false, null],
  ['run-reference', 'Integer', 10, false, false, null],
  ['step-reference', 'Integer', 10, false, false, null],
  ['test-reference', 'Integer', 10, false, false, null],
  ['request-id', 'Integer', 10, false, false, null],
  ['cycle-reference', 'String', 255, false, false, null],
  ['extended-reference', 'String', 50, false, false, null],
  ['has-change', 'String', 50, false, false, null],
  ['request-server', 'String', 120, false, false, null],
  ['request-type', 'String', 120, false, false, null],
  ['attachment', 'String', 1, false, false, null],
  ['has-linkage', 'String', 1, false, false, null],
  ['has-others-linkage', 'String', 1, false, false, null],
];

/** Splits the raw body into the text of each record (each starts with `{"type":"field",`). */
function recordTexts(raw: string): string[] {
  const starts: number[] = [];
  for (let i = raw.indexOf('{"type":"field",'); i >= 0; i = raw.indexOf('{"type":"field",', i + 1)) starts.push(i);
  return starts.map((s, k) => raw.slice(s, k + 1 < starts.length ? starts[k + 1] : raw.length));
}

describe('server: $metadata/fields', function () {
  let server: RunningServer;
  let client: TestClient;
  before(async () => {
    ({ server, client } = await startSignedIn({ defects: 5 }));
  });
  after(async () => server.close());

  const fieldsOf = async (collection: string) => {
    const res = await client.get(`${client.projectPath()}/${collection}/$metadata/fields`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    return { raw: res.text, records: res.json<{ data: FieldRecord[] }>().data };
  };

  it('every record has "type":"field" first and the data-type object as a later "type" member', async () => {
    for (const collection of ['defects', 'attachments', 'locks', 'list-items']) {
      const { raw, records } = await fieldsOf(collection);
      const texts = recordTexts(raw);
      assert.equal(texts.length, records.length, `${collection}: one "type":"field" per record`);
      assert.ok(records.length >= 4);
      for (const text of texts) {
        const first = text.indexOf('"type":"field"');
        const second = text.indexOf('"type":{"name":');
        assert.equal(first, 1, text);
        assert.ok(second > first, `data type after "field" in ${text}`);
        assert.equal(text.split('"type":').length - 1 >= 2, true);
      }
      assert.equal(raw.includes('"total-count"'), false);
    }
  });

  it('defect fields match the seed table: types, lengths, Not Null, Reference Match, sources', async () => {
    const { records } = await fieldsOf('defects');
    const byName = new Map(records.map((r) => [r.name, r]));
    for (const [name, type, maxLength, required, match, source] of SEED_TABLE) {
      const rec = byName.get(name);
      assert.ok(rec, `missing field ${name}`);
      const inputs = rec['input-validations'] ?? [];
      assert.equal(rec.type.name, type, `${name} type`);
      assert.deepEqual(inputs.find((v) => v.name === 'Maximum length')?.value ?? null, maxLength, `${name} length`);
      assert.equal(
        inputs.some((v) => v.name === 'Not Null'),
        required,
        `${name} Not Null`,
      );
      assert.equal(
        inputs.some((v) => v.name === 'Reference Match'),
        match,
        `${name} Reference Match`,
      );
      assert.deepEqual(rec['output-validations'], [{ name: 'Sanitization', value: type === 'Memo' ? 'HTML' : 'Text' }], `${name} sanitization`);
      if (typeof source === 'number') {
        assert.deepEqual(rec.type.source, { type: 'list-item', field: 'name', parent: { type: 'list-item', id: source } }, `${name} list`);
        assert.equal(rec.type.multiple, false);
      } else if (typeof source === 'string') {
        assert.deepEqual(rec.type.source, { type: source }, `${name} source`);
      } else {
        assert.equal(rec.type.source, undefined);
      }
    }
  });

  it('defects carry user-defined fields: a list field, a multi-valued list field and plain types', async () => {
    const { records } = await fieldsOf('defects');
    const user = records.filter((r) => r.name.startsWith('user-'));
    assert.ok(user.length >= 3);
    const u1 = user.find((r) => r.name === 'user-01');
    const u2 = user.find((r) => r.name === 'user-02');
    assert.equal(u1?.type.name, 'Reference By Value');
    assert.equal(u1?.type.multiple, false);
    assert.equal(u2?.type.multiple, true);
    assert.equal(u2?.type.source?.type, 'list-item');
    // Every list named by a field exists in list-items with values.
    const lists = await client.get(`${client.projectPath()}/list-items?limit=max`);
    const items = lists.json<{ data: { id: number; parent: { id: number } }[] }>().data;
    for (const rec of records) {
      const listId = rec.type.source?.parent?.id;
      if (listId === undefined) continue;
      assert.ok(
        items.some((i) => i.id === listId && i.parent.id === 0),
        `list ${listId} of ${rec.name}`,
      );
      assert.ok(
        items.some((i) => i.parent.id === listId),
        `values of list ${listId}`,
      );
    }
  });

  it('dates carry a Format validation; memo fields HTML sanitization', async () => {
    const { records } = await fieldsOf('defects');
    const created = records.find((r) => r.name === 'creation-time');
    assert.deepEqual(created?.['input-validations']?.[0], { name: 'Format', value: 'YYYY-MM-DD' });
    assert.equal(records.find((r) => r.name === 'description')?.['output-validations'][0]?.value, 'HTML');
  });

  it('unknown collection → 404 with an ALM error body', async () => {
    const res = await client.get(`${client.projectPath()}/bugs/$metadata/fields`);
    assert.equal(res.status, 404);
    assert.match(res.json<{ Id: string; Title: string }>().Title, /bugs/);
  });
});

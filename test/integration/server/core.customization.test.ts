// Core metadata over HTTP (`/rest/…/customization/…`): field descriptors compared field by
// field with the `/api` tree's `$metadata/fields`, XML against JSON, the required=/can-filter=
// filters, entity descriptors, lists (all, used, per entity; nested tree lists) against the
// `/api` tree's list-items, and users. Bad parameters answer their error and change nothing.
import assert from 'node:assert/strict';
import { XMLParser } from 'fast-xml-parser';
import { http, startHarness } from './attachmentsHarness';
import type { Harness, HttpResult } from './attachmentsHarness';
import { text } from '../../support/text';

interface ApiField {
  name: string;
  label: string;
  'input-validations'?: { name: string; value?: string | number }[];
  type: { name: string; multiple?: boolean; source?: { type: string; parent?: { id: number } } };
}
type CoreField = Record<string, string | number | boolean | { RelationReference: { RelationName: string; ReferencedEntityType: string }[] }>;
interface CoreListItem {
  value: string;
  logicalName: string;
  Items?: CoreListItem[];
}
interface CoreList {
  Name: string;
  Id: number;
  Items: CoreListItem[];
}

const RESOURCE_TYPES: Record<string, string> = { releases: 'release', release_cycles: 'release-cycle', environments: 'environment' };
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, isArray: (n) => ['Field', 'List', 'Item', 'User', 'RelationReference'].includes(n) });

describe('Core customization over HTTP: fields, entities, lists and users', function () {
  this.timeout(30_000);
  let h: Harness;
  let alice: string;
  const core = (path: string) => `${h.baseUrl}/rest/domains/DEFAULT/projects/Demo/customization${path}`;
  const get = (url: string, accept = 'application/json') => http('GET', url, { cookie: alice, headers: { accept } });
  const coreFields = async (query = '', entity = 'defect') => {
    const res = await get(core(`/entities/${entity}/fields${query}`));
    assert.equal(res.status, 200, res.body.toString());
    return res.json<{ Fields: { Field: CoreField[] } }>().Fields.Field;
  };
  const expectError = (res: HttpResult, status: number, id: string, title: RegExp) => {
    assert.equal(res.status, status, res.body.toString());
    assert.equal(res.json<{ Id: string }>().Id, id);
    assert.match(res.json<{ Title: string }>().Title, title);
  };

  before(async () => {
    h = await startHarness({}, 10);
    alice = await h.signIn('alice');
    // A list no field uses: customization/lists shows it, used-lists does not.
    h.demo().insertListItems([
      { id: 9000, name: 'Spare', parentId: 0, logicalIdentifier: 'LIST.SPARE' },
      { id: 9001, name: 'Unused value', parentId: 9000 },
    ]);
  });
  after(async () => h.close());

  it("describes every defect field as the /api tree's $metadata/fields does, field by field", async () => {
    const api = (await http('GET', `${h.projectUrl}/defects/$metadata/fields`, { cookie: alice })).json<{ data: ApiField[] }>().data;
    const fields = await coreFields();
    assert.deepEqual(
      fields.map((f) => f.Name),
      api.map((f) => f.name),
    );
    const sample = (await http('GET', `${h.projectUrl}/defects?limit=1`, { cookie: alice })).json<{ data: Record<string, unknown>[] }>().data[0] ?? {};
    for (const [i, a] of api.entries()) {
      const c = fields[i];
      const validation = (name: string) => a['input-validations']?.find((v) => v.name === name);
      assert.equal(c.Label, a.label, a.name);
      assert.equal(c.Required, validation('Not Null') !== undefined, `${a.name} Required`);
      assert.equal(c.Size, validation('Maximum length')?.value, `${a.name} Size`);
      assert.equal(c['List-Id'], a.type.source?.parent?.id, `${a.name} List-Id`);
      assert.equal(c.Verify, validation('Reference Match') !== undefined, `${a.name} Verify`);
      assert.equal(c.SupportsMultivalue, a.type.multiple === true, `${a.name} SupportsMultivalue`);
      assert.match(text(c.PhysicalName), /^BG_[A-Z0-9_]+$/);
      const source = a.type.source?.type;
      const expected: Record<string, string> = {
        Integer: 'Number',
        Float: 'Number',
        Memo: 'Memo',
        Date: 'Date',
        'Reference By Value': 'LookupList',
        Reference: source === 'user' ? 'UsersList' : 'Reference',
        // Date-times are text on the api tree; Core names them, and their values have the form.
        String: c.Type === 'DateTime' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(String(sample[a.name])) ? 'DateTime' : 'String',
      };
      assert.equal(c.Type, expected[a.type.name], `${a.name} Type`);
      const refs = c.References as { RelationReference: { ReferencedEntityType: string }[] } | undefined;
      assert.equal(refs?.RelationReference[0]?.ReferencedEntityType, c.Type === 'Reference' ? RESOURCE_TYPES[source ?? ''] : undefined, `${a.name} References`);
    }
    assert.equal(fields.find((f) => f.Name === 'last-modified')?.Type, 'DateTime');
    assert.deepEqual(
      fields.filter((f) => f.Editable === false).map((f) => f.Name),
      ['id', 'ver-stamp', 'last-modified'],
    );
  });

  it('answers the same descriptors in XML (the default) as in JSON: attributes Name/Label/PhysicalName, the rest child elements', async () => {
    const json = await coreFields();
    const res = await http('GET', core('/entities/defect/fields'), { cookie: alice });
    assert.match(String(res.headers['content-type']), /^application\/xml/);
    const doc = xml.parse(res.body.toString()) as { Fields: { Field: Record<string, unknown>[] } };
    assert.equal(doc.Fields.Field.length, json.length);
    for (const [i, node] of doc.Fields.Field.entries()) {
      const expected = json[i];
      for (const [key, value] of Object.entries(expected)) {
        if (key === 'References') {
          const refs = (node.References as { RelationReference: Record<string, string>[] }).RelationReference;
          assert.deepEqual(refs, (value as { RelationReference: Record<string, string>[] }).RelationReference);
        } else {
          assert.equal(node[key], text(value), `${text(expected.Name)} ${key}`);
        }
      }
      assert.match(res.body.toString(), new RegExp(`<Field PhysicalName="${text(expected.PhysicalName)}" Name="${text(expected.Name)}" Label="`));
    }
  });

  it('filters by required= and can-filter=, and describes attachments from their catalog too', async () => {
    const all = await coreFields();
    assert.deepEqual(
      (await coreFields('?required=true')).map((f) => f.Name),
      ['name', 'creation-time', 'detected-by', 'severity'],
    );
    assert.deepEqual(
      (await coreFields('?required=false')).map((f) => f.Name),
      all.filter((f) => !f.Required).map((f) => f.Name),
    );
    assert.deepEqual(await coreFields('?can-filter=true'), all);
    assert.deepEqual(await coreFields('?can-filter=false'), []);
    assert.deepEqual((await coreFields('?required=true&can-filter=true')).length, 4);
    const api = (await http('GET', `${h.projectUrl}/attachments/$metadata/fields`, { cookie: alice })).json<{ data: ApiField[] }>().data;
    const attachment = await coreFields('', 'attachment');
    assert.deepEqual(
      attachment.map((f) => [f.Name, f.Label]),
      api.map((f) => [f.name, f.label]),
    );
  });

  it('refuses unknown entities (with the singular hint) and bad filter values, changing nothing', async () => {
    const before = await coreFields();
    expectError(await get(core('/entities/defects/fields')), 404, 'qccore.entity-not-found', /singular entity name: 'defect'/);
    expectError(await get(core('/entities/requirement/fields')), 404, 'qccore.entity-not-found', /Known entities: defect, attachment/);
    expectError(await get(core('/entities/defect/fields?required=maybe')), 400, 'qccore.general-error', /required is 'true' or 'false'/);
    expectError(await get(core('/entities/defect/fields?can-filter=1')), 400, 'qccore.general-error', /can-filter is 'true' or 'false'/);
    assert.deepEqual(await coreFields(), before);
  });

  it('lists the entities with what each supports, in XML and JSON', async () => {
    const json = (await get(core('/entities'))).json<{ EntityResourceDescriptors: Record<string, unknown>[] }>().EntityResourceDescriptors;
    assert.deepEqual(
      json.map((e) => e.collectionName),
      ['defects', 'attachments', 'defect-links', 'releases', 'release-cycles'],
    );
    assert.deepEqual(json[0]?.SupportsAttachment, { url: 'defects/{parent_entity_id}/attachments', value: true });
    assert.deepEqual(json[0]?.SupportsLock, { url: 'defects/{parent_entity_id}/lock', value: true });
    assert.equal(json[1]?.SupportsLock, false);
    const body = (await http('GET', core('/entities'), { cookie: alice })).body.toString();
    assert.match(body, /<EntityResourceDescriptors><EntityResourceDescriptor collectionName="defects"><SupportsAttachment url="defects\/\{parent_entity_id\}\/attachments">true<\/SupportsAttachment>/);
  });

  it('serves used lists with their items inline, as the /api list-items hold them, and every list under lists', async () => {
    const used = (await get(core('/used-lists'))).json<{ lists: CoreList[] }>().lists;
    const fields = await coreFields();
    // The defect fields' lists, and Link Type (1003), which defect links use (reference §16.10).
    const listIds = [...new Set([...fields.map((f) => f['List-Id']).filter((id) => id !== undefined), 1003])].sort();
    assert.deepEqual(used.map((l) => l.Id).sort(), listIds);
    const severity = used.find((l) => l.Name === 'Severity') as CoreList;
    const items = (await http('GET', `${h.projectUrl}/list-items?query=${encodeURIComponent('{parent-id[287]}')}&order-by=id`, { cookie: alice })).json<{
      data: { name: string; 'logical-identifier': string }[];
    }>().data;
    assert.deepEqual(
      severity.Items,
      items.map((i) => ({ value: i.name, logicalName: i['logical-identifier'] })),
    );
    assert.equal(fields.find((f) => f.Name === 'severity')?.['List-Id'], severity.Id);

    const all = (await get(core('/lists'))).json<{ lists: CoreList[] }>().lists;
    assert.deepEqual(all.map((l) => l.Id).sort(), [...listIds, 9000].sort());
    assert.deepEqual((await get(core('/entities/defect/lists'))).json(), { lists: used.filter((l) => l.Id !== 1003) });
  });

  it('selects lists by name= and id=, nests tree lists in JSON and XML, and answers 404/400 for bad selections', async () => {
    const stored = h.demo().listItemsInTreeOrder();
    const byName = (await get(core('/used-lists?name=severity'))).json<{ lists: CoreList[] }>().lists;
    assert.deepEqual(
      byName.map((l) => [l.Name, l.Id]),
      [['Severity', 287]],
    );
    assert.deepEqual((await get(core('/used-lists?id=287'))).json(), { lists: byName });
    const subject = (await get(core('/used-lists?name=Subject'))).json<{ lists: CoreList[] }>().lists[0];
    assert.deepEqual(
      subject.Items.map((i) => i.value),
      ['Accounts', 'Orders', 'Reports'],
    );
    assert.deepEqual(
      subject.Items[0]?.Items?.map((i) => i.value),
      ['Login', 'Profile', 'Billing'],
    );

    const asXml = await http('GET', core('/used-lists?name=Subject'), { cookie: alice });
    const doc = xml.parse(asXml.body.toString()) as { Lists: { List: { Name: string; Id: string; Items: { Item: { value: string; Item?: { value: string }[] }[] } }[] } };
    const list = doc.Lists.List[0];
    assert.equal(list?.Name, 'Subject');
    assert.equal(list?.Id, '2');
    assert.deepEqual(
      list?.Items.Item.map((i) => i.value),
      ['Accounts', 'Orders', 'Reports'],
    );
    assert.deepEqual(
      list?.Items.Item[0]?.Item?.map((i) => i.value),
      ['Login', 'Profile', 'Billing'],
    );

    // A list no field uses is not a used list (a public client then falls back to lists?id=).
    expectError(await get(core('/used-lists?id=9000')), 404, 'qccore.entity-not-found', /id 9000/);
    const spare = (await get(core('/lists?id=9000'))).json<{ lists: CoreList[] }>().lists;
    assert.deepEqual(spare, [{ Name: 'Spare', Id: 9000, Items: [{ value: 'Unused value', logicalName: 'LIST.SPARE.1' }] }]);
    expectError(await get(core('/used-lists?name=Nothing')), 404, 'qccore.entity-not-found', /name 'Nothing'/);
    expectError(await get(core('/lists?id=abc')), 400, 'qccore.general-error', /list id/);
    expectError(await get(core('/used-lists?name=Severity&id=222')), 404, 'qccore.entity-not-found', /name 'Severity' and id 222/);
    assert.deepEqual(h.demo().listItemsInTreeOrder(), stored);
  });

  it('lists the project users and one user by users/{name} or users?name=, in XML and JSON', async () => {
    const stored = h.demo().listUsers();
    const json = (await get(core('/users'))).json<{ Users: { User: Record<string, unknown>[] } }>().Users.User;
    assert.deepEqual(
      json.map((u) => [u.Name, u.FullName, u.email, u.UserActive]),
      stored.map((u) => [u.name, u['full-name'], u.email, true]),
    );
    const asXml = xml.parse((await http('GET', core('/users'), { cookie: alice })).body.toString()) as { Users: { User: Record<string, string>[] } };
    assert.deepEqual(
      asXml.Users.User.map((u) => [u.Name, u.FullName, u.UserActive]),
      stored.map((u) => [u.name, u['full-name'], 'true']),
    );

    const one = (await get(core('/users/alice'))).json<Record<string, unknown>>();
    assert.equal(one.Name, 'alice');
    assert.deepEqual((await get(core('/users?name=alice'))).json(), one);
    const oneXml = (await http('GET', core('/users/alice'), { cookie: alice })).body.toString();
    assert.match(oneXml, /<User Name="alice" FullName="[^"]+">.*<\/User>$/);
    const before = h.demo().listUsers();
    expectError(await get(core('/users/nobody')), 404, 'qccore.entity-not-found', /'nobody' is not a user/);
    expectError(await get(core('/users?name=nobody')), 404, 'qccore.entity-not-found', /'nobody'/);
    assert.deepEqual(h.demo().listUsers(), before);
  });

  it('requires a session like every project resource', async () => {
    const res = await http('GET', core('/users'), { headers: { accept: 'application/json' } });
    assert.equal(res.status, 401);
  });
});

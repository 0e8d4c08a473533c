// Recorded answers: field metadata in the three forms servers send it (the live 26.1's camelCase
// JSON, the PascalCase/hyphenated JSON of older servers, the XML form), lists and users — and
// answers of a shape the client does not know, which must fall back rather than break the editor.
import { strict as assert } from 'node:assert';
import type { AlmClient, FieldMeta, FieldSource, ProjectApi } from '../../../src/api/index';
import type { Answer, ReplayServer } from './replayServer';
import { API_KEY, CORE, DOMAIN, FIXTURE, PROJECT, USER, api125, clientOf, json, live261, remarks, xml, xmlOnly } from './sites';

const FIELDS_PATH = `${CORE}/customization/entities/defect/fields`;
const USERS: FieldSource = { kind: 'resource', collection: 'user' };
const list = (listId: number): FieldSource => ({ kind: 'list', listId });
const resource = (collection: string): FieldSource => ({ kind: 'resource', collection });

interface Expected {
  label: string;
  type: string;
  source?: FieldSource;
  required?: boolean;
  maxLength?: number;
  editable?: boolean;
  hidden?: boolean;
}

/** The defect fields of the recorded metadata (the same table in every form), as the client must read them. */
const EXPECTED: Record<string, Expected> = {
  id: { label: 'Defect ID', type: 'Integer', maxLength: 10, editable: false },
  name: { label: 'Summary', type: 'String', required: true, maxLength: 255 },
  description: { label: 'Description', type: 'Memo' },
  'dev-comments': { label: 'Comments', type: 'Memo' },
  'creation-time': { label: 'Detected on Date', type: 'Date', required: true },
  'detected-by': { label: 'Detected By', type: 'Reference', source: USERS, required: true, maxLength: 60 },
  owner: { label: 'Assigned To', type: 'Reference', source: USERS, maxLength: 60 },
  severity: { label: 'Severity', type: 'Reference By Value', source: list(279), required: true, maxLength: 70 },
  status: { label: 'Status', type: 'Reference By Value', source: list(237), maxLength: 70 },
  priority: { label: 'Priority', type: 'Reference By Value', source: list(298), maxLength: 70 },
  reproducible: { label: 'Reproducible', type: 'Reference By Value', source: list(1), maxLength: 1 },
  'detected-in-rel': { label: 'Detected in Release', type: 'Reference', source: resource('release') },
  'target-rcyc': { label: 'Target Cycle', type: 'Reference', source: resource('release-cycle') },
  environment: { label: 'Environment', type: 'Reference', source: resource('environment') },
  'estimated-fix-time': { label: 'Estimated Fix Time', type: 'Integer', maxLength: 5 },
  'user-02': { label: 'Cost', type: 'Float' },
  'last-modified': { label: 'Modified', type: 'String', maxLength: 20, editable: false },
  'closing-date': { label: 'Closing Date', type: 'Date' },
  'request-server': { label: 'Request Server', type: 'String', maxLength: 120 },
  // Inactive: stays in the catalog, hidden.
  'user-03': { label: 'Old Category', type: 'String', maxLength: 40, hidden: true },
};

/** What a field's typing reads as, in a form deepEqual can compare whichever optional keys a reader sets. */
function typing(f: FieldMeta): Record<string, unknown> {
  const t = f.dataType;
  return { label: f.label, type: t.name, multiple: t.multiple, ...(t.source ? { source: t.source } : {}), required: f.required, ...(f.maxLength !== undefined ? { maxLength: f.maxLength } : {}) };
}

function expectedTyping(e: Expected): Record<string, unknown> {
  return { label: e.label, type: e.type, multiple: false, ...(e.source ? { source: e.source } : {}), required: e.required === true, ...(e.maxLength !== undefined ? { maxLength: e.maxLength } : {}) };
}

/** The two properties FieldMeta gains for issue 25 (read untyped, so this file compiles before they exist). */
function visibility(f: FieldMeta): { hidden: unknown; editable: unknown } {
  const m = f as unknown as Record<string, unknown>;
  return { hidden: m.hidden, editable: m.editable };
}

const FORMS: { name: string; route?: Answer | ReturnType<typeof xmlOnly>; webUi: boolean }[] = [
  { name: '26.1 camelCase JSON {"Fields":{"Field":[…]}}', webUi: true },
  { name: 'older PascalCase/hyphenated JSON (List-Id, References)', route: json(FIXTURE.olderFieldsJson), webUi: false },
  { name: 'XML <Fields><Field PhysicalName Name Label>, 406 to a JSON Accept', route: xmlOnly(() => xml(FIXTURE.olderFieldsXml)), webUi: false },
  { name: 'XML answered whatever the Accept', route: xml(FIXTURE.olderFieldsXml), webUi: false },
];

describe('recorded answers: field metadata, lists and users', () => {
  let live: ReplayServer;
  let client: AlmClient;
  let logs: string[];
  let p: ProjectApi;

  before(async () => {
    live = await live261();
  });
  beforeEach(() => {
    live.reset();
    ({ client, logs } = clientOf(live, API_KEY));
    p = client.project(DOMAIN, PROJECT);
  });
  afterEach(() => client.dispose());
  after(() => live.close());

  for (const form of FORMS) {
    describe(`fields('defects') from the ${form.name}`, () => {
      beforeEach(() => {
        if (form.route) live.override({ method: 'GET', path: FIELDS_PATH, answer: form.route });
      });

      it('types, required marks, length limits, list ids and reference targets as the server defines them', async () => {
        const catalog = await p.fields('defects');
        for (const [name, e] of Object.entries(EXPECTED)) {
          if (name === 'user-03') continue; // inactive: its own test below
          const f = catalog.get(name);
          assert.ok(f, `${name} is in the catalog`);
          assert.deepEqual(typing(f), expectedTyping(e), name);
        }
        assert.ok(catalog.get('subject'), 'subject (a Number bound to list 2 on 26.1) is read too');
        if (form.name.startsWith('26.1')) assert.deepEqual(catalog.get('subject')?.dataType.source, { kind: 'list', listId: 2 }, 'subject keeps its list binding');
        assert.ok(
          live.sent('GET', FIELDS_PATH).some((r) => r.status === 200),
          'read from an answer the server gave',
        );
      });

      it('editable and hidden per field; an inactive field stays in the catalog, hidden', async () => {
        const catalog = await p.fields('defects');
        for (const [name, e] of Object.entries(EXPECTED)) {
          const f = catalog.get(name);
          assert.ok(f, `${name} is in the catalog`);
          const hidden = e.hidden === true || (name === 'request-server' && form.webUi);
          assert.deepEqual(visibility(f), { hidden, editable: e.editable ?? true }, name);
        }
      });
    });
  }

  it('26.1: a field with visibleInWebUI false is hidden even though active', async () => {
    const f = (await p.fields('defects')).get('request-server');
    assert.ok(f);
    assert.equal(visibility(f).hidden, true);
  });

  it('a fields answer of an unknown shape: the well-known defect fields instead, and the log says why', async () => {
    live.override({ method: 'GET', path: FIELDS_PATH, answer: { status: 200, body: '{"something":[]}', headers: { 'Content-Type': 'application/json' } } });
    const catalog = await p.fields('defects');
    for (const name of ['id', 'name', 'status', 'severity', 'owner', 'detected-by', 'creation-time', 'description']) assert.ok(catalog.get(name), `${name} in the fallback catalog`);
    assert.ok(
      remarks(logs).some((l) => /field/i.test(l)),
      `the ALM log names the reason:\n${logs.join('\n')}`,
    );
  });

  it('lists from customization/used-lists ({lists:[{Name, Id, LogicalName, Items:[{logicalName, value}]}]})', async () => {
    const lists = await p.listItems();
    assert.deepEqual(lists.valuesOf(279), ['1-Low', '2-Medium', '3-High', '4-Very High', '5-Urgent']);
    assert.deepEqual(lists.valuesOf(237), ['Closed', 'Fixed', 'New', 'Open', 'Rejected', 'Reopen']);
    assert.ok(lists.hasValue(1, 'Y'));
    assert.equal(lists.byListId(279)?.name, 'Severity');
    assert.equal(live.sent('GET', `${CORE}/customization/used-lists`).length, 1);
  });

  it('users from customization/users ({Users:{User:[…]}}), inactive ones left out', async () => {
    const users = await p.users();
    assert.equal(users.source, 'project');
    assert.deepEqual(users.users, [
      { name: 'alice', fullName: 'Alice Archer', email: 'alice@example.com' },
      { name: 'bob', fullName: 'Bob Baker', email: 'bob@example.com' },
      { name: 'carol', fullName: 'Carol Chen' },
    ]);
  });

  it('a users answer of an unknown shape: the users of recent defects, as for a refusal, and the log says why', async () => {
    live.override({ method: 'GET', path: `${CORE}/customization/users`, answer: { status: 200, body: '{"something":[]}', headers: { 'Content-Type': 'application/json' } } });
    const users = await p.users();
    assert.equal(users.source, 'recent-defects');
    assert.deepEqual(
      users.users.map((u) => u.name),
      ['alice', 'bob', 'carol'],
    );
    assert.ok(
      remarks(logs).some((l) => /user/i.test(l) && !/signed in/i.test(l)),
      `the ALM log names the reason:\n${logs.join('\n')}`,
    );
  });

  describe('12.5x', () => {
    let api: ReplayServer;
    before(async () => {
      api = await api125();
    });
    after(() => api.close());

    it("the user list from Core's customization/users, asked on the /api tree's session", async () => {
      const c = clientOf(api, USER).client;
      try {
        const users = await c.project(DOMAIN, PROJECT).users();
        assert.equal(users.source, 'project');
        assert.deepEqual(
          users.users.map((u) => u.name),
          ['alice', 'bob', 'carol'],
        );
        const [asked] = api.sent('GET', `${CORE}/customization/users`);
        assert.equal(asked.cookies.get('QCSession'), api.sessions[0].qcSession);
      } finally {
        await c.dispose();
      }
    });
  });
});

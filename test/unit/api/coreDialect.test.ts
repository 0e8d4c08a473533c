import { strict as assert } from 'node:assert';
import { anyOf, either, like, ne } from '../../../src/api/clauses';
import { CoreDialect } from '../../../src/api/dialect/core';
import { parseCoreFields, parseCoreLists } from '../../../src/api/dialect/coreMetadata';
import { ValueTyper, entityEnvelope } from '../../../src/api/dialect/coreValues';
import { FIELDS_26_1 } from '../../fixtures/alm26_1';
import { LockedByOtherError, NotFoundError, SelectionGuardError, ServerError } from '../../../src/api/errors';

const d = new CoreDialect();
const scope = { domain: 'DEFAULT', project: 'My Project' };
const base = '/rest/domains/DEFAULT/projects/My%20Project';

/** A Core entity as the wire writes it. */
function entity(type: string, fields: Record<string, string | string[] | null>): unknown {
  return {
    Fields: Object.entries(fields).map(([Name, v]) => ({ Name, values: v === null ? [] : (Array.isArray(v) ? v : [v]).map((value) => ({ value })) })),
    Type: type,
  };
}

// Core field metadata as older servers' JSON maps the XML tree (PascalCase, `List-Id`), strings everywhere.
const FIELDS = {
  Fields: {
    Field: [
      { Name: 'id', Label: 'Defect ID', Type: 'Number', Size: '10', Required: 'true', Active: 'true' },
      { Name: 'ver-stamp', Label: 'Version Stamp', Type: 'Number', Active: 'true' },
      { Name: 'name', Label: 'Summary', Type: 'String', Size: '255', Required: 'true', Active: 'true' },
      { Name: 'description', Label: 'Description', Type: 'Memo', Active: 'true' },
      { Name: 'severity', Label: 'Severity', Type: 'LookupList', 'List-Id': '287', Size: '70', Required: 'true', Verify: 'true', Active: 'true' },
      { Name: 'owner', Label: 'Assigned To', Type: 'UsersList', Size: '60', Active: 'true' },
      { Name: 'user-02', Label: 'Platforms', Type: 'LookupList', 'List-Id': '1002', SupportsMultivalue: 'true', Active: 'true' },
      { Name: 'user-04', Label: 'Effort (days)', Type: 'Number', Active: 'true' },
      { Name: 'creation-time', Label: 'Detected on Date', Type: 'Date', Required: 'true', Active: 'true' },
      { Name: 'target-rel', Label: 'Target Release', Type: 'Reference', References: { RelationReference: { ReferencedEntityType: 'release' } }, Active: 'true' },
      { Name: 'retired', Label: 'Old', Type: 'String', Active: 'false' },
    ],
  },
};

describe('api/dialect/core: paths and parameters', () => {
  it('addresses the Core tree with encoded segments', () => {
    assert.equal(d.tree, 'rest');
    assert.equal(d.domainsPath(), '/rest/domains');
    assert.deepEqual(d.domainsParams(), [['include-projects-info', 'y']]);
    assert.equal(d.projectsPath('A/B'), '/rest/domains/A%2FB/projects');
    assert.equal(d.entityPath(scope, 'defects', 7), `${base}/defects/7`);
    for (const bad of [0, -3, 2.5, Number.NaN]) assert.throws(() => d.entityPath(scope, 'defects', bad), SelectionGuardError);
  });

  it('pages with page-size and a 1-based start-index, orders with {f[ASC]} and always asks for id', () => {
    assert.deepEqual(d.collectionParams({ fields: ['name', 'status'], orderBy: [{ field: 'severity', direction: 'desc' }, { field: 'id' }], filter: { status: 'New' }, offset: 0, limit: 50 }), [
      ['fields', 'id,name,status'],
      ['order-by', '{severity[DESC];id[ASC]}'],
      ['query', '{status[New]}'],
      ['page-size', '50'],
      ['start-index', '1'],
    ]);
    assert.deepEqual(d.collectionParams({ offset: 100, limit: 100 }), [
      ['page-size', '100'],
      ['start-index', '101'],
    ]);
    assert.deepEqual(d.collectionParams({ limit: 10 }), [['page-size', '10']], 'a keyset page sends no start-index');
    assert.deepEqual(d.entityParams(['name']), [['fields', 'id,name']]);
  });

  it('keeps hostile literals data inside the brackets: quotes, brackets, ";", "*", keywords', () => {
    const q = (filter: Parameters<typeof d.collectionParams>[0]['filter']) => d.collectionParams({ filter }).find(([k]) => k === 'query')?.[1];
    assert.equal(q({ name: "it's ]; status[Closed" }), `{name["it's ]; status[Closed"]}`);
    assert.equal(q({ name: 'say "hi" and \'bye\'' }), `{name['say "hi" and \\'bye\\'']}`);
    assert.equal(q({ name: 'a*b' }), `{name[>='a*b' and <='a*b']}`, 'a literal * is not a wildcard');
    assert.equal(q({ name: like('X-*') }), `{name['X-*']}`);
    assert.equal(q({ owner: 'or' }), `{owner['or']}`);
    assert.equal(q({ status: anyOf('New', 'In Progress'), severity: ne('1-Low') }), `{status[New or 'In Progress'];severity[<>1-Low]}`);
    assert.equal(q({ id: either({ op: '<', value: 3 }, { op: '>', value: 9 }) }), '{id[(<3) or (>9)]}');
    assert.equal(q({ name: 'back\\slash' }), `{name['back\\\\slash']}`);
  });
});

describe('api/dialect/core: envelopes and values', () => {
  it('flattens a collection: none → null, one → text, several → array; TotalResults as the total', () => {
    const env = d.parseCollection({ entities: [entity('defect', { id: '4', name: 'Crash', owner: null, 'user-02': ['Linux', 'Mac'] })], TotalResults: 31 });
    assert.equal(env.total, 31);
    assert.deepEqual(env.items, [{ type: 'defect', id: '4', name: 'Crash', owner: null, 'user-02': ['Linux', 'Mac'] }]);
    assert.throws(() => d.parseCollection({ data: [] }), ServerError);
    assert.throws(() => d.parseEntity({ type: 'defect', id: 4 }), ServerError);
  });

  it('types values by the field metadata, as the /api tree returns them', () => {
    const typer = new ValueTyper(parseCoreFields('defects', FIELDS));
    const raw = d.parseEntity(
      entity('defect', {
        id: '4',
        'ver-stamp': '12',
        name: '0042',
        description: '<b>x</b>',
        owner: '',
        'user-02': 'Linux',
        'user-04': '2.5',
        'target-rel': '1001',
        'creation-time': '2026-01-02',
        extra: 'kept',
      }),
    );
    assert.deepEqual(typer.type(raw), {
      type: 'defect',
      id: 4,
      'ver-stamp': 12,
      name: '0042',
      description: '<b>x</b>',
      owner: null,
      'user-02': ['Linux'],
      'user-04': 2.5,
      'target-rel': { id: 1001, type: 'release' },
      'creation-time': '2026-01-02',
      extra: 'kept',
    });
    assert.deepEqual(new ValueTyper().type({ id: '9', 'ver-stamp': '1', name: '7' }), { id: 9, 'ver-stamp': 1, name: '7' }, 'ids are numbers even without metadata');
  });

  it('writes Fields envelopes: numbers and references as text, arrays as several values, empty as none', () => {
    assert.deepEqual(entityEnvelope('defect', { name: 'n', 'user-04': 2.5, 'user-02': ['Linux', 'Mac'], owner: null, description: '', 'target-rel': { id: 3, type: 'release' } }), {
      Fields: [
        { Name: 'name', values: [{ value: 'n' }] },
        { Name: 'user-04', values: [{ value: '2.5' }] },
        { Name: 'user-02', values: [{ value: 'Linux' }, { value: 'Mac' }] },
        { Name: 'owner', values: [] },
        { Name: 'description', values: [] },
        { Name: 'target-rel', values: [{ value: '3' }] },
      ],
      Type: 'defect',
    });
    // The documented bulk types (reference §4.2, §16.4): JSON collection first, then XML collection.
    const [json, xml] = d.bulkUpdateBodies('defect', [{ id: 5, changes: { status: 'Open', owner: null } }]);
    assert.equal(json?.contentType, 'application/json;type=collection');
    assert.deepEqual(JSON.parse(json?.text() ?? ''), {
      entities: [
        {
          Fields: [
            { Name: 'id', values: [{ value: '5' }] },
            { Name: 'status', values: [{ value: 'Open' }] },
            { Name: 'owner', values: [] },
          ],
          Type: 'defect',
        },
      ],
    });
    assert.equal(xml?.contentType, 'application/xml;type=collection');
    assert.equal(
      xml?.text(),
      '<?xml version="1.0" encoding="UTF-8"?><Entities><Entity Type="defect"><Fields><Field Name="id"><Value>5</Value></Field><Field Name="status"><Value>Open</Value></Field><Field Name="owner"/></Fields></Entity></Entities>',
    );
  });

  it('reads domains with their projects and project lists, in both JSON spellings', () => {
    assert.deepEqual(
      d.parseDomains({
        Domain: [
          { Name: 'DEFAULT', Projects: { Project: [{ Name: 'Demo' }, { Name: 'Playground' }] } },
          { Name: 'QA', Projects: { Project: { Name: 'Regression' } } },
        ],
      }),
      [
        { name: 'DEFAULT', projects: ['Demo', 'Playground'] },
        { name: 'QA', projects: ['Regression'] },
      ],
    );
    assert.deepEqual(d.parseDomains({ Domains: { Domain: { Name: 'ONE' } } }), [{ name: 'ONE' }]);
    assert.deepEqual(d.parseProjects({ Projects: { Project: [{ Name: 'Demo' }] } }), ['Demo']);
    assert.deepEqual(d.parseProjects({ Project: [{ Name: 'A' }] }), ['A']);
    assert.throws(() => d.parseDomains({ results: [] }), ServerError);
  });
});

describe('api/dialect/core: locks and attachments', () => {
  it('locks through the entity and names the lock by it', () => {
    assert.deepEqual(d.lockCreate(scope, { type: 'defect', id: 7 }), { path: `${base}/defects/7/lock` });
    const lock = d.parseCreatedLock(entity('defect', { id: '7' }), { type: 'defect', id: 7 }, 'alice');
    assert.deepEqual({ ...lock, lockTime: '' }, { id: 7, entity: { type: 'defect', id: 7 }, user: 'alice', lockTime: '', sessionLastTouch: null });
    assert.match(lock.lockTime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.equal(d.lockReleasePath(scope, lock), `${base}/defects/7/lock`);
    const err = (() => {
      try {
        d.parseCreatedLock({ LockStatus: 'LOCKED_BY_OTHER', LockedByMe: false, LockUser: 'bob' }, { type: 'defect', id: 7 }, 'alice');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    assert.ok(err instanceof LockedByOtherError);
    assert.equal(err.lockedBy, 'bob');
  });

  it('lists attachments per entity and addresses each through the entity it was listed under', () => {
    const routes = d.attachmentRoutes(scope);
    assert.deepEqual(
      routes.listRequests({ entity: { type: 'defect', ids: [3, 4] } }).map((r) => r.path),
      [`${base}/defects/3/attachments`, `${base}/defects/4/attachments`],
    );
    assert.throws(() => routes.item(12), NotFoundError, 'an attachment never seen cannot be addressed');
    const a = routes.decode(d.parseEntity(entity('attachment', { id: '12', name: 'log.txt', 'file-size': '120', 'ref-subtype': '0', 'parent-id': '4', 'parent-type': 'defect' })));
    assert.equal(a.fileSize, 120);
    assert.deepEqual(a.entity, { type: 'defect', id: 4 });
    assert.deepEqual(routes.item(12), { path: `${base}/defects/4/attachments/12`, params: [['by-id', 'true']] });
    const b = routes.decode(d.parseEntity(entity('attachment', { id: '13', name: 'b.png' })), { type: 'defect', id: 3 });
    assert.deepEqual(b.entity, { type: 'defect', id: 3 }, 'without parent fields the listing entity is the owner');
    assert.deepEqual(routes.upload({ type: 'defect', id: 3 }), { path: `${base}/defects/3/attachments`, entityParts: [] });
    routes.forget(12);
    assert.throws(() => routes.item(12), NotFoundError);
  });
});

describe('api/dialect/core: 26.1 field metadata (camelCase JSON)', () => {
  const fields = parseCoreFields('defects', FIELDS_26_1);

  it('reads types, lists, sizes and required marks from the camelCase keys', () => {
    assert.deepEqual(fields.get('status')?.dataType, { name: 'Reference By Value', multiple: false, source: { kind: 'list', listId: 237 } });
    assert.equal(fields.get('severity')?.required, true);
    assert.equal(fields.get('name')?.maxLength, 255);
    assert.equal(fields.get('name')?.label, 'Summary');
    assert.equal(fields.get('dev-comments')?.dataType.name, 'Memo');
    assert.equal(fields.get('dev-comments')?.maxLength, undefined, 'size -1 is no limit');
    assert.deepEqual(fields.get('owner')?.dataType.source, { kind: 'resource', collection: 'user' });
    assert.deepEqual(fields.get('target-rel')?.dataType.source, { kind: 'resource', collection: 'release' });
    // subject is a Number bound to the folder list (§16.8): still a number, and list-bound.
    assert.deepEqual(fields.get('subject')?.dataType, { name: 'Integer', multiple: false, source: { kind: 'list', listId: 2 } });
  });

  it('keeps inactive fields and those the web UI hides, marked hidden; non-editable ones marked', () => {
    assert.equal(fields.get('user-09')?.hidden, true);
    assert.equal(fields.get('request-server')?.hidden, true);
    assert.equal(fields.get('status')?.hidden, false);
    assert.equal(fields.get('id')?.editable, false);
    assert.equal(fields.get('name')?.editable, true);
  });
});

describe('api/dialect/core: metadata and lists', () => {
  const catalog = parseCoreFields('defects', FIELDS);

  it('maps Core field types to the /api data types the editor uses', () => {
    assert.equal(catalog.get('retired')?.hidden, true, 'inactive fields are listed, hidden');
    assert.equal(catalog.get('name')?.hidden, false);
    assert.deepEqual(catalog.get('severity')?.dataType, { name: 'Reference By Value', multiple: false, source: { kind: 'list', listId: 287 } });
    assert.equal(catalog.get('severity')?.required, true);
    assert.equal(catalog.get('severity')?.maxLength, 70);
    assert.equal(catalog.get('severity')?.referenceMatch, true);
    assert.deepEqual(catalog.get('owner')?.dataType.source, { kind: 'resource', collection: 'user' });
    assert.equal(catalog.get('description')?.sanitization, 'HTML');
    assert.equal(catalog.get('creation-time')?.format, 'YYYY-MM-DD');
    assert.deepEqual(catalog.get('user-02')?.dataType, { name: 'Reference By Value', multiple: true, source: { kind: 'list', listId: 1002 } });
    assert.equal(catalog.get('id')?.dataType.name, 'Integer');
    assert.equal(catalog.get('user-04')?.dataType.name, 'Float');
    assert.deepEqual(catalog.get('target-rel')?.dataType.source, { kind: 'resource', collection: 'release' });
    assert.equal(catalog.label('name'), 'Summary');
    assert.deepEqual(
      parseCoreFields('defects', { Fields: [{ Name: 'a', Type: 'String' }] }).fields.map((f) => f.name),
      ['a'],
      'a plain array works too',
    );
    assert.throws(() => parseCoreFields('defects', { data: [] }), ServerError);
  });

  it('builds the list tree from used-lists, nested values included', () => {
    const lists = parseCoreLists({
      lists: [
        { Name: 'Severity', Id: 287, Items: [{ value: '1-Low' }, { value: '2-Medium' }] },
        { Name: 'Platforms', Id: '1002', Items: [{ value: 'Desktop', Items: [{ value: 'Linux' }, { value: 'Mac' }] }] },
      ],
    });
    assert.deepEqual(
      lists.lists.map((l) => [l.id, l.name]),
      [
        [287, 'Severity'],
        [1002, 'Platforms'],
      ],
    );
    assert.deepEqual(lists.valuesOf(287), ['1-Low', '2-Medium']);
    assert.deepEqual(lists.valuesOf(1002), ['Desktop', 'Linux', 'Mac']);
    assert.equal(lists.hasValue(1002, 'Mac'), true);
    const xmlShape = parseCoreLists({ Lists: { List: [{ Name: 'Status', Id: '222', Items: { Item: [{ value: 'New' }] } }] } });
    assert.deepEqual(xmlShape.valuesOf(222), ['New']);
  });
});

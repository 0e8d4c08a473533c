// Releases and cycles by name (issue 30): the editor's pickers (releases by name and dates, current
// first; a cycle field paired with its release field; ids with the reason when the server lists no
// releases), the text of every other view (tooltip, hover, chat), the tree filter by target
// release, a chat update naming a release, and the values a clone starts with.
import { strict as assert } from 'node:assert';
import type { Defect, FieldCatalog, FieldMeta, ReleaseCatalog } from '../../../src/api/index';
import { resolveChanges } from '../../../src/chat/model/changes';
import { defectResult } from '../../../src/chat/model/format';
import { findRelease, projectNames, releasesNote } from '../../../src/defects/fieldText';
import { describeFilter, isEmptyFilter, readFilter, toApiFilter } from '../../../src/defects/filter';
import { releaseChoices } from '../../../src/defects/releaseChoices';
import { cloneValues } from '../../../src/editor/controller/cloneValues';
import { EditState } from '../../../src/editor/controller/editState';
import { buildFieldViews } from '../../../src/editor/controller/fieldViews';
import { FormMetadata } from '../../../src/editor/controller/formMetadata';
import { fillNewDefect } from '../../../src/editor/controller/newDefectFill';
import { Notices } from '../../../src/editor/controller/notices';
import { validateEdits } from '../../../src/api/index';
import { hoverMarkdown } from '../../../src/references/hoverText';
import { defectTooltip } from '../../../src/tree/model/tooltip';
import { catalogOf, fieldMeta } from '../../support/fieldMeta';
import { editorCatalog, editorLists } from '../../support/fakeProject/schemas';

const CATALOG: ReleaseCatalog = {
  releases: [
    { id: 1001, name: 'Release 1', start: '2025-01-06', end: '2025-06-30' },
    { id: 1002, name: 'Release 2.0', start: '2026-01-05', end: '2026-06-30' },
    { id: 1003, name: 'Release 3', start: '2026-09-01', end: '2026-12-31' },
  ],
  cycles: [
    { id: 2001, name: 'Cycle 1', releaseId: 1001, start: '2025-01-06', end: '2025-03-31' },
    { id: 2002, name: 'Sprint 1', releaseId: 1002, start: '2026-01-05', end: '2026-02-01' },
    { id: 2003, name: 'Sprint 2', releaseId: 1002, start: '2026-02-02', end: '2026-03-01' },
  ],
};
const TODAY = '2026-02-10';

function withReleaseFields(): FieldCatalog {
  const base = editorCatalog();
  const ref = (name: string, label: string, collection: string): FieldMeta =>
    fieldMeta(name, { label, dataType: { name: 'Reference', multiple: false, source: { kind: 'resource', collection } }, referenceMatch: true });
  // 12.5x /api names the collections in the plural; a 26.1 names the entity type.
  const fields = [...base.fields, ref('target-rel', 'Target Release', 'release'), ref('target-rcyc', 'Target Cycle', 'release-cycle')];
  return catalogOf(fields);
}

describe('releases by name: the editor pickers', () => {
  const views = new Map(buildFieldViews(withReleaseFields(), editorLists(), [], CATALOG, TODAY).map((v) => [v.name, v]));

  it('offers releases by name and dates, current ones first, and keeps the wire type', () => {
    const rel = views.get('target-rel');
    assert.equal(rel?.input, 'release');
    assert.equal(rel?.resourceType, 'release');
    assert.deepEqual(
      rel?.releases?.map((r) => [r.name, r.dates, r.current]),
      [
        ['Release 2.0', '2026-01-05 – 2026-06-30', true],
        ['Release 3', '2026-09-01 – 2026-12-31', false],
        ['Release 1', '2025-01-06 – 2025-06-30', false],
      ],
    );
    assert.equal(views.get('detected-in-rel')?.input, 'release', 'the /api plural collection name too');
  });

  it('pairs a cycle field with its release field and names each cycle’s release', () => {
    const cycle = views.get('target-rcyc');
    assert.equal(cycle?.input, 'cycle');
    assert.equal(cycle?.releaseField, 'target-rel');
    assert.equal(cycle?.resourceType, 'release-cycle');
    assert.deepEqual(cycle?.releases?.[0], { id: 2003, name: 'Sprint 2', dates: '2026-02-02 – 2026-03-01', current: true, releaseId: 1002, releaseName: 'Release 2.0' });
  });

  it('takes ids, saying why, when the server lists no releases', () => {
    const unavailable = new Map(buildFieldViews(withReleaseFields(), editorLists(), [], { releases: [], cycles: [], unavailable: 'the server answered HTTP 404' }).map((v) => [v.name, v]));
    assert.equal(unavailable.get('target-rel')?.input, 'resource');
    assert.match(unavailable.get('target-rel')?.note ?? '', /does not list releases \(the server answered HTTP 404\)/);
    assert.equal(unavailable.get('target-rcyc')?.releaseField, undefined);
  });

  it('takes a template’s release and cycle by name or id, and leaves an unknown name for validation', () => {
    const metadata = new FormMetadata(validateEdits, String);
    metadata.set(withReleaseFields(), editorLists(), { releases: CATALOG }, undefined, TODAY);
    const form = new EditState(true);
    fillNewDefect(form, metadata, new Notices(), {}, { template: { 'target-rel': 'release 2.0', 'target-rcyc': '#2003', 'detected-in-rel': 'Release 9' } });
    assert.deepEqual(form.value('target-rel'), { type: 'release', id: 1002 });
    assert.deepEqual(form.value('target-rcyc'), { type: 'release-cycle', id: 2003 });
    assert.equal(form.value('detected-in-rel'), 'Release 9');
  });

  it('lists the same order for the filter menu', () => {
    assert.deepEqual(
      releaseChoices(CATALOG, 'release', TODAY).map((r) => r.id),
      [1002, 1003, 1001],
    );
  });
});

describe('releases by name: the views outside the editor', () => {
  const defect = { id: 7, name: 'Crash', status: 'Open', owner: 'alice', 'target-rel': { type: 'release', id: 1002 }, 'target-rcyc': { type: 'release-cycle', id: 2003 } } as unknown as Defect;
  const names = { releases: CATALOG, users: new Map([['alice', { name: 'alice', fullName: 'Alice Archer' }]]) };

  it('names the target release in the tree tooltip, and says why when it cannot', () => {
    assert.match(defectTooltip(defect, names), /\| Target Release \| Release 2\.0 \|/);
    assert.match(defectTooltip(defect, names), /\| Assigned To \| Alice Archer \\\(alice\\\) \|/);
    const byId = defectTooltip(defect, { releases: { releases: [], cycles: [], unavailable: 'HTTP 403' } });
    assert.match(byId, /\| Target Release \| #1002 \|/);
    assert.match(byId, /shown by id: the server does not list them \\\(HTTP 403\\\)/);
  });

  it('names the target release and cycle in the hover', () => {
    const md = hoverMarkdown({ server: 'Demo', domain: 'D', project: 'P' }, 7, { kind: 'found', defect }, names);
    assert.match(md, /Target: Release 2\.0 \/ Sprint 2/);
    assert.match(md, /Assigned to: Alice Archer \\\(alice\\\)/);
  });

  it('names releases in the chat tool’s defect, with the reason when the server lists none', () => {
    const catalog = withReleaseFields();
    const text = defectResult({ defect, fields: catalog, attachments: [], where: 'P', link: 'td://x', names });
    assert.match(text, /Target Release \(`target-rel`\): Release 2\.0/);
    assert.match(text, /Target Cycle \(`target-rcyc`\): Sprint 2/);
    const byId = defectResult({ defect, fields: catalog, attachments: [], where: 'P', link: 'td://x', names: { releases: { releases: [], cycles: [], unavailable: 'HTTP 404' } } });
    assert.match(byId, /Target Release \(`target-rel`\): #1002/);
    assert.match(byId, /shown by id/);
  });

  it('reads names through the project API, leaving out what the server refuses', async () => {
    const failing = { users: () => Promise.reject(new Error('403')), releases: () => Promise.resolve(CATALOG) };
    const read = await projectNames(failing);
    assert.equal(read.users, undefined);
    assert.equal(read.releases, CATALOG);
    assert.equal(releasesNote(read), undefined);
  });

  it('finds a release by name (any case), #id or id, and nothing for an unknown one', () => {
    assert.equal(findRelease('release', 'release 2.0', CATALOG)?.id, 1002);
    assert.equal(findRelease('release', '#1003', CATALOG)?.name, 'Release 3');
    assert.equal(findRelease('cycle', 'Sprint 1', CATALOG)?.id, 2002);
    assert.equal(findRelease('release', 'Release 9', CATALOG), undefined);
  });
});

describe('releases by name: filter and chat updates', () => {
  it('filters by target release ids, describes it by name and reads it back from settings', () => {
    const f = { targetRelease: [{ id: 1002, name: 'Release 2.0' }] };
    assert.deepEqual(toApiFilter(f, 'alice')['target-rel'], { op: '=', value: 1002 });
    assert.deepEqual(
      toApiFilter(
        {
          targetRelease: [
            { id: 1002, name: 'a' },
            { id: 1003, name: 'b' },
          ],
        },
        'alice',
      )['target-rel'],
      { op: 'in', values: [1002, 1003] },
    );
    assert.equal(describeFilter(f), 'target release: Release 2.0');
    assert.equal(isEmptyFilter(f), false);
    assert.deepEqual(readFilter({ targetRelease: [{ id: 1002, name: 'Release 2.0' }, '1003', { id: 'x' }, -4] }), {
      targetRelease: [
        { id: 1002, name: 'Release 2.0' },
        { id: 1003, name: '' },
      ],
    });
  });

  it('sends a release a chat update names as its reference, and refuses an unknown name listing the releases', () => {
    const fields = withReleaseFields();
    const { changes, problems } = resolveChanges({ 'Target Release': 'release 2.0', 'target-rcyc': '#2002' }, fields, editorLists(), { releases: CATALOG });
    assert.deepEqual(problems, []);
    assert.deepEqual(
      changes.map((c) => [c.field, c.value, c.shown]),
      [
        ['target-rel', { type: 'release', id: 1002 }, 'Release 2.0'],
        ['target-rcyc', { type: 'release-cycle', id: 2002 }, 'Sprint 1'],
      ],
    );
    const refused = resolveChanges({ 'target-rel': 'Release 9' }, fields, editorLists(), { releases: CATALOG });
    assert.deepEqual(refused.changes, []);
    assert.match(refused.problems[0].message, /"Release 9" is not a release of this project\. It has: Release 1, Release 2\.0, Release 3\./);
    const noCatalog = resolveChanges({ 'target-rel': 'Release 2.0' }, fields, editorLists(), { releases: { releases: [], cycles: [], unavailable: 'HTTP 404' } });
    assert.match(noCatalog.problems[0].message, /takes an id here: this server does not list releases \(HTTP 404\)/);
  });
});

describe('clone: the values a clone starts with', () => {
  it('keeps the content fields and leaves out what the server sets and what belongs to the source’s life', () => {
    const source = {
      id: 42,
      'ver-stamp': 7,
      name: 'Checkout total wrong',
      description: '<html><body>x</body></html>',
      'dev-comments': '<html><body>alice: seen</body></html>',
      status: 'Open',
      severity: '3-High',
      'detected-by': 'bob',
      owner: 'carol',
      'creation-time': '2026-01-02',
      'last-modified': '2026-01-03 10:00:00',
      'detected-in-rel': { type: 'release', id: 1002 },
      'user-02': ['Linux'],
      'user-03': '',
      priority: null,
    } as unknown as Defect;
    assert.deepEqual(cloneValues(source, editorCatalog()), {
      name: 'Checkout total wrong',
      description: '<html><body>x</body></html>',
      severity: '3-High',
      owner: 'carol',
      'detected-in-rel': { type: 'release', id: 1002 },
      'user-02': ['Linux'],
    });
  });
});

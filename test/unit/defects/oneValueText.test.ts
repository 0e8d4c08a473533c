// One way to show a value (issue 39): the same value reads the same in every view. Before, the grid
// wrote "Alice Archer (alice)" where the editor's header wrote "alice", lists were "a; b" in one
// place and "a, b" in another, references read "environment #3005", "#3005" or "3005", the editor
// and history showed the server's raw dates, and "no value" was "(unassigned)", "" or "—".
import assert from 'node:assert/strict';
import type { AuditEntry, Defect, FieldCatalog, FieldMeta, ReleaseCatalog } from '../../../src/api';
import { defectResult } from '../../../src/chat/model/format';
import { fieldText, usersByName } from '../../../src/defects/fieldText';
import type { ValueNames } from '../../../src/defects/fieldText';
import { buildFieldViews } from '../../../src/editor/controller/fieldViews';
import { historyOf } from '../../../src/editor/traceability';
import { groupingOf } from '../../../src/grid/controller/grouping';
import { rowOf } from '../../../src/grid/controller/rowText';
import { hoverMarkdown } from '../../../src/references/hoverText';
import { NO_VALUE, fieldViewText } from '../../../src/shared/valueText';
import type { WireValue } from '../../../src/shared/editorProtocol';
import { defectTooltip } from '../../../src/tree/model/tooltip';
import { escapeMarkdown } from '../../../src/util/markdown';
import { Lists } from '../../../src/api/listItems';
import { catalogOf, fieldMeta } from '../../support/fieldMeta';
import { historyProject } from '../../support/historyProject';

const LOCALE = 'de-DE';
const type = (name: string, extra: Partial<FieldMeta['dataType']> = {}): FieldMeta['dataType'] => ({ name, multiple: false, ...extra });
// Field metadata as the emulator's seed describes these defect fields (server/src/metadata/defectFields.ts).
const CATALOG: FieldCatalog = catalogOf([
  fieldMeta('name', { label: 'Summary' }),
  fieldMeta('owner', { label: 'Assigned To', dataType: type('Reference', { source: { kind: 'resource', collection: 'user' } }) }),
  fieldMeta('user-02', { label: 'Platforms', dataType: type('Reference By Value', { multiple: true, source: { kind: 'list', listId: 1002 } }) }),
  fieldMeta('target-rel', { label: 'Target Release', dataType: type('Reference', { source: { kind: 'resource', collection: 'releases' } }) }),
  fieldMeta('environment', { label: 'Environment', dataType: type('Reference', { source: { kind: 'resource', collection: 'environments' } }) }),
  fieldMeta('closing-date', { label: 'Closing Date', dataType: type('Date') }),
  fieldMeta('last-modified', { label: 'Modified' }),
  fieldMeta('user-04', { label: 'Effort (days)', dataType: type('Float') }),
  fieldMeta('detected-by', { label: 'Detected By', dataType: type('Reference', { source: { kind: 'resource', collection: 'user' } }) }),
]);
const RELEASES: ReleaseCatalog = { releases: [{ id: 1002, name: 'Release 2' }], cycles: [] };
const USERS = [{ name: 'alice', fullName: 'Alice Archer' }, { name: 'bob' }];
// An environment's name as a 26.1 gives it: beside its id in the defects' groups (reference §16.11).
const REFERENCES = { byField: new Map([['environment', new Map([[3005, 'Staging']])]]) };
const NAMES: ValueNames = { users: usersByName(USERS), releases: RELEASES, references: REFERENCES, locale: LOCALE };

const DEFECT = {
  type: 'defect',
  id: 7,
  name: 'Crash',
  owner: 'alice',
  'user-02': ['Linux', 'Windows'],
  'target-rel': { type: 'release', id: 1002 },
  environment: { type: 'environment', id: 3005 },
  'closing-date': '2026-03-04',
  'last-modified': '2026-03-04 22:15:11',
  'user-04': 12345.5,
  'detected-by': null,
} as unknown as Defect;

/** What each field must read as, in every view. */
const EXPECTED: Record<string, string> = {
  owner: 'Alice Archer (alice)',
  'user-02': 'Linux; Windows',
  'target-rel': 'Release 2',
  environment: 'Staging',
  'closing-date': '4.3.2026',
  'last-modified': '4.3.2026, 22:15:11',
  'user-04': '12.345,5',
  'detected-by': NO_VALUE,
};
const FIELDS = Object.keys(EXPECTED);

/** The editor page's text for a field (its header and read mode call fieldViewText with the views the host built). */
function editorText(field: string, value: WireValue | undefined): string {
  const views = buildFieldViews(CATALOG, new Lists([]), USERS, RELEASES, '2026-03-01', REFERENCES);
  return fieldViewText(
    views.find((v) => v.name === field),
    value,
    LOCALE,
  );
}

describe('one value, one text in every view', () => {
  it('the host formatter writes each kind of value one way', () => {
    for (const f of FIELDS) assert.equal(fieldText(f, DEFECT[f], NAMES, CATALOG.get(f)), EXPECTED[f], f);
  });

  it('the editor page (header and read mode) writes what the grid writes', () => {
    const row = rowOf(DEFECT, FIELDS, { catalog: CATALOG, names: NAMES });
    FIELDS.forEach((f, i) => {
      assert.equal(row.cells[i], EXPECTED[f], `grid: ${f}`);
      assert.equal(editorText(f, DEFECT[f]), EXPECTED[f], `editor: ${f}`);
    });
  });

  it('the tree tooltip, the hover and chat name users and releases as the grid does', () => {
    const tooltip = defectTooltip(DEFECT, NAMES);
    assert.ok(tooltip.includes(`| Assigned To | ${escapeMarkdown(EXPECTED.owner)} |`), tooltip);
    assert.ok(tooltip.includes(`| Modified | ${escapeMarkdown(EXPECTED['last-modified'])} |`), tooltip);
    const hover = hoverMarkdown({ server: 'Demo', domain: 'D', project: 'P' }, 7, { kind: 'found', defect: DEFECT }, NAMES);
    assert.ok(hover.includes(`Assigned to: ${escapeMarkdown(EXPECTED.owner)}`), hover);
    const chat = defectResult({ defect: DEFECT, fields: CATALOG, attachments: [], where: 'P', link: 'td://x', names: NAMES });
    for (const f of ['owner', 'user-02', 'target-rel', 'environment', 'user-04', 'detected-by']) assert.ok(chat.includes(`(\`${f}\`): ${escapeMarkdown(EXPECTED[f])}`), `chat: ${f}\n${chat}`);
  });

  it('another reference the server does not name reads as its id, in the grid and the editor alike', () => {
    const other = { type: 'environment', id: 3999 } as const;
    assert.equal(fieldText('environment', other, NAMES, CATALOG.get('environment')), '#3999');
    assert.equal(editorText('environment', other), '#3999');
  });

  it('the editor user picker lists users as every view names them', () => {
    const owner = buildFieldViews(CATALOG, new Lists([]), USERS).find((v) => v.name === 'owner');
    assert.deepEqual(owner?.options, [
      { value: 'alice', path: 'Alice Archer (alice)' },
      { value: 'bob', path: 'bob' },
    ]);
  });

  it('no value reads the same in the grid, its groups and the editor', () => {
    const grouping = groupingOf('owner', [{ value: null, count: 3 }], { catalog: CATALOG, names: NAMES });
    assert.equal(grouping.groups[0].label, NO_VALUE);
    assert.equal(rowOf(DEFECT, ['detected-by'], { catalog: CATALOG, names: NAMES }).cells[0], NO_VALUE);
    assert.equal(editorText('owner', null), NO_VALUE);
    assert.equal(editorText('user-02', []), NO_VALUE);
  });

  it('history writes when, who and each value as the other views do', async () => {
    const entry: AuditEntry = {
      id: 1,
      time: '2026-03-04 22:15:11',
      user: 'alice',
      action: 'UPDATE',
      changes: [
        { field: 'owner', label: 'Assigned To', oldValue: '', newValue: 'alice' },
        { field: 'closing-date', label: 'Closing Date', oldValue: '', newValue: '2026-03-04' },
      ],
    };
    const api = historyProject(entry, { catalog: CATALOG, users: USERS, releases: RELEASES });
    const result = await historyOf(api, 7, 10, LOCALE);
    const [view] = result.entries;
    assert.equal(view.time, EXPECTED['last-modified']);
    assert.equal(view.user, EXPECTED.owner);
    assert.deepEqual(
      view.changes.map((c) => [c.oldValue, c.newValue]),
      [
        [NO_VALUE, EXPECTED.owner],
        [NO_VALUE, EXPECTED['closing-date']],
      ],
    );
  });
});

// Done-when of issue 39: per concept (users, lists, references, dates, no value), the same value fed
// to every view's own formatting path reads the same: the editor's header and read mode, its
// conflict view, the grid's cells and group labels, the tree's tooltip, hovers, CSV export, history,
// chat (a defect read, an update's confirmation) and Update Selected's summary. Each view is asked
// through the function that view itself calls, so a view that writes a value its own way fails here.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditEntry, Defect, FieldCatalog, FieldMeta, FieldValue, Page, ReleaseCatalog } from '../../../src/api';
import { Lists } from '../../../src/api/listItems';
import { bulkChange, changeSummary } from '../../../src/bulk/outcome';
import { currentText } from '../../../src/chat/model/changes';
import { defectResult } from '../../../src/chat/model/format';
import { usersByName } from '../../../src/defects/fieldText';
import type { ValueNames } from '../../../src/defects/fieldText';
import { buildFieldViews } from '../../../src/editor/controller/fieldViews';
import { historyOf } from '../../../src/editor/traceability';
import { writeCsv } from '../../../src/export/writer';
import { groupingOf } from '../../../src/grid/controller/grouping';
import { rowOf } from '../../../src/grid/controller/rowText';
import { hoverMarkdown } from '../../../src/references/hoverText';
import { NO_VALUE, fieldViewText } from '../../../src/shared/valueText';
import { defectTooltip } from '../../../src/tree/model/tooltip';
import { escapeMarkdown } from '../../../src/util/markdown';
import { conflictValueText } from '../../../webview/editor/conflictText';
import { memoToText } from '../../../src/defects/memo';
import { catalogOf, fieldMeta } from '../../support/fieldMeta';
import { historyProject } from '../../support/historyProject';

const LOCALE = 'de-DE';
const type = (name: string, extra: Partial<FieldMeta['dataType']> = {}): FieldMeta['dataType'] => ({ name, multiple: false, ...extra });
const userRef = type('Reference', { source: { kind: 'resource', collection: 'user' } });
const CATALOG: FieldCatalog = catalogOf([
  fieldMeta('owner', { label: 'Assigned To', dataType: userRef }),
  fieldMeta('detected-by', { label: 'Detected By', dataType: userRef }),
  fieldMeta('user-02', { label: 'Platforms', dataType: type('Reference By Value', { multiple: true, source: { kind: 'list', listId: 1002 } }) }),
  fieldMeta('target-rel', { label: 'Target Release', dataType: type('Reference', { source: { kind: 'resource', collection: 'releases' } }) }),
  fieldMeta('environment', { label: 'Environment', dataType: type('Reference', { source: { kind: 'resource', collection: 'environments' } }) }),
  fieldMeta('closing-date', { label: 'Closing Date', dataType: type('Date') }),
  fieldMeta('last-modified', { label: 'Modified' }),
]);
const RELEASES: ReleaseCatalog = { releases: [{ id: 1002, name: 'Release 2' }], cycles: [] };
const USERS = [{ name: 'alice', fullName: 'Alice Archer' }, { name: 'bob' }];
const REFERENCES = { byField: new Map([['environment', new Map([[3005, 'Staging']])]]) };
const NAMES: ValueNames = { users: usersByName(USERS), releases: RELEASES, references: REFERENCES, locale: LOCALE };
const EDITOR_VIEWS = buildFieldViews(CATALOG, new Lists([]), USERS, RELEASES, '2026-03-01', REFERENCES);

type View = 'editor' | 'conflict' | 'grid' | 'grid group' | 'tree tooltip' | 'hover' | 'csv' | 'history' | 'chat' | 'chat confirmation' | 'bulk summary';

/** Views that show a field in a fixed place: the tree tooltip's rows and the hover's line. */
const TOOLTIP_ROWS: Record<string, string> = { owner: 'Assigned To', 'detected-by': 'Detected By', 'target-rel': 'Target Release', 'last-modified': 'Modified' };
const HOVER_PARTS: Record<string, string> = { owner: 'Assigned to: ', 'last-modified': 'Modified: ', 'target-rel': 'Target: ' };

function defectWith(field: string, value: FieldValue): Defect {
  return { type: 'defect', id: 7, name: 'Crash', status: 'Open', [field]: value } as unknown as Defect;
}

/** The one cell of a one-column CSV export of `defect`. */
async function csvCell(field: string, defect: Defect): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'alm-every-view-'));
  try {
    const page: Page<Defect> = { items: [defect], total: 1, offset: 0, nextOffset: 1, hasMore: false };
    const api = {
      fields: async () => CATALOG,
      defects: {
        query: () => ({
          total: 1,
          pages: async function* () {
            yield page;
          },
        }),
      },
    } as unknown as Parameters<typeof writeCsv>[0];
    const path = join(dir, 'out.csv');
    await writeCsv(api, { query: { filter: {} } as never, columns: [field], path, bom: false, names: NAMES });
    const cell = (await readFile(path, 'utf8')).split('\r\n')[1];
    return cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The new value of one history entry changing `field` to `value` (as the audit's text). */
async function historyText(field: string, value: string): Promise<string> {
  const entry: AuditEntry = { id: 1, time: '2026-03-04 22:15:11', user: 'bob', action: 'UPDATE', changes: [{ field, label: field, oldValue: 'x', newValue: value }] };
  const api = historyProject(entry, { catalog: CATALOG, users: USERS, releases: RELEASES, references: REFERENCES });
  return (await historyOf(api, 7, 10, LOCALE)).entries[0].changes[0].newValue;
}

/** What each view writes for `value` of `field`, unescaped where the view writes Markdown; views that never show the field are left out. */
async function everyView(field: string, value: FieldValue, skip: readonly View[] = []): Promise<Partial<Record<View, string>>> {
  const meta = CATALOG.get(field);
  const view = EDITOR_VIEWS.find((v) => v.name === field);
  const defect = defectWith(field, value);
  const out: Partial<Record<View, string>> = {
    editor: fieldViewText(view, value, LOCALE),
    conflict: conflictValueText(value, view, LOCALE, memoToText),
    grid: rowOf(defect, [field], { catalog: CATALOG, names: NAMES }).cells[0],
    csv: await csvCell(field, defect),
    'chat confirmation': currentText(meta, field, value, NAMES),
    'bulk summary': changeSummary(1, [bulkChange(field, value, meta, NAMES)]).lines[0].replace(`${meta?.label}: `, ''),
  };
  if (value === null || typeof value === 'string') out['grid group'] = groupingOf(field, [{ value: value || null, count: 1 }], { catalog: CATALOG, names: NAMES }).groups[0].label;
  const chat = defectResult({ defect, fields: CATALOG, attachments: [], where: 'P', link: 'td://x', names: NAMES });
  const chatLine = chat.split('\n').find((l) => l.includes(`(\`${field}\`): `));
  if (chatLine) out.chat = chatLine.slice(chatLine.indexOf('`): ') + 4);
  if (TOOLTIP_ROWS[field]) {
    const row = defectTooltip(defect, NAMES)
      .split('\n')
      .find((l) => l.startsWith(`| ${TOOLTIP_ROWS[field]} | `));
    out['tree tooltip'] = row?.slice(TOOLTIP_ROWS[field].length + 5, -2);
  }
  if (HOVER_PARTS[field] && (field !== 'target-rel' || value)) {
    const hover = hoverMarkdown({ server: 'Demo', domain: 'D', project: 'P' }, 7, { kind: 'found', defect }, NAMES);
    const at = hover.indexOf(HOVER_PARTS[field]) + HOVER_PARTS[field].length;
    out.hover = hover.slice(at).split(/ · |\n/)[0];
  }
  if (typeof value === 'string' || value === null) out.history = await historyText(field, value ?? '');
  for (const v of skip) delete out[v];
  return out;
}

/** Asserts every view wrote `expected` (Markdown views: escaped). */
function assertSame(field: string, views: Partial<Record<View, string>>, expected: string, atLeast: readonly View[]): void {
  for (const v of atLeast) assert.ok(v in views, `${field}: ${v} was asked`);
  for (const [v, text] of Object.entries(views)) {
    const markdown = v === 'tree tooltip' || v === 'hover' || v === 'chat';
    assert.equal(text, markdown ? escapeMarkdown(expected) : expected, `${field} in ${v}`);
  }
}

const ALWAYS: View[] = ['editor', 'conflict', 'grid', 'csv', 'chat', 'chat confirmation', 'bulk summary'];

describe('every view writes the same text for the same value (issue 39)', () => {
  it('users: the full name with the login name, or the login name alone', async () => {
    assertSame('owner', await everyView('owner', 'alice'), 'Alice Archer (alice)', [...ALWAYS, 'grid group', 'tree tooltip', 'hover', 'history']);
    assertSame('owner', await everyView('owner', 'bob'), 'bob', [...ALWAYS, 'grid group', 'tree tooltip', 'hover', 'history']);
  });

  it('lists: the values joined one way', async () => {
    assertSame('user-02', await everyView('user-02', ['Linux', 'Windows']), 'Linux; Windows', ALWAYS);
  });

  it('references: a release and another reference by name, an unknown one by its id', async () => {
    assertSame('target-rel', await everyView('target-rel', { type: 'release', id: 1002 }), 'Release 2', [...ALWAYS, 'tree tooltip', 'hover']);
    assertSame('target-rel', await everyView('target-rel', '1002'), 'Release 2', [...ALWAYS, 'history', 'tree tooltip', 'hover']);
    assertSame('environment', await everyView('environment', { type: 'environment', id: 3005 }), 'Staging', ALWAYS);
    assertSame('environment', await everyView('environment', { type: 'environment', id: 3999 }), '#3999', ALWAYS);
  });

  it('dates and date-times: in the display language', async () => {
    // The chat's read tool hands the model the server's own form on purpose (src/chat/model/format.ts).
    const notChat = ALWAYS.filter((v) => v !== 'chat');
    assertSame('closing-date', await everyView('closing-date', '2026-03-04', ['chat']), '4.3.2026', [...notChat, 'history']);
    assertSame('last-modified', await everyView('last-modified', '2026-03-04 22:15:11', ['chat']), '4.3.2026, 22:15:11', [...notChat, 'tree tooltip', 'hover', 'history']);
  });

  it('no value: one word, in every view but the CSV file (where a spreadsheet reads an empty cell)', async () => {
    for (const [field, empty] of [
      ['detected-by', null],
      ['owner', ''],
      ['user-02', []],
      ['target-rel', null],
      ['closing-date', null],
    ] as [string, FieldValue][]) {
      const views = await everyView(field, empty);
      assert.equal(views.csv, '', `${field}: an empty CSV cell`);
      delete views.csv;
      assertSame(field, views, NO_VALUE, ['editor', 'conflict', 'grid', 'chat', 'chat confirmation', 'bulk summary']);
    }
    // An empty memo too: the chat's defect read said "(empty)" there.
    const memo = catalogOf([fieldMeta('description', { label: 'Description', dataType: type('Memo'), sanitization: 'HTML' })]);
    const chat = defectResult({ defect: defectWith('description', ''), fields: memo, attachments: [], where: 'P', link: 'td://x' });
    assert.ok(chat.includes(`## Description (\`description\`)\n\n${NO_VALUE}\n`), chat);
  });
});

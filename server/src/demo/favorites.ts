// Demo favorites (issue 42, reference §17): public ones a lead (bob) keeps for the project and
// private ones of alice, with order and columns, and filters the extension can run in full and
// one it cannot (a cross filter on Test Set). The filter XML follows the elements ALI read
// (`<Field Name Value>`, `<CrossFilter Entity Inclusive>`, `<Field Name Direction>`,
// `<Name>`/`<Width>` pairs); the container elements around them are this server's choice.
import { FavoriteStore } from '../store/favorites';
import type { ProjectStore } from '../store/project';

const PUBLIC_ROOT = 1;
const PRIVATE_ROOT = 2;
const LEAD = 'bob';

/** The filter XML of a favorite: conditions, cross filters, order, view columns. */
function filterXml(where: string, order: [string, 'Ascending' | 'Descending'][], columns: [string, number][]): string {
  const sort = order.map(([name, dir]) => `<Field Name="${name}" Direction="${dir}"/>`).join('');
  const view = columns.map(([name, width]) => `<Column><Name>${name}</Name><Width>${width}</Width></Column>`).join('');
  return `<Filter><Where>${where}</Where><Order>${sort}</Order><View><Columns>${view}</Columns></View></Filter>`;
}

const DEMO_PUBLIC = [
  {
    name: 'Open urgent',
    filter: filterXml(
      '<Field Name="status" Value="Not (Closed Or Rejected)"/><Field Name="severity" Value="&quot;5-Urgent&quot; Or &quot;4-Very High&quot;"/>',
      [
        ['severity', 'Descending'],
        ['id', 'Ascending'],
      ],
      [
        ['id', 60],
        ['severity', 90],
        ['status', 80],
        ['name', 320],
        ['owner', 100],
      ],
    ),
  },
  {
    name: 'Awaiting retest',
    filter: filterXml(
      '<Field Name="status" Value="Fixed"/>',
      [['last-modified', 'Descending']],
      [
        ['id', 60],
        ['name', 300],
        ['owner', 100],
        ['last-modified', 150],
      ],
    ),
  },
  {
    name: 'Smoke failures',
    filter: filterXml(
      '<Field Name="status" Value="Not Closed"/><CrossFilter Entity="test-set" Inclusive="true"><Field Name="name" Value="Smoke*"/></CrossFilter>',
      [['id', 'Descending']],
      [
        ['id', 60],
        ['name', 300],
        ['status', 80],
      ],
    ),
  },
];

const DEMO_TRIAGE = {
  name: 'New this year',
  filter: filterXml(
    '<Field Name="status" Value="New"/><Field Name="creation-time" Value="&gt;= 2025-01-01"/>',
    [['creation-time', 'Descending']],
    [
      ['id', 60],
      ['name', 320],
      ['detected-by', 100],
      ['creation-time', 110],
    ],
  ),
};

const DEMO_PRIVATE = [
  {
    owner: 'alice',
    name: 'My open defects',
    filter: filterXml(
      '<Field Name="owner" Value="alice"/><Field Name="status" Value="Not Closed"/>',
      [['priority', 'Descending']],
      [
        ['id', 60],
        ['priority', 90],
        ['name', 340],
        ['status', 80],
      ],
    ),
  },
  {
    owner: 'alice',
    name: 'Installer crashes',
    filter: filterXml('<Field Name="name" Value="*crash* Or *install*"/><Field Name="user-01" Value="Installer"/>', [], []),
  },
];

/** Seeds the demo favorites of one project (the users must be members); returns how many. */
export function seedDemoFavorites(store: ProjectStore): number {
  const users = new Set(store.listUsers().map((u) => u.name));
  if (!users.has(LEAD) || !users.has('alice')) return 0;
  const folders = new FavoriteStore(store, 'favorite_folders');
  const favorites = new FavoriteStore(store, 'favorites');
  let count = 0;
  store.transaction(() => {
    for (const f of DEMO_PUBLIC) {
      favorites.insert({ name: f.name, parentId: PUBLIC_ROOT, moduleId: 0, owner: LEAD, public: 'Y', filter: f.filter });
      count++;
    }
    const triage = folders.insert({ name: 'Triage', parentId: PUBLIC_ROOT, moduleId: 0, owner: LEAD, public: 'Y' });
    favorites.insert({ name: DEMO_TRIAGE.name, parentId: triage, moduleId: 0, owner: LEAD, public: 'Y', filter: DEMO_TRIAGE.filter });
    count++;
    for (const f of DEMO_PRIVATE) {
      favorites.insert({ name: f.name, parentId: PRIVATE_ROOT, moduleId: 0, owner: f.owner, public: 'N', filter: f.filter });
      count++;
    }
    // A Viewer-like user without the right to publish, so the rule can be seen at work.
    if (users.has('frank')) folders.setMayPublish('frank', false);
  });
  return count;
}

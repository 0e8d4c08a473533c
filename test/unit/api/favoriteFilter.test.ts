// A favorite's filter XML (issue 42, reference §17) → the REST query, order and columns the client
// runs, each construct of the UI filter syntax, and what is not applied with its note.
import { strict as assert } from 'node:assert';
import { renderFilter } from '../../../src/api/dialect/bracketSyntax';
import { conditionText, favoriteFilterXml, readFavoriteFilter } from '../../../src/api/favoriteFilter';

const LABELS: Record<string, string> = {
  status: 'Status',
  severity: 'Severity',
  priority: 'Priority',
  owner: 'Assigned To',
  name: 'Summary',
  id: 'Defect ID',
  'creation-time': 'Detected on Date',
  'user-01': 'Component',
};
const labels = (f: string) => LABELS[f];
const where = (conditions: string) => `<Filter><Where>${conditions}</Where></Filter>`;
const field = (name: string, value: string) => `<Field Name="${name}" Value="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"/>`;
/** The REST query one condition becomes. */
const query = (name: string, value: string) => {
  const view = readFavoriteFilter(where(field(name, value)), labels);
  assert.deepEqual(view.notApplied, []);
  return renderFilter(view.filter);
};

describe('api/favoriteFilter: a favorite filter as the REST query', () => {
  it('a plain value, Not, Or, And, parentheses', () => {
    assert.equal(query('status', 'Open'), '{status[Open]}');
    assert.equal(query('status', 'Not Closed'), '{status[not (Closed)]}');
    assert.equal(query('status', 'Open Or New'), '{status[(Open) or (New)]}');
    assert.equal(query('status', 'Not (Closed Or Rejected)'), '{status[not ((Closed) or (Rejected))]}');
    assert.equal(query('id', '>= 5 And < 20'), '{id[(>=5) and (<20)]}');
  });

  it('quotes, values with spaces, wildcards, ranges, dates and empty values', () => {
    assert.equal(query('severity', '"5-Urgent" Or "4-Very High"'), "{severity[(5-Urgent) or ('4-Very High')]}");
    assert.equal(query('severity', '4-Very High'), "{severity['4-Very High']}");
    assert.equal(query('name', '*crash* Or *install*'), "{name[('*crash*') or ('*install*')]}");
    assert.equal(query('creation-time', '>= 2025-01-01'), '{creation-time[>=2025-01-01]}');
    assert.equal(query('owner', 'null'), "{owner['']}");
    assert.equal(query('name', '"it\'s done"'), `{name["it's done"]}`);
  });

  it('two fields are ANDed; the same field twice is ANDed on that field', () => {
    const view = readFavoriteFilter(where(field('status', 'Not Closed') + field('owner', 'alice') + field('status', 'Not Rejected')), labels);
    assert.equal(renderFilter(view.filter), '{status[(not (Closed)) and (not (Rejected))];owner[alice]}');
  });

  it('reads order and columns (with widths) wherever the elements sit', () => {
    const view = readFavoriteFilter(
      '<X><Order><Field Name="severity" Direction="Descending"/><Field Name="id" Direction="Ascending"/></Order><View><Columns><Column><Name>id</Name><Width>60</Width></Column><Column><Name>name</Name><Width>320</Width></Column><Column><Name>status</Name></Column></Columns></View></X>',
      labels,
    );
    assert.deepEqual(view.orderBy, [
      { field: 'severity', direction: 'desc' },
      { field: 'id', direction: 'asc' },
    ]);
    assert.deepEqual(view.columns, [{ field: 'id', width: 60 }, { field: 'name', width: 320 }, { field: 'status' }]);
  });

  it('a cross filter without a REST alias is not applied and says on which entity and why; the rest still runs', () => {
    const view = readFavoriteFilter(where(`${field('status', 'Not Closed')}<CrossFilter Entity="test-set" Inclusive="true">${field('name', 'Smoke*')}</CrossFilter>`), labels);
    assert.equal(renderFilter(view.filter), '{status[not (Closed)]}', "the cross filter's condition on name is not taken as the defect's name");
    assert.deepEqual(view.notApplied, ['filter on Test Set not applied: no REST alias for it is known']);
    const refused = readFavoriteFilter(where(`<CrossFilter Entity="test-set">${field('name', 'Smoke*')}</CrossFilter>`), labels, () => ({ reason: '2 relations lead to it' }));
    assert.deepEqual(refused.notApplied, ['filter on Test Set not applied: 2 relations lead to it']);
    const empty = readFavoriteFilter(where('<CrossFilter Entity="requirement" Inclusive="true"></CrossFilter>'), labels);
    assert.deepEqual(empty.notApplied, [], 'an empty cross filter restricts nothing');
  });

  it('a cross filter with a REST alias runs as alias.field conditions; an exclusive one adds inclusive-filter[false]', () => {
    const aliases = (entity: string) => (entity === 'release' ? { alias: 'detected-in-release' } : { reason: 'none' });
    const view = readFavoriteFilter(
      where(`${field('status', 'Open')}<CrossFilter Entity="release" Inclusive="true">${field('name', 'R2.1 Or R2.2')}${field('start-date', '>= 2025-01-01')}</CrossFilter>`),
      labels,
      aliases,
    );
    assert.deepEqual(view.notApplied, []);
    assert.equal(renderFilter(view.filter), '{status[Open];detected-in-release.name[(R2.1) or (R2.2)];detected-in-release.start-date[>=2025-01-01]}');
    const exclusive = readFavoriteFilter(where(`<CrossFilter Entity="release" Inclusive="false">${field('name', 'R1*')}</CrossFilter>`), labels, aliases);
    // ALM's page writes it bare (`defect.inclusive-filter[false]`); the renderer quotes the word false as it quotes every keyword.
    assert.equal(renderFilter(exclusive.filter), "{detected-in-release.name['R1*'];detected-in-release.inclusive-filter['false']}");
  });

  it('a cross filter runs whole or not at all: a condition that does not parse or a nested cross filter leaves it out, with a note', () => {
    const aliases = () => ({ alias: 'release' });
    const bad = readFavoriteFilter(where(`<CrossFilter Entity="release">${field('name', 'R2*')}${field('start-date', '(>= 2025')}</CrossFilter>`), labels, aliases);
    assert.deepEqual(bad.filter, {}, 'no part of it runs: part of a cross filter selects other defects');
    assert.match(bad.notApplied[0], /^filter on Release not applied: A "\(" in start-date\[…\] is not closed\.$/);
    const nested = readFavoriteFilter(where(`<CrossFilter Entity="release"><CrossFilter Entity="release-cycle">${field('name', 'C1')}</CrossFilter></CrossFilter>`), labels, aliases);
    assert.deepEqual([nested.filter, nested.notApplied], [{}, ['filter on Release not applied: a cross filter within a cross filter is not read']]);
  });

  it('refuses with its reason: an unknown field, a condition that does not parse, XML that is not well-formed or declares a DTD', () => {
    assert.deepEqual(readFavoriteFilter(where(field('user-99', 'x')), labels).notApplied, ['filter on user-99 not applied: the project has no such defect field']);
    const bad = readFavoriteFilter(where(field('status', 'Not (Closed')), labels);
    assert.deepEqual(bad.filter, {});
    assert.match(bad.notApplied[0], /^filter on Status not applied: A "\(" in status\[…\] is not closed\.$/);
    assert.match(readFavoriteFilter('<Filter><Where>', labels).notApplied[0], /^the filter is not well-formed XML and was not applied/);
    assert.deepEqual(readFavoriteFilter('<!DOCTYPE x [<!ENTITY a "b">]><Filter/>', labels).notApplied, ['the filter declares a DTD and was not applied']);
    assert.match(readFavoriteFilter(`<F>${' '.repeat(100_001)}</F>`).notApplied[0], /larger than 100000 characters/);
  });

  it('order by an unknown field is left out; an empty condition restricts nothing', () => {
    const view = readFavoriteFilter('<F><Field Name="nope" Direction="Ascending"/><Field Name="status" Value=""/></F>', labels);
    assert.deepEqual([view.orderBy, view.filter, view.notApplied], [[], {}, []]);
  });

  it('a deeply nested filter is bounded, with a note', () => {
    const deep = `${'<a>'.repeat(80)}${field('status', 'Open')}${'</a>'.repeat(80)}`;
    const view = readFavoriteFilter(deep, labels);
    assert.deepEqual(view.filter, {});
    assert.match(view.notApplied[0], /nests deeper than 64 levels/);
  });

  it('writes a view as filter XML that reads back to the same filter, order and columns', () => {
    const view = readFavoriteFilter(
      `<F>${where(field('status', 'Not (Closed Or Rejected)') + field('severity', '"5-Urgent" Or "4-Very High"') + field('name', `'*say "hi"*'`) + field('id', '> 3'))}` +
        '<Field Name="priority" Direction="Descending"/><Name>id</Name><Width>60</Width><Name>name</Name></F>',
      labels,
    );
    assert.deepEqual(view.notApplied, []);
    const again = readFavoriteFilter(favoriteFilterXml(view), labels);
    assert.deepEqual(again, view);
    // A cross filter's alias.field conditions are written back under the alias, and read back by it.
    const crossed = readFavoriteFilter(where(`<CrossFilter Entity="release" Inclusive="false">${field('name', 'R1*')}</CrossFilter>`), labels, () => ({ alias: 'release' }));
    const xml = favoriteFilterXml({ ...crossed, orderBy: [], columns: [] });
    assert.match(
      xml,
      /<CrossFilter Entity="release" Inclusive="false"><Field Name="name" Value="R1\*"><\/Field><\/CrossFilter>|<CrossFilter Entity="release" Inclusive="false"><Field Name="name" Value="R1\*"\/><\/CrossFilter>/,
    );
    assert.deepEqual(readFavoriteFilter(xml, labels, () => ({ alias: 'release' })).filter, crossed.filter);
    assert.equal(conditionText({ op: 'in', values: ['Open', 'Re open'] }), 'Open Or "Re open"');
    assert.equal(
      conditionText({
        op: 'and',
        conditions: [
          { op: '>=', value: 3 },
          {
            op: 'or',
            conditions: [
              { op: '=', value: 'a' },
              { op: '=', value: 'or' },
            ],
          },
        ],
      }),
      '>= 3 And (a Or "or")',
    );
  });
});

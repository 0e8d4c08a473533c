// `order-by` in both syntaxes: the api tree's `name,-status` (`+`/`-` prefixes) and the Core
// tree's `{status[ASC];name[DESC]}`. The result always ends with the id, so pages are stable.
import { QueryCostError, UnknownFieldError } from './ast.js';
import type { QueryCatalog } from './types.js';
import { ParameterError } from './paging.js';

interface SortKey {
  field: string;
  descending: boolean;
  caseInsensitive: boolean;
}

export function compileOrderBy(raw: string | undefined, catalog: QueryCatalog): string {
  const text = (raw ?? '').trim();
  const keys = text === '' ? [] : text.startsWith('{') ? parseCoreOrderBy(text) : parseApiOrderBy(text);
  const idColumn = catalog.field('id')?.column ?? '"id"';
  const parts: string[] = [];
  let hasId = false;
  for (const key of keys) {
    const field = catalog.field(key.field);
    if (!field) throw new UnknownFieldError(key.field);
    if (field.kind === 'memo') {
      // Sorting long text sorts every match's text in full, blocking every other request meanwhile.
      throw new QueryCostError(`order-by '${field.name}' is a memo field; this server does not sort by memo fields. Sort by another field.`, 'memo-order-by', 0);
    }
    if (field.column === idColumn) hasId = true;
    const collate = key.caseInsensitive ? ' COLLATE NOCASE' : '';
    parts.push(`${field.column}${collate} ${key.descending ? 'DESC' : 'ASC'}`);
  }
  // The tie-breaker follows the last key's direction, so an index on that key (which ends in
  // the rowid) yields the whole order without a sort step.
  const lastDescending = keys.length > 0 && keys[keys.length - 1].descending;
  if (!hasId) parts.push(`${idColumn} ${lastDescending ? 'DESC' : 'ASC'}`);
  return parts.join(', ');
}

function parseApiOrderBy(text: string): SortKey[] {
  return text.split(',').map((item) => {
    // A literal '+' in a URL decodes to a space, so a leading space also means ascending.
    let name = item.trim();
    let descending = false;
    if (name.startsWith('-')) {
      descending = true;
      name = name.slice(1).trim();
    } else if (name.startsWith('+')) {
      name = name.slice(1).trim();
    }
    if (!name) throw new ParameterError(`order-by '${text}' has an empty field name`);
    return { field: name, descending, caseInsensitive: false };
  });
}

function parseCoreOrderBy(text: string): SortKey[] {
  const match = /^\{(.*)\}$/s.exec(text);
  if (!match) throw new ParameterError(`order-by '${text}' is not of the form {field[ASC];field[DESC]}`);
  const keys: SortKey[] = [];
  for (const item of match[1].split(';')) {
    const trimmed = item.trim();
    if (!trimmed) continue;
    const m = /^([^[\]]+?)\s*(?:\[([^[\]]*)\])?$/.exec(trimmed);
    if (!m) throw new ParameterError(`order-by item '${trimmed}' is not of the form field[ASC|DESC]`);
    const key: SortKey = { field: m[1], descending: false, caseInsensitive: false };
    for (const modifier of (m[2] ?? '').split(',').map((s) => s.trim().toUpperCase())) {
      if (modifier === 'DESC') key.descending = true;
      else if (modifier === 'CI') key.caseInsensitive = true;
      else if (modifier !== 'ASC' && modifier !== '') {
        throw new ParameterError(`order-by direction '${modifier}' is not ASC or DESC`);
      }
    }
    keys.push(key);
  }
  return keys;
}

// `fields=a,b,c`: the named fields plus those the collection always returns.
import { UnknownFieldError } from './ast.js';
import type { QueryCatalog } from './types.js';

export function compileFields(raw: string | undefined, catalog: QueryCatalog): string[] | null {
  const names = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 0) return null;
  for (const name of names) if (!catalog.field(name)) throw new UnknownFieldError(name);
  return [...new Set([...catalog.always, ...names])];
}

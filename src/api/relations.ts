// The REST aliases a Core query reaches a related entity by (a cross filter, `{alias.field[expr]}`),
// read from the defect relations (reference §16.8: `customization/entities/defect/relations/` →
// `{"Relation":[…]}`, each with `TargetEntity` and `TargetAliases`; §7.1: `connected-to-defect.name`).
// The shape inside `TargetAliases` was never captured: every name found in it is taken. An alias
// names one relation only where no other relation to the same entity has it (ALM refuses an
// ambiguous one, and two aliases for one entity in a query give wrong rows), so a cross filter runs
// only where the entity has one relation, and otherwise says why it did not.

export interface Relation {
  target: string;
  aliases: string[];
}

/** How a favorite's cross filter on a related entity runs: by this alias, or not (and why). */
export type CrossAlias = { alias: string } | { reason: string };

const ALIAS = /^[A-Za-z][A-Za-z0-9_-]*$/;
/** Relations read at most (ALM 26.1 listed 17 for defects); a hostile answer is cut there. */
const MAX_RELATIONS = 500;
const MAX_DEPTH = 8;

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

function record(v: unknown): Record<string, unknown> | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** A key of `o` in any case (ALM answers PascalCase, camelCase or kebab-case by version). */
function pick(o: Record<string, unknown>, ...names: string[]): unknown {
  const wanted = new Set(names.map((n) => n.toLowerCase()));
  const key = Object.keys(o).find((k) => wanted.has(k.toLowerCase()));
  return key === undefined ? undefined : o[key];
}

/** The alias names under `TargetAliases`: strings, or the names of objects (`Name`, `Alias`, `value`). */
function aliasNames(v: unknown, depth = 0): string[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof v === 'string') return v.split(',').map((s) => s.trim());
  if (Array.isArray(v)) return v.flatMap((item) => aliasNames(item, depth + 1));
  const o = record(v);
  if (!o) return [];
  const named = pick(o, 'name', 'alias', 'value', '#text');
  return named !== undefined ? aliasNames(named, depth + 1) : Object.values(o).flatMap((item) => aliasNames(item, depth + 1));
}

/** The relations of a relations answer (JSON, as the client reads it): target entity and aliases. */
export function readRelations(body: unknown): Relation[] {
  const top = record(body) ?? {};
  const holder = record(pick(top, 'relations')) ?? top;
  return asArray(pick(holder, 'relation'))
    .slice(0, MAX_RELATIONS)
    .flatMap((r) => {
      const o = record(r);
      const target = o ? pick(o, 'targetentity', 'target-entity') : undefined;
      if (!o || typeof target !== 'string' || !target) return [];
      const aliases = [...new Set(aliasNames(pick(o, 'targetaliases', 'target-aliases')).filter((a) => ALIAS.test(a) && !/^(true|false)$/i.test(a)))];
      return [{ target, aliases }];
    });
}

/** The alias of the one relation from defects to `entity` (else: `entity` is itself the alias of one relation). */
export function aliasFor(relations: readonly Relation[], entity: string): CrossAlias {
  const name = entity.toLowerCase();
  const to = relations.filter((r) => r.target.toLowerCase() === name);
  if (to.length > 1) return { reason: `${to.length} relations lead to it and the favorite does not say which` };
  if (to.length === 1) {
    const [alias] = to[0].aliases.filter((a) => relations.every((r) => r === to[0] || !r.aliases.includes(a)));
    return alias ? { alias } : { reason: 'the server names no REST alias for it' };
  }
  const byAlias = relations.filter((r) => r.aliases.some((a) => a.toLowerCase() === name));
  if (byAlias.length > 1) return { reason: `${byAlias.length} relations share that alias` };
  const alias = byAlias[0]?.aliases.find((a) => a.toLowerCase() === name);
  return alias ? { alias } : { reason: 'the server lists no relation from defects to it' };
}

// The filter tree both query syntaxes parse into, and the errors the parsers raise. The parsers
// stay free of HTTP concerns; index.ts maps these errors to ALM error bodies.

export type CompareOp = '=' | '<>' | '<' | '>' | '<=' | '>=';

export type Literal =
  /** `quoted` records whether the value came in quotes (it then never means null/true/false). */
  { kind: 'text'; value: string; quoted: boolean } | { kind: 'null' } | { kind: 'boolean'; value: boolean };

export type FilterNode =
  { type: 'and'; items: FilterNode[] } | { type: 'or'; items: FilterNode[] } | { type: 'not'; item: FilterNode } | { type: 'compare'; field: string; op: CompareOp; value: Literal };

/** A filter that does not follow either grammar, or that cannot apply to its field. */
export class FilterSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FilterSyntaxError';
  }
}

/** A filter, order-by or fields clause naming a field the collection does not have. */
export class UnknownFieldError extends Error {
  constructor(readonly field: string) {
    super(`Unknown field name: '${field}'`);
    this.name = 'UnknownFieldError';
  }
}

/** Nesting deeper than this is rejected rather than risking the parser's stack. */
export const MAX_NESTING = 64;
/** More comparisons than this make a filter "too complex" (keeps SQL parameters bounded). */
export const MAX_CONDITIONS = 500;

/** Conditions on memo fields one filter may hold: each is a scan of long text, under every other client's wait. */
export const MAX_MEMO_CONDITIONS = 10;

/**
 * Wildcard (`*`) conditions one filter may hold, on any field: each is a LIKE scan of every row
 * that no index helps, so 500 of them on `name` stalled every client for seconds (issue 38 item
 * 12). The extension's likely-duplicates search sends 5; a person filtering sends a few.
 */
export const MAX_WILDCARD_CONDITIONS = 20;

/** A request whose cost the server bounds (memo and wildcard conditions, memo ordering); answered 400 naming the bound. */
export class QueryCostError extends Error {
  constructor(
    message: string,
    readonly limitName: string,
    readonly limit: number,
  ) {
    super(message);
    this.name = 'QueryCostError';
  }
}

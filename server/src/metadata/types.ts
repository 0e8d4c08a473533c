// Field definitions: one record per field of a collection. The same record drives the
// `$metadata/fields` output, the SQL schema, the query catalog and write validation.
import type { QueryField } from '../query/index';

export type DataTypeName = 'Date' | 'Float' | 'Integer' | 'Memo' | 'Reference' | 'Reference By Value' | 'String';

/** Collections a Reference field can point to (besides lists). */
export type ResourceSource = 'user' | 'releases' | 'release_cycles' | 'environments';

export interface FieldDef {
  name: string;
  label: string;
  dataType: DataTypeName;
  /** `Maximum length` input validation; absent means none. */
  maxLength?: number;
  /** `Not Null` input validation. */
  required?: boolean;
  /** `Reference Match` input validation: the value must exist in its list or collection. */
  referenceMatch?: boolean;
  /** Source list of a list-based field (the top-level list-item id). */
  listId?: number;
  /** Source collection of a resource reference. */
  resource?: ResourceSource;
  /** Multi-valued list field: sent and returned as a JSON array of strings. */
  multiple?: boolean;
  /** Output sanitization the client applies. */
  sanitization: 'HTML' | 'Text';
  /** `Format` input validation mask, e.g. `YYYY-MM-DD`. */
  format?: string;
  /** Maintained by the server; a client write is refused. */
  readOnly?: boolean;
  /** `History` flag: a change of the field is recorded as an audit entry (reference §16.8, §16.9). */
  history?: boolean;
  /** Quoted SQL column holding the value. */
  column: string;
  /** How the query compiler treats the column. */
  kind: QueryField['kind'];
}

/** Builds a FieldDef, deriving the column and query kind from the name and data type. */
export function field(name: string, label: string, dataType: DataTypeName, extra: Partial<FieldDef> = {}): FieldDef {
  return {
    name,
    label,
    dataType,
    sanitization: dataType === 'Memo' ? 'HTML' : 'Text',
    column: `"${name}"`,
    kind: kindOf(dataType, extra),
    ...extra,
  };
}

function kindOf(dataType: DataTypeName, extra: Partial<FieldDef>): QueryField['kind'] {
  if (extra.multiple) return 'multi';
  switch (dataType) {
    case 'Integer':
      return 'integer';
    case 'Float':
      return 'float';
    case 'Date':
      return 'date';
    case 'Memo':
      return 'memo';
    case 'Reference':
      // Users are stored by name; releases, cycles and environments by their integer id.
      return extra.resource && extra.resource !== 'user' ? 'reference' : 'string';
    default:
      return 'string';
  }
}

// Typed resources of the ALM 12.5x `/api` tree, as the seed describes them. Defects keep the wire's
// field names (projects add user fields such as `user-01`, so their schema is open); records with a
// fixed schema (attachments, locks, list items) are mapped to camelCase.

/** A reference to a resource instance, as the wire writes it. */
export interface EntityRef {
  type: string;
  id: number;
}

/** Any value a defect field can hold on the wire. Multi-valued list fields are string arrays. */
export type FieldValue = string | number | boolean | null | string[] | EntityRef;

/** A defect: `type` and `id` always, other fields as requested with `fields`. */
export interface Defect {
  type: 'defect';
  id: number;
  'ver-stamp'?: number;
  name?: string;
  status?: string | null;
  severity?: string | null;
  priority?: string | null;
  owner?: string | null;
  'detected-by'?: string | null;
  'last-modified'?: string | null;
  description?: string | null;
  [field: string]: FieldValue | undefined;
}

/** Field values to send: only the fields that change. */
export type DefectChanges = Record<string, FieldValue>;

export interface ProjectRef {
  domain: string;
  name: string;
}

export interface DomainRef {
  name: string;
  /** Present when the server listed them with the domain. */
  projects?: ProjectRef[];
}

/** A list or a list value; top-level items (parent id 0) are lists. */
export interface ListItem {
  id: number;
  logicalName: string;
  name: string;
  parentId: number;
  children: ListItem[];
}

/** All list items of a project as a tree, indexed by id. */
export interface ListTree {
  /** The top-level lists, in server order. */
  readonly lists: readonly ListItem[];
  /** The list (or any item) with this id. */
  byListId(id: number): ListItem | undefined;
  /** Every value name below the list (nested values included), depth first. */
  valuesOf(listId: number): string[];
  /** Whether `value` is a value of the list (at any depth). */
  hasValue(listId: number, value: string): boolean;
}

export type DataTypeName = 'Date' | 'Float' | 'Integer' | 'Memo' | 'Reference' | 'Reference By Value' | 'String';

/** Where a reference field's values come from. */
export type FieldSource = { kind: 'list'; listId: number } | { kind: 'resource'; collection: string };

export interface FieldDataType {
  /** One of DataTypeName on known servers; kept as a string so an unknown type does not break parsing. */
  name: DataTypeName | (string & {});
  multiple: boolean;
  source?: FieldSource;
}

export interface FieldValidationRule {
  name: string;
  value?: unknown;
}

/** One field of a collection, from `$metadata/fields`. */
export interface FieldMeta {
  name: string;
  label: string;
  dataType: FieldDataType;
  /** `Not Null` input validation. */
  required: boolean;
  /** `Maximum length`, when present. */
  maxLength?: number;
  /** `Format` mask, when present. */
  format?: string;
  /** `Reference Match`: the value must be a list member / existing instance / valid date. */
  referenceMatch: boolean;
  /** Output `Sanitization`: `HTML` for memo fields. */
  sanitization?: 'Text' | 'HTML' | (string & {});
  inputValidations: FieldValidationRule[];
  outputValidations: FieldValidationRule[];
  /**
   * The server marks the field inactive or not shown in its web UI (Core `active`/`visibleInWebUI`):
   * forms and filters leave it out unless the user asks for every field, as the ALM web client does.
   */
  hidden: boolean;
  /** False where the server's metadata says the field cannot be edited. */
  editable: boolean;
}

/** The fields of one collection, in server order. */
export interface FieldCatalog {
  readonly collection: string;
  readonly fields: readonly FieldMeta[];
  get(name: string): FieldMeta | undefined;
  /** The field's label, or its name when unknown. */
  label(name: string): string;
}

/** A user of the project, as the user pickers offer it. */
export interface ProjectUser {
  /** The login name, the value user fields hold. */
  name: string;
  fullName?: string;
  email?: string;
}

/** The project's users, and where they came from. */
export interface ProjectUsers {
  users: readonly ProjectUser[];
  /** `project`: the server's user list; `recent-defects`: it refused that, so the users of recent defects. */
  source: 'project' | 'recent-defects';
}

export interface Attachment {
  id: number;
  name: string;
  /** HTML fragment as the server returns it, or null. */
  description: string | null;
  refType: string | null;
  refSubtype: number;
  /** Bytes. */
  fileSize: number | null;
  lastModified: string | null;
  vcUserName: string | null;
  vcCurVer: string | null;
  entity: EntityRef;
}

export interface Lock {
  id: number;
  entity: EntityRef;
  user: string;
  lockTime: string;
  sessionLastTouch: string | null;
}

/** One page of a collection. */
export interface Page<T> {
  items: T[];
  /** `total-count` from the server: the size of the whole (filtered) collection. */
  total: number;
  /** 0-based offset of `items[0]`. */
  offset: number;
  /** Offset of the next page (offset + items.length). */
  nextOffset: number;
  hasMore: boolean;
}

/** Progress of an upload or download. */
export interface TransferProgress {
  bytes: number;
  /** Total bytes when known. */
  total?: number;
}

// ---- history, links, releases (issue 30) ----

/** One field's change in one audit entry. */
export interface AuditChange {
  field: string;
  label: string;
  oldValue: string;
  newValue: string;
}

/** One change of the defect: when, who, and what. */
export interface AuditEntry {
  id: number;
  /** `yyyy-MM-dd HH:mm:ss`, in the server's time (its zone is not stated). */
  time: string;
  user: string;
  action: string;
  changes: AuditChange[];
}

export type DefectHistory = { available: true; entries: AuditEntry[]; total: number } | { available: false; reason: string };

/** A defect's links both ways as read: `total` counts what the server holds (more when the read was bounded). */
export interface DefectLinks {
  links: DefectLink[];
  total: number;
}

export interface DefectLink {
  id: number;
  /** `from`: this defect made the link (first endpoint); `to`: another defect linked to this one. */
  direction: 'from' | 'to';
  otherId: number;
  /** Entity type of the other end: defect, requirement, test, … */
  otherType: string;
  otherName: string;
  otherStatus: string;
  /** Duplicate, Related, … (empty when the server left it unset). */
  linkType: string;
  comment: string;
  owner: string;
  created: string;
}

export interface NewLink {
  to: number;
  linkType?: string;
  comment?: string;
}

export interface Release {
  id: number;
  name: string;
  /** `YYYY-MM-DD`, when set. */
  start?: string;
  end?: string;
}

export interface ReleaseCycle extends Release {
  releaseId: number;
}

export interface ReleaseCatalog {
  releases: readonly Release[];
  cycles: readonly ReleaseCycle[];
  /** Why the catalog is empty although the project may have releases (not offered, refused). */
  unavailable?: string;
}

/** One group of a collection grouped by a field: its value (null: no value) and how many items hold it. */
export interface GroupCount {
  value: string | null;
  count: number;
  /** A reference's display name beside its id (Core's `ReferenceValue`), where the server gives one. */
  name?: string;
}

/**
 * Display names of the items other reference fields (environment…) point to: field → id → name,
 * as far as the server says them (Core groups' `ReferenceValue`, reference §16.2, §16.11).
 */
export interface ReferenceNames {
  byField: ReadonlyMap<string, ReadonlyMap<number, string>>;
  /** Why no names could be read (the server refused, or it has no groups); the values show as ids then. */
  unavailable?: string;
}

/** ALM favorites of the defects module (reference §17; api/favorites.ts reads them). */
export interface FavoriteFolder {
  id: number;
  name: string;
  parentId: number;
  /** Undefined where the server did not say; the root it lies under decides. */
  public?: boolean;
  owner: string;
}

export interface Favorite extends FavoriteFolder {
  /** The favorite's filter XML (empty when the server sent none). */
  filterXml: string;
}

export interface FolderContent {
  folders: FavoriteFolder[];
  favorites: Favorite[];
  /** The server holds more than was read. */
  truncated: boolean;
}

export interface NewFavorite {
  name: string;
  parentId: number;
  filterXml: string;
}

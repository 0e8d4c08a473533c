// Row and input shapes of a project database, used by routes and by the demo seeder.

/** A value as stored in a column. */
export type StoredValue = string | number | null;

/** A defect row: columns keyed by field name, multi-valued fields as JSON array text. */
export type DefectRow = Record<string, StoredValue>;

/**
 * A defect to insert, keyed by field name. Resource references (`detected-in-rel`, ...) are
 * integer ids; a multi-valued field may be given as an array. Missing fields are null, except
 * the server defaults: ver-stamp 1, last-modified now, creation-time today, has-linkage N.
 */
export type DefectInput = Record<string, StoredValue | readonly string[] | undefined>;

export interface ListItemInput {
  id: number;
  name: string;
  /** 0 (default) for a top-level list. */
  parentId?: number;
  /** Defaults to the parent's identifier plus `.` and the item's position. */
  logicalIdentifier?: string;
  /** Order among siblings; defaults to insertion order. */
  position?: number;
}

export interface ListItemRow {
  id: number;
  'logical-identifier': string;
  name: string;
  'parent-id': number;
  position: number;
}

export interface ProjectUserInput {
  name: string;
  fullName?: string;
  email?: string;
}

export interface ReleaseInput {
  id?: number;
  name: string;
  startDate?: string;
  endDate?: string;
  description?: string;
}

export interface CycleInput {
  id?: number;
  name: string;
  releaseId: number;
  startDate?: string;
  endDate?: string;
}

export interface EnvironmentInput {
  id?: number;
  name: string;
}

export interface LockRow {
  id: number;
  'parent-type': string;
  'parent-id': number;
  user: string;
  session: string;
  'lock-time': string;
  'session-last-touch': string;
}

/** Resource collections a Reference field may point to, by their table. */
export type ResourceTable = 'releases' | 'release_cycles' | 'environments';

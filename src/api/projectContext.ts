// What every resource of one project shares: the transport, the project's scope, the session and
// the wire dialect — the last decided on first need (detection happens once, after sign-in).
import type { ProjectScope, WireDialect } from './dialect/dialect';
import type { BulkForms } from './bulkForms';
import type { Transport } from './http/transport';
import type { AlmLogger } from './options';
import type { Session } from './session';
import type { FieldCatalog } from './types';

export interface ProjectContext {
  transport: Transport;
  scope: ProjectScope;
  session: Session;
  logger: AlmLogger;
  /** The bulk-write form this server took (shared by its projects). */
  bulkForms: BulkForms;
  /** The dialect of this server; signs in and detects the tree first when that is still open. */
  dialect(signal?: AbortSignal): Promise<WireDialect>;
  /** The dialect when already decided: lets the hot path skip an await. */
  knownDialect(): WireDialect | undefined;
  /** The collection's field metadata (cached by the project); types Core's string values. */
  fields(collection: string, signal?: AbortSignal): Promise<FieldCatalog>;
  /** The collection's field metadata when already loaded (no await on the hot path). */
  loadedFields(collection: string): FieldCatalog | undefined;
}

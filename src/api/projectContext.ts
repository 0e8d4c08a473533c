// What every resource of one project shares: the transport, the wire dialect, the project's
// scope and the session.
import type { ProjectScope, WireDialect } from './dialect/dialect';
import type { Transport } from './http/transport';
import type { AlmLogger } from './options';
import type { Session } from './session';

export interface ProjectContext {
  transport: Transport;
  dialect: WireDialect;
  scope: ProjectScope;
  session: Session;
  logger: AlmLogger;
}

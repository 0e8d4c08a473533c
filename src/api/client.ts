// AlmClient: one per server and user. Owns the connection (undici Agent or ProxyAgent), the
// session (cookies, sign-in, re-sign-in, keep-alive while locks are held) and hands out ProjectApi
// objects. Skeleton: signatures are final, bodies land in the following commits.
import type { AlmClientOptions, CallOptions } from './options';
import type { Disposable, ProjectApi, SessionEvent, SessionInfo } from './surface';
import type { DomainRef, ProjectRef } from './types';

export class AlmClient {
  constructor(readonly options: AlmClientOptions) {}

  /** Signs in now (otherwise the first request does). Throws AuthError for bad credentials. */
  signIn(options?: CallOptions): Promise<SessionInfo> {
    void options;
    throw new Error('AlmClient.signIn: not implemented yet');
  }

  /** Ends the server session (which releases its locks). Safe to call when signed out. */
  signOut(): Promise<void> {
    throw new Error('AlmClient.signOut: not implemented yet');
  }

  /** Releases held locks, signs out and closes the connection pool. Idempotent. */
  dispose(): Promise<void> {
    throw new Error('AlmClient.dispose: not implemented yet');
  }

  get session(): SessionInfo | undefined {
    return undefined;
  }

  onDidChangeSession(listener: (event: SessionEvent) => void): Disposable {
    void listener;
    return { dispose: () => undefined };
  }

  domains(options?: CallOptions): Promise<DomainRef[]> {
    void options;
    throw new Error('AlmClient.domains: not implemented yet');
  }

  projects(domain: string, options?: CallOptions): Promise<ProjectRef[]> {
    void domain;
    void options;
    throw new Error('AlmClient.projects: not implemented yet');
  }

  /** The project's resources; cheap, cached per (domain, project). */
  project(domain: string, project: string): ProjectApi {
    void domain;
    void project;
    throw new Error('AlmClient.project: not implemented yet');
  }
}

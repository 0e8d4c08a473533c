// What the extension hands the client: settings, a credentials callback and a logger. The client
// never reads VS Code settings, secrets or environment beyond what is passed (or, for proxies,
// `env` when the caller asks for it).
import type { Dispatcher } from 'undici';
import type { RestTree, WireDialect } from './dialect/dialect';
import type { AlmLogger, ProxyOptions, TlsOptions } from './transportOptions';

export type { AlmLogger, ProxyOptions, TlsOptions } from './transportOptions';

/** A user name and password (Basic on the sign-in endpoints). */
export interface PasswordCredentials {
  username: string;
  password: string;
}

/** An ALM API key (12.60+/15.5+): signed in through `rest/oauth2/login`. */
export interface ApiKeyCredentials {
  clientId: string;
  secret: string;
}

export type Credentials = PasswordCredentials | ApiKeyCredentials;

export interface TimeoutOptions {
  /** TCP + TLS connect. Default 15 s. */
  connectMs?: number;
  /** Inactivity: waiting for headers, or between body chunks. Default 60 s. */
  idleMs?: number;
  /** Whole JSON request, retries included. Default 120 s. Transfers of attachments are not capped by it. */
  overallMs?: number;
}

export type SignInFlow = 'auto' | 'api' | 'authentication-point';

export interface AlmClientOptions {
  /** Base URL including the root path, e.g. `https://alm.example.com/qcbin`. */
  baseUrl: string;
  /** Asked whenever the client must sign in (first request, expired session). */
  credentials: (signal?: AbortSignal) => Promise<Credentials>;
  logger?: AlmLogger;
  tls?: TlsOptions;
  proxy?: ProxyOptions;
  timeouts?: TimeoutOptions;
  /** Requests in flight at once; more wait in a queue. Default 6. */
  maxConcurrent?: number;
  /** Sockets kept to the server. Default maxConcurrent. */
  maxConnections?: number;
  /**
   * For passwords: `auto` (default) tries `/api/authentication/sign-in` then falls back to
   * `/authentication-point/authenticate` + `/rest/site-session`. API keys always use `rest/oauth2/login`.
   */
  signInFlow?: SignInFlow;
  /** How often the session is touched while a lock is held. Default 5 minutes. */
  keepAliveMs?: number;
  /** Sent as `ALM-CLIENT-TYPE` on sign-in when set (12.60+ whitelists). */
  clientType?: string;
  /**
   * Which REST tree to speak: `api` (12.5x `/api`), `rest` (Core `/rest`), `auto` (default: probe
   * once per sign-in, preferring `/api` where both answer), or a dialect object (tests).
   */
  dialect?: 'auto' | RestTree | WireDialect;
  /**
   * The largest answer the client reads into memory (JSON, XML, error pages), in bytes, before or
   * after decompression; a larger one fails with a ServerError and its connection is closed.
   * Downloads of attachments stream to disk and are not limited. Default 64 MB.
   */
  maxAnswerBytes?: number;
  /** Replaces the client's own undici Agent/ProxyAgent (tests, benchmarks). The client does not close it. */
  dispatcher?: Dispatcher;
}

/** Per-call options shared by every operation. */
export interface CallOptions {
  signal?: AbortSignal;
}

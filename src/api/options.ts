// What the extension hands the client: settings, a credentials callback and a logger. The client
// never reads VS Code settings, secrets or environment beyond what is passed (or, for proxies,
// `env` when the caller asks for it).
import type { Dispatcher } from 'undici';
import type { RestTree, WireDialect } from './dialect/dialect';

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

/**
 * Log sink; a VS Code LogOutputChannel fits as is. The client logs method, path, status and
 * timing — never passwords, Authorization headers or cookie values.
 */
export interface AlmLogger {
  trace?(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface TlsOptions {
  /** Extra certificate authorities (PEM), added to Node's built-in roots — never replacing them. */
  ca?: string | Buffer | (string | Buffer)[];
  /** false turns certificate verification off for this server. Default true. */
  rejectUnauthorized?: boolean;
}

/**
 * Proxy settings. The extension maps VS Code's `http.proxy` → `url`, `http.proxyStrictSSL` →
 * `strictSSL`, `http.noProxy` → `noProxy`, and passes `process.env` as `env`.
 */
export interface ProxyOptions {
  /** `http://[user:pass@]host:port`. When absent, HTTPS_PROXY / HTTP_PROXY from `env` are used. */
  url?: string;
  /** VS Code's `http.proxyStrictSSL`: false stops verifying certificates of proxied connections. */
  strictSSL?: boolean;
  /** Hosts that bypass the proxy (`example.com`, `.example.com`, `host:port`, `10.0.0.0/8`, `*`). Adds to NO_PROXY. */
  noProxy?: string[];
  /** Environment to read HTTPS_PROXY / HTTP_PROXY / NO_PROXY from; pass `process.env` to honour it. */
  env?: Record<string, string | undefined>;
}

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
  /** Replaces the client's own undici Agent/ProxyAgent (tests, benchmarks). The client does not close it. */
  dispatcher?: Dispatcher;
}

/** Per-call options shared by every operation. */
export interface CallOptions {
  signal?: AbortSignal;
}

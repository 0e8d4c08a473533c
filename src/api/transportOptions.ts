// The options the HTTP layer itself reads (logger, TLS, proxy), apart from the client's other
// options: src/api/http imports these without importing the dialects that options.ts names.

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
  /** Extra certificate authorities (PEM), added to the OS store and Node's bundled roots — never replacing them. */
  ca?: string | Buffer | (string | Buffer)[];
  /** Trust the operating system's certificate store (VS Code's `http.systemCertificates`). Default true. */
  systemCertificates?: boolean;
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
  /**
   * The Proxy-Authorization header value for the proxy in use (VS Code's `http.proxyAuthorization`,
   * or stored credentials). Credentials in the proxy URL win over it. Never logged.
   */
  authorization?: string;
  /** Where `url` came from when not from settings (e.g. VS Code's system/PAC resolution), for reports. */
  source?: string;
}

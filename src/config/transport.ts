// Turns VS Code's proxy settings and a server entry's TLS options into the client's `proxy` and
// `tls` options, plus a fingerprint: when it changes, the connection manager rebuilds the client.
import type { ProxyOptions, TlsOptions } from '../api';
import type { ServerEntry } from './servers';

/** VS Code's `http.proxy`, `http.proxyStrictSSL` and `http.noProxy`, and `almDefects.maxAnswerMB`. */
export interface HttpSettings {
  proxy?: string;
  proxyStrictSSL: boolean;
  noProxy: string[];
  /** The largest answer read into memory, in MB; the client's default when absent. */
  maxAnswerMB?: number;
  /** VS Code's `http.systemCertificates`: trust the OS store (default true). */
  systemCertificates?: boolean;
  /** VS Code's `http.proxyAuthorization`: the Proxy-Authorization value to send (a secret: never logged). */
  proxyAuthorization?: string;
  /** VS Code's `http.proxySupport` (`off`, `on`, `fallback`, `override`). */
  proxySupport?: string;
}

export interface TransportOptions {
  tls: TlsOptions;
  proxy: ProxyOptions;
  /** The client's `maxAnswerBytes`; undefined for its default. */
  maxAnswerBytes?: number;
  /** Equal fingerprints mean the same connection settings (CA content included). */
  fingerprint: string;
}

/**
 * @param caText the content of `entry.caFile`, read by the caller (so this stays synchronous and pure).
 * @param env the environment whose HTTPS_PROXY / NO_PROXY apply when `http.proxy` is empty, like VS Code itself.
 * @param storedProxyAuth the Proxy-Authorization kept in SecretStorage for the proxy this entry uses
 *   (see proxyAuth/); `http.proxyAuthorization` wins over it, credentials in the proxy URL over both.
 */
export function transportOptions(
  entry: Pick<ServerEntry, 'caFile' | 'rejectUnauthorized'>,
  http: HttpSettings,
  caText: string | undefined,
  env: Record<string, string | undefined> = {},
  storedProxyAuth?: string,
): TransportOptions {
  const tls: TlsOptions = {};
  if (caText) tls.ca = caText;
  if (entry.rejectUnauthorized === false) tls.rejectUnauthorized = false;
  if (http.systemCertificates === false) tls.systemCertificates = false;
  const proxy: ProxyOptions = { strictSSL: http.proxyStrictSSL, noProxy: [...http.noProxy], env };
  const url = http.proxy?.trim();
  if (url) proxy.url = url;
  const authorization = http.proxyAuthorization?.trim() || storedProxyAuth;
  if (authorization) proxy.authorization = authorization;
  const maxAnswerBytes = http.maxAnswerMB === undefined ? undefined : http.maxAnswerMB * (1 << 20);
  const fingerprint = JSON.stringify({
    ca: caText ? hash(caText) : undefined,
    reject: tls.rejectUnauthorized ?? true,
    system: tls.systemCertificates ?? true,
    proxyAuth: authorization ? hash(authorization) : undefined,
    proxy: proxy.url,
    strict: proxy.strictSSL,
    noProxy: proxy.noProxy,
    envProxy: [env.HTTPS_PROXY ?? env.https_proxy, env.HTTP_PROXY ?? env.http_proxy, env.NO_PROXY ?? env.no_proxy],
    maxAnswerBytes,
  });
  return { tls, proxy, maxAnswerBytes, fingerprint };
}

/** Proxy URLs may carry credentials: the log shows only scheme, host and port. */
export function describeProxy(proxyUrl: string | undefined): string {
  if (!proxyUrl) return 'no proxy';
  try {
    const u = new URL(proxyUrl);
    return `proxy ${u.protocol}//${u.host}`;
  } catch {
    return 'proxy (unparsable URL)';
  }
}

/** A short, stable digest of a string (FNV-1a); only used to notice changes. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16);
}

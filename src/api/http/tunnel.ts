// A CONNECT tunnel through a forward proxy, opened with Node's http so the proxy's answer can be
// read whole: undici's ProxyAgent reports a refusal only as "Proxy response (407)", without the
// Proxy-Authenticate header that says which schemes the proxy accepts. Used for diagnosis (the
// certificate of a refused server, the connection test, a 407's schemes), never for requests.
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';

export type TunnelResult = { ok: true; socket: Socket } | { ok: false; status: number; authenticate: string[] };

export interface TunnelOptions {
  proxyUrl: string;
  /** `host:port` of the server behind the proxy. */
  target: string;
  /** The Proxy-Authorization value, when there is one. */
  authorization?: string;
  timeoutMs: number;
  signal?: AbortSignal;
  /** For an https:// proxy: verify its certificate. */
  rejectUnauthorized?: boolean;
}

/** The Proxy-Authorization a proxy URL's own user info stands for (`http://user:pass@host`). */
export function urlAuthorization(proxyUrl: string): string | undefined {
  try {
    const u = new URL(proxyUrl);
    if (!u.username) return undefined;
    return basicAuthorization(decodeURIComponent(u.username), decodeURIComponent(u.password));
  } catch {
    return undefined;
  }
}

export function basicAuthorization(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/** The schemes a Proxy-Authenticate header offers (`Basic`, `Negotiate`, `NTLM`), in its order. */
export function authSchemes(authenticate: readonly string[]): string[] {
  return authenticate.map((h) => /^\s*([A-Za-z0-9_-]+)/.exec(h)?.[1] ?? '').filter(Boolean);
}

/** Every Proxy-Authenticate line (a proxy sends one per scheme; `headers` would keep only the first). */
function challenges(res: IncomingMessage): string[] {
  return res.headersDistinct['proxy-authenticate'] ?? [];
}

export function openTunnel(o: TunnelOptions): Promise<TunnelResult> {
  const proxy = new URL(o.proxyUrl);
  const headers: Record<string, string> = { host: o.target };
  const authorization = o.authorization ?? urlAuthorization(o.proxyUrl);
  if (authorization) headers['proxy-authorization'] = authorization;
  const send = proxy.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<TunnelResult>((resolve, reject) => {
    const req = send({
      host: proxy.hostname.replace(/^\[|\]$/g, ''),
      port: proxy.port || (proxy.protocol === 'https:' ? 443 : 80),
      method: 'CONNECT',
      path: o.target,
      headers,
      timeout: o.timeoutMs,
      signal: o.signal,
      ...(proxy.protocol === 'https:' ? { rejectUnauthorized: o.rejectUnauthorized !== false } : {}),
    });
    req.once('connect', (res, socket) => {
      if (res.statusCode === 200) {
        resolve({ ok: true, socket });
        return;
      }
      socket.destroy();
      resolve({ ok: false, status: res.statusCode ?? 0, authenticate: challenges(res) });
    });
    // A proxy that answers CONNECT with a plain response (no tunnel): its status is the refusal.
    req.once('response', (res) => {
      res.resume();
      resolve({ ok: false, status: res.statusCode ?? 0, authenticate: challenges(res) });
    });
    req.once('timeout', () => req.destroy(Object.assign(new Error('the proxy did not answer in time'), { code: 'UND_ERR_CONNECT_TIMEOUT' })));
    req.once('error', reject);
    req.end();
  });
}

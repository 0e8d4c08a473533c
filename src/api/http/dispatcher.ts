// Builds the one undici dispatcher of a client: an Agent (keep-alive, bounded connections) or a
// ProxyAgent when a proxy applies. TLS: a per-server CA bundle is added to Node's built-in roots
// (tls.rootCertificates), never replacing them; verification is off only on explicit opt-out.
import { rootCertificates } from 'node:tls';
import { Agent, Client, ProxyAgent } from './undici';
import type { Dispatcher } from 'undici';
import type { ProxyOptions, TlsOptions } from '../transportOptions';
import { redactProxyUrl, resolveProxy } from './proxyRules';
import { ReceiveControl, receiveConnector } from './receiveSocket';

export interface ConnectionSettings {
  target: URL;
  tls?: TlsOptions;
  proxy?: ProxyOptions;
  connectMs: number;
  idleMs: number;
  connections: number;
}

/** Where one download into a file is sent, and how it is let go of afterwards. */
export interface Receiver {
  dispatcher: Dispatcher;
  /** Present when the connection is the download's own (see receiveSocket.ts). */
  control?: ReceiveControl;
  close(): Promise<void>;
}

export interface BuiltDispatcher {
  dispatcher: Dispatcher;
  /** A connection of its own per download into a file; the shared dispatcher through a proxy. */
  receiver: () => Receiver;
  /** Redacted proxy URL when requests go through a proxy. */
  proxy?: string;
  rejectUnauthorized: boolean;
}

export function trustedCas(tls: TlsOptions | undefined): string[] | undefined {
  const extra = tls?.ca === undefined ? [] : Array.isArray(tls.ca) ? tls.ca : [tls.ca];
  if (extra.length === 0) return undefined; // Node's defaults already are the system roots
  return [...rootCertificates, ...extra.map((c) => (typeof c === 'string' ? c : c.toString('utf8')))];
}

export function buildDispatcher(s: ConnectionSettings): BuiltDispatcher {
  const proxyUrl = resolveProxy(s.target, s.proxy);
  // http.proxyStrictSSL=false means "do not verify through the proxy"; the server opt-out always applies.
  const rejectUnauthorized = s.tls?.rejectUnauthorized !== false && !(proxyUrl && s.proxy?.strictSSL === false);
  const tlsOptions = { ca: trustedCas(s.tls), rejectUnauthorized, timeout: s.connectMs };
  const timeouts = { headersTimeout: s.idleMs, bodyTimeout: s.idleMs };
  const common = { ...timeouts, connections: s.connections, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000 };
  if (!proxyUrl) {
    const receiver = (): Receiver => {
      const control = new ReceiveControl();
      const client = new Client(s.target.origin, { ...timeouts, pipelining: 1, connect: receiveConnector(tlsOptions, control) });
      return { dispatcher: client, control, close: () => client.destroy() };
    };
    return { dispatcher: new Agent({ ...common, connect: tlsOptions }), receiver, rejectUnauthorized };
  }
  const dispatcher = new ProxyAgent({
    ...common,
    uri: proxyUrl,
    requestTls: tlsOptions,
    proxyTls: { ...tlsOptions, rejectUnauthorized: s.proxy?.strictSSL !== false },
  });
  // Through a proxy, downloads share its tunnels: the sink still writes without a stream hop.
  return { dispatcher, receiver: () => sharedReceiver(dispatcher), proxy: redactProxyUrl(proxyUrl), rejectUnauthorized };
}

export function sharedReceiver(dispatcher: Dispatcher): Receiver {
  return { dispatcher, close: () => Promise.resolve() };
}

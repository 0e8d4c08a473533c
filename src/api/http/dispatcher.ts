// Builds the one undici dispatcher of a client: an Agent (keep-alive, bounded connections) or a
// ProxyAgent when a proxy applies. TLS: the OS store, Node's bundled roots and the server's CA
// bundle, each adding to the others (trustStore.ts); verification is off only on explicit opt-out.
import { X509Certificate, createHash } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import type { SecureContext } from 'node:tls';
import { Agent, Client, ProxyAgent } from './undici';
import type { Dispatcher } from 'undici';
import type { ProxyOptions, TlsOptions } from '../transportOptions';
import { redactProxyUrl, resolveProxy } from './proxyRules';
import { ReceiveControl, receiveConnector } from './receiveSocket';
import { caList, trustStores } from './trustStore';
import type { TrustStore } from './trustStore';
import type { ProbeRoute } from './tlsDiagnosis';
import { urlAuthorization } from './tunnel';

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
  /** The stores trusted, for error messages and the connection test. */
  stores: TrustStore[];
  /** caFile entries that are not certificates (left out, so the rest still works). */
  unreadableCas: number;
  /** How to reach the server for a diagnostic handshake (holds proxy credentials: never log it). */
  route: ProbeRoute;
  /** Whether requests carry proxy credentials (a 407 then means they were refused). */
  proxyAuthSent: boolean;
}

export interface TrustedContext {
  stores: TrustStore[];
  /** `ca` and one secure context built from it, shared by every connection of the dispatcher. */
  ca: string[];
  secureContext: SecureContext;
  unreadableCas: number;
}

/** Secure contexts by trust settings: building one from ~300 roots took 250 ms here, so clients share it. */
const contexts = new Map<string, TrustedContext>();

/** The CA list of every store in force, and one secure context for it (parsing ~500 roots per connection would cost). */
export function trustedContext(tls: TlsOptions | undefined, env?: Record<string, string | undefined>): TrustedContext {
  const stores = trustStores({ ca: tls?.ca, system: tls?.systemCertificates, env });
  const key = createHash('sha256')
    .update(stores.map((s) => `${s.name}|${s.source}|${s.certs.length}|${s.name === 'caFile' ? s.certs.join('') : ''}`).join('\n'))
    .digest('hex');
  let found = contexts.get(key);
  if (!found) {
    found = buildContext(stores);
    if (contexts.size >= 8) contexts.delete(contexts.keys().next().value as string);
    contexts.set(key, found);
  }
  return found;
}

function buildContext(stores: TrustStore[]): TrustedContext {
  let unreadableCas = 0;
  const caFile = stores.find((s) => s.name === 'caFile');
  if (caFile) {
    // A broken caFile must not take the other stores down with it.
    const good = caFile.certs.filter((pem) => {
      try {
        return Boolean(new X509Certificate(pem));
      } catch {
        unreadableCas++;
        return false;
      }
    });
    stores.splice(stores.indexOf(caFile), 1, ...(good.length ? [{ ...caFile, certs: good }] : []));
  }
  const ca = caList(stores);
  return { stores, ca, secureContext: createSecureContext({ ca }), unreadableCas };
}

export function buildDispatcher(s: ConnectionSettings): BuiltDispatcher {
  const proxyUrl = resolveProxy(s.target, s.proxy);
  // http.proxyStrictSSL=false means "do not verify through the proxy"; the server opt-out always applies.
  const rejectUnauthorized = s.tls?.rejectUnauthorized !== false && !(proxyUrl && s.proxy?.strictSSL === false);
  const trusted = trustedContext(s.tls, s.proxy?.env);
  // `ca` too, though the secure context already holds it: VS Code's patched tls.connect adds its own
  // certificates to any connection that names no `ca`.
  const tlsOptions = { ca: trusted.ca, secureContext: trusted.secureContext, rejectUnauthorized, timeout: s.connectMs };
  // Credentials in the proxy URL win over a Proxy-Authorization from settings or storage.
  const token = proxyUrl && !urlAuthorization(proxyUrl) ? s.proxy?.authorization : undefined;
  const route: ProbeRoute = { target: s.target, proxyUrl, proxyAuthorization: token, stores: trusted.stores, secureContext: trusted.secureContext, timeoutMs: s.connectMs };
  const proxyAuthSent = Boolean(proxyUrl && (token || urlAuthorization(proxyUrl)));
  const about = { rejectUnauthorized, stores: trusted.stores, unreadableCas: trusted.unreadableCas, route, proxyAuthSent };
  const timeouts = { headersTimeout: s.idleMs, bodyTimeout: s.idleMs };
  const common = { ...timeouts, connections: s.connections, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 120_000 };
  if (!proxyUrl) {
    const receiver = (): Receiver => {
      const control = new ReceiveControl();
      const client = new Client(s.target.origin, { ...timeouts, pipelining: 1, connect: receiveConnector(tlsOptions, control) });
      return { dispatcher: client, control, close: () => client.destroy() };
    };
    return { dispatcher: new Agent({ ...common, connect: tlsOptions }), receiver, ...about };
  }
  const dispatcher = new ProxyAgent({
    ...common,
    uri: proxyUrl,
    ...(token ? { token } : {}),
    requestTls: tlsOptions,
    proxyTls: { ...tlsOptions, rejectUnauthorized: s.proxy?.strictSSL !== false },
  });
  // Through a proxy, downloads share its tunnels: the sink still writes without a stream hop.
  return { dispatcher, receiver: () => sharedReceiver(dispatcher), proxy: redactProxyUrl(proxyUrl), ...about };
}

export function sharedReceiver(dispatcher: Dispatcher): Receiver {
  return { dispatcher, close: () => Promise.resolve() };
}

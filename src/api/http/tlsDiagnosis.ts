// Turns "certificate not trusted" into what a person can act on: the certificate the server
// presented (subject, issuer), the stores it was checked against, and the CA to add. The chain is
// read by a separate handshake (tlsProbe.ts) on the route the client uses: direct or tunnelled.
import { TlsError } from '../errors';
import { probeTls } from './tlsProbe';
import type { TlsProbeResult } from './tlsProbe';
import type { TrustStore } from './trustStore';
import { openTunnel } from './tunnel';
import type { SecureContext } from 'node:tls';

export interface ProbeRoute {
  target: URL;
  /** The proxy URL (credentials included), when requests go through one. */
  proxyUrl?: string;
  proxyAuthorization?: string;
  stores: readonly TrustStore[];
  secureContext: SecureContext;
  timeoutMs: number;
}

function targetPort(target: URL): number {
  return Number(target.port || (target.protocol === 'https:' ? 443 : 80));
}

/** The server's chain as seen on `route`; rejects when no handshake could be made. */
async function probeRoute(route: ProbeRoute, signal?: AbortSignal): Promise<TlsProbeResult> {
  const host = route.target.hostname.replace(/^\[|\]$/g, '');
  const port = targetPort(route.target);
  let socket;
  if (route.proxyUrl) {
    const tunnel = await openTunnel({ proxyUrl: route.proxyUrl, target: `${route.target.hostname}:${port}`, authorization: route.proxyAuthorization, timeoutMs: route.timeoutMs, signal });
    if (!tunnel.ok) throw new Error(`the proxy answered ${tunnel.status}`);
    socket = tunnel.socket;
  }
  return probeTls({ host, port, socket, stores: route.stores, secureContext: route.secureContext, timeoutMs: route.timeoutMs });
}

/** The stores in words, for messages and reports. */
export function describeStores(stores: readonly Pick<TrustStore, 'name' | 'source' | 'certs'>[]): string[] {
  return stores.map((s) => {
    if (s.name === 'system') return `the operating system's store (${s.source}, ${s.certs.length} certificates)`;
    if (s.name === 'bundled') return `Node's bundled roots (${s.certs.length})`;
    if (s.name === 'extra') return `${s.source} (${s.certs.length})`;
    return `the server entry's caFile (${s.certs.length})`;
  });
}

/** `e` again, with the certificate named and the stores listed; `e` unchanged when the chain cannot be read. */
export async function explainTlsError(e: TlsError, route: ProbeRoute, signal?: AbortSignal): Promise<TlsError> {
  let probe: TlsProbeResult;
  try {
    probe = await probeRoute(route, signal);
  } catch {
    return e;
  }
  const leaf = probe.chain[0];
  const top = probe.chain.at(-1);
  if (!leaf || !top) return e;
  const storesTried = describeStores(route.stores);
  const host = route.target.host;
  const why = e.code ?? probe.error ?? 'not trusted';
  let message: string;
  if (e.code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    message = `The certificate of ${host} is for "${leaf.subject}", not for ${route.target.hostname} (${why}). Use the host name the certificate names in the server URL.`;
  } else if (e.code === 'CERT_HAS_EXPIRED' || e.code === 'CERT_NOT_YET_VALID') {
    message = `The certificate of ${host} ("${leaf.subject}") is not valid now (${why}; valid until ${leaf.validTo}). Ask the server's administrators to renew it.`;
  } else {
    message =
      `The certificate of ${host} is not trusted (${why}): "${leaf.subject}", issued by "${top.issuer}". ` +
      `None of the stores tried holds that CA: ${storesTried.join('; ')}. ` +
      `Add that CA's certificate (ask your IT department for it) as the server's caFile.`;
  }
  const out = new TlsError(message, e.code, { cause: e.cause ?? e });
  out.certificate = { subject: leaf.subject, issuer: top.issuer, fingerprint: leaf.fingerprint, topPem: top.pem, topIsCa: top.selfSigned, storesTried };
  return out;
}

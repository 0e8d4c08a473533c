// Reads a server's certificate chain to describe it: who it names, who issued it, whether it
// verifies against the stores in force and which store holds the CA that vouched for it. The
// handshake does not reject (so an untrusted chain can be named); the socket is closed right after
// it and nothing is ever sent over it — requests only go over verified connections.
import { X509Certificate } from 'node:crypto';
import { isIP } from 'node:net';
import type { Socket } from 'node:net';
import { connect } from 'node:tls';
import type { DetailedPeerCertificate, SecureContext } from 'node:tls';
import type { TrustStore } from './trustStore';

interface CertificateSummary {
  /** `CN=alm.example.com, O=Example` */
  subject: string;
  issuer: string;
  validTo: string;
  /** SHA-256, colon-separated hex. */
  fingerprint: string;
  pem: string;
  selfSigned: boolean;
}

export interface TlsProbeResult {
  /** Leaf first; ends with the trust anchor when the chain verified. */
  chain: CertificateSummary[];
  authorized: boolean;
  /** OpenSSL's reason (e.g. `UNABLE_TO_GET_ISSUER_CERT_LOCALLY`) or the host-name mismatch. */
  error?: string;
  /** The store holding the CA the chain ends in, when one does. */
  trustedBy?: Pick<TrustStore, 'name' | 'source'>;
  protocol?: string;
}

export interface ProbeTarget {
  host: string;
  port: number;
  /** An open tunnel to the server (through a proxy); a direct TCP connection otherwise. */
  socket?: Socket;
  stores: readonly TrustStore[];
  secureContext: SecureContext;
  timeoutMs: number;
}

function names(text: string): string {
  return text.split('\n').filter(Boolean).join(', ');
}

function summarize(cert: X509Certificate): CertificateSummary {
  return { subject: names(cert.subject), issuer: names(cert.issuer), validTo: cert.validTo, fingerprint: cert.fingerprint256, pem: cert.toString(), selfSigned: cert.subject === cert.issuer };
}

/** The chain as the handshake built it, leaf first (Node links each certificate to its issuer). */
function chainOf(peer: DetailedPeerCertificate): X509Certificate[] {
  const out: X509Certificate[] = [];
  const seen = new Set<string>();
  for (let c: DetailedPeerCertificate | undefined = peer; c?.raw && !seen.has(c.fingerprint256); c = c.issuerCertificate) {
    seen.add(c.fingerprint256);
    out.push(new X509Certificate(c.raw));
  }
  return out;
}

/** The store holding `anchor` itself, or (a chain that stopped short) a CA that issued it. */
function storeHolding(anchor: X509Certificate, stores: readonly TrustStore[]): TrustStore | undefined {
  for (const store of stores) {
    for (const pem of store.certs) {
      let ca: X509Certificate;
      try {
        ca = new X509Certificate(pem);
      } catch {
        continue;
      }
      if (ca.fingerprint256 === anchor.fingerprint256) return store;
      if (anchor.checkIssued(ca) && anchor.verify(ca.publicKey)) return store;
    }
  }
  return undefined;
}

export function probeTls(t: ProbeTarget): Promise<TlsProbeResult> {
  return new Promise<TlsProbeResult>((resolve, reject) => {
    const socket = connect({
      host: t.host,
      port: t.port,
      socket: t.socket,
      servername: isIP(t.host) ? undefined : t.host,
      secureContext: t.secureContext,
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
    });
    const timer = setTimeout(() => socket.destroy(Object.assign(new Error('the TLS handshake did not finish in time'), { code: 'UND_ERR_CONNECT_TIMEOUT' })), t.timeoutMs);
    socket.once('error', (e: Error) => {
      clearTimeout(timer);
      reject(e);
    });
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      try {
        const chain = chainOf(socket.getPeerCertificate(true));
        const anchor = chain.at(-1);
        const holder = socket.authorized && anchor ? storeHolding(anchor, t.stores) : undefined;
        // Typed as an Error, but Node sets the OpenSSL code (a string) there.
        const error = socket.authorizationError as unknown;
        resolve({
          chain: chain.map(summarize),
          authorized: socket.authorized,
          error: typeof error === 'string' ? error : error instanceof Error ? error.message : undefined,
          trustedBy: holder ? { name: holder.name, source: holder.source } : undefined,
          protocol: socket.getProtocol() ?? undefined,
        });
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      } finally {
        socket.destroy();
      }
    });
  });
}

// The certificate authorities a connection trusts, by store: the operating system's (where this
// Node can read it), Node's bundled roots, NODE_EXTRA_CA_CERTS, and the server entry's caFile.
// Each store adds; none replaces another (a caFile used to replace the OS store: issue 41).
// Passing `ca` to tls.connect replaces Node's defaults, so every store Node would use on its own
// is listed here explicitly, and VS Code's patched tls.connect (which adds the OS store only when
// no `ca` is given) changes nothing.
import { readFileSync } from 'node:fs';
import * as tls from 'node:tls';

type TrustStoreName = 'system' | 'bundled' | 'extra' | 'caFile';

export interface TrustStore {
  name: TrustStoreName;
  /** Where the certificates came from, for reports (`Node's system store`, a file path). */
  source: string;
  certs: readonly string[];
}

/** tls.getCACertificates (Node 22.15+, 23.10+); absent on Node 20. */
type GetCaCertificates = (type: 'system' | 'bundled' | 'extra' | 'default') => string[];

function nodeStore(type: 'system' | 'bundled' | 'extra'): string[] | undefined {
  const get = (tls as unknown as { getCACertificates?: GetCaCertificates }).getCACertificates;
  if (typeof get !== 'function') return undefined;
  try {
    return get(type);
  } catch {
    return undefined;
  }
}

/** Where Linux distributions keep the OS bundle (the paths OpenSSL and VS Code look at). */
const LINUX_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', '/etc/ssl/ca-bundle.pem', '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem'];

const fileCache = new Map<string, string[]>();

/** The PEM certificates of a bundle file; empty when it cannot be read. */
function pemFile(path: string): string[] {
  let certs = fileCache.get(path);
  if (!certs) {
    try {
      certs = splitPem(readFileSync(path, 'utf8'));
    } catch {
      certs = [];
    }
    fileCache.set(path, certs);
  }
  return certs;
}

/** A PEM bundle split into its certificates. */
export function splitPem(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g)?.map((c) => `${c}\n`) ?? [];
}

/**
 * The OS store. Node 22.15+ reads it itself (Windows and macOS stores; on Linux OpenSSL's files,
 * SSL_CERT_FILE and SSL_CERT_DIR as the process started with). Older Node on Linux: the file
 * SSL_CERT_FILE names, else the distribution's bundle. Elsewhere on older Node: none.
 */
export function systemStore(env: Record<string, string | undefined> = process.env): TrustStore {
  const fromNode = nodeStore('system');
  if (fromNode) return { name: 'system', source: "the operating system's store", certs: fromNode };
  if (process.platform === 'linux') {
    for (const path of [env.SSL_CERT_FILE, ...LINUX_BUNDLES]) {
      if (!path) continue;
      const certs = pemFile(path);
      if (certs.length) return { name: 'system', source: path, certs };
    }
  }
  return { name: 'system', source: 'not readable by this version of Node', certs: [] };
}

export function bundledStore(): TrustStore {
  return { name: 'bundled', source: "Node's bundled roots", certs: nodeStore('bundled') ?? tls.rootCertificates };
}

/** NODE_EXTRA_CA_CERTS, which Node adds to its defaults on its own and an explicit `ca` would drop. */
function extraStore(env: Record<string, string | undefined> = process.env): TrustStore | undefined {
  const file = env.NODE_EXTRA_CA_CERTS;
  if (!file) return undefined;
  const certs = nodeStore('extra') ?? pemFile(file);
  return certs.length ? { name: 'extra', source: `NODE_EXTRA_CA_CERTS (${file})`, certs } : undefined;
}

export interface TrustSettings {
  /** The entry's caFile content(s). */
  ca?: string | Buffer | (string | Buffer)[];
  /** VS Code's `http.systemCertificates`; default true. */
  system?: boolean;
  env?: Record<string, string | undefined>;
}

/** Every store in force, in the order a report lists them. */
export function trustStores(s: TrustSettings): TrustStore[] {
  const stores: TrustStore[] = [];
  if (s.system !== false) stores.push(systemStore(s.env));
  stores.push(bundledStore());
  const extra = extraStore(s.env);
  if (extra) stores.push(extra);
  const list = s.ca === undefined ? [] : Array.isArray(s.ca) ? s.ca : [s.ca];
  const caFile = list.flatMap((c) => splitPem(typeof c === 'string' ? c : c.toString('utf8')));
  if (caFile.length) stores.push({ name: 'caFile', source: "the server entry's caFile", certs: caFile });
  return stores;
}

/** The `ca` option for tls.connect: every store's certificates, each once. */
export function caList(stores: readonly TrustStore[]): string[] {
  return [...new Set(stores.flatMap((s) => s.certs))];
}

// Test-time X.509: a fresh CA and a server certificate signed by it, built with node:crypto and
// a few lines of DER, so TLS tests need no files, no openssl and no extra dependency.
// EC P-256 keys, ECDSA-SHA256 signatures; the leaf names 127.0.0.1, ::1 and localhost.
import { X509Certificate, createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

function len(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

const tlv = (tag: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), len(body.length), body]);
};
const seq = (...c: Buffer[]) => tlv(0x30, ...c);
const set = (...c: Buffer[]) => tlv(0x31, ...c);
const octets = (b: Buffer) => tlv(0x04, b);
const bits = (b: Buffer) => tlv(0x03, Buffer.from([0]), b);
const bool = (v: boolean) => tlv(0x01, Buffer.from([v ? 0xff : 0]));
const utf8 = (s: string) => tlv(0x0c, Buffer.from(s, 'utf8'));

function integer(b: Buffer): Buffer {
  let i = 0;
  while (i < b.length - 1 && b[i] === 0) i++;
  const v = b.subarray(i);
  return tlv(0x02, v[0] & 0x80 ? Buffer.concat([Buffer.from([0]), v]) : v);
}

function oid(dotted: string): Buffer {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const out = [40 * a + b];
  for (const arc of rest) {
    const enc = [arc & 0x7f];
    for (let v = arc >> 7; v > 0; v >>= 7) enc.unshift((v & 0x7f) | 0x80);
    out.push(...enc);
  }
  return tlv(0x06, Buffer.from(out));
}

function utcTime(d: Date): Buffer {
  const p = (n: number) => String(n).padStart(2, '0');
  const s = `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
  return tlv(0x17, Buffer.from(s, 'ascii'));
}

const name = (cn: string) => seq(set(seq(oid('2.5.4.3'), utf8(cn))));
const ECDSA_SHA256 = seq(oid('1.2.840.10045.4.3.2'));
const ext = (id: string, critical: boolean, value: Buffer) => seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));

function subjectAltNames(): Buffer {
  const ip4 = tlv(0x87, Buffer.from([127, 0, 0, 1]));
  const ip6 = tlv(0x87, Buffer.from([...new Array<number>(15).fill(0), 1]));
  const dns = tlv(0x82, Buffer.from('localhost', 'ascii'));
  return seq(ip4, ip6, dns);
}

interface CertSpec {
  subject: string;
  issuer: string;
  publicKey: KeyObject;
  signer: KeyObject;
  isCa: boolean;
  days?: number;
}

function certificate(spec: CertSpec): string {
  const now = Date.now();
  const extensions = spec.isCa
    ? [ext('2.5.29.19', true, seq(bool(true))), ext('2.5.29.15', true, bits(Buffer.from([0x06])))]
    : [ext('2.5.29.19', true, seq()), ext('2.5.29.17', false, subjectAltNames()), ext('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1')))];
  const tbs = seq(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(randomBytes(12)),
    ECDSA_SHA256,
    name(spec.issuer),
    seq(utcTime(new Date(now - 60_000)), utcTime(new Date(now + (spec.days ?? 2) * 86_400_000))),
    name(spec.subject),
    spec.publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, seq(...extensions)),
  );
  const signature = sign('sha256', tbs, spec.signer);
  const der = seq(tbs, ECDSA_SHA256, bits(signature));
  return `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
}

export interface TestPki {
  /** PEM of the CA that signed the server certificate: what a user would put in caFile. */
  caPem: string;
  /** Server certificate and key (PEM) for https.createServer. */
  cert: string;
  key: string;
}

/** A new CA and a server certificate for 127.0.0.1/::1/localhost signed by it. */
export function createTestPki(caName = 'ALM Test CA'): TestPki {
  const ca = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const leaf = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const caPem = certificate({ subject: caName, issuer: caName, publicKey: ca.publicKey, signer: ca.privateKey, isCa: true });
  const cert = certificate({ subject: 'localhost', issuer: caName, publicKey: leaf.publicKey, signer: ca.privateKey, isCa: false });
  const key = leaf.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  // Self-check: a malformed certificate would otherwise show up as a confusing TLS failure.
  if (!new X509Certificate(cert).verify(new X509Certificate(caPem).publicKey)) throw new Error('test PKI: leaf does not verify');
  void createPrivateKey(key);
  return { caPem, cert, key };
}

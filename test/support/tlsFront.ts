// An HTTPS front for a plain-HTTP test server: terminates TLS with a test certificate and pipes
// every request to the target, so TLS tests exercise the real ALM server behind it.
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestPki } from './tlsCertificates';

export interface TlsFront {
  /** `https://127.0.0.1:PORT` + the target's path prefix. */
  baseUrl: string;
  port: number;
  /** Requests forwarded so far. */
  forwarded(): number;
  close(): Promise<void>;
}

export async function startTlsFront(targetBaseUrl: string, pki: TestPki): Promise<TlsFront> {
  const target = new URL(targetBaseUrl);
  let count = 0;
  const server = createServer({ cert: pki.cert, key: pki.key }, (req, res) => {
    count++;
    const upstream = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `https://127.0.0.1:${port}${target.pathname.replace(/\/$/, '')}`,
    port,
    forwarded: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

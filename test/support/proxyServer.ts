// A forward proxy on loopback (the `proxy` package: CONNECT tunnels and plain HTTP), counting
// what passes through it and optionally demanding Proxy-Authorization.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxy } from 'proxy';

export interface TestProxy {
  url: string;
  port: number;
  /** CONNECT tunnels and plain requests seen, with their targets. */
  seen: string[];
  /** Request lines sent through plain-HTTP tunnels (`GET /path HTTP/1.1`). */
  tunnelled: string[];
  close(): Promise<void>;
}

export async function startTestProxy(opts: { user?: string; password?: string } = {}): Promise<TestProxy> {
  const seen: string[] = [];
  const tunnelled: string[] = [];
  const server = createProxy(createServer());
  server.on('connect', (req, socket) => {
    seen.push(`CONNECT ${req.url ?? ''}`);
    socket.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('latin1').match(/^(?:GET|POST|PUT|DELETE) \S+ HTTP\/1\.1(?=\r\n)/gm) ?? []) tunnelled.push(line);
    });
  });
  server.on('request', (req) => seen.push(`${req.method ?? ''} ${req.url ?? ''}`));
  if (opts.user) {
    const expected = `Basic ${Buffer.from(`${opts.user}:${opts.password ?? ''}`).toString('base64')}`;
    server.authenticate = (req) => req.headers['proxy-authorization'] === expected;
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    tunnelled,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

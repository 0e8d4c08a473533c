// A loopback TCP forwarder in front of the ALM server that can break a connection on purpose:
// once armed, it destroys the client socket after a given number of response bytes, the way a
// network loss half-way through a download looks to the client.
import { createServer, connect } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';

export interface CuttingProxy {
  /** The ALM base URL through the proxy (same root path as the target). */
  baseUrl: string;
  /** The connection is cut after `afterBytes` more response bytes (counted from now, any connection). */
  cutNextResponseAfter(afterBytes: number): void;
  /** How many connections were cut so far. */
  readonly cuts: number;
  close(): Promise<void>;
}

export async function startCuttingProxy(targetBaseUrl: string): Promise<CuttingProxy> {
  const target = new URL(targetBaseUrl);
  const sockets = new Set<Socket>();
  let armed: number | undefined;
  let cuts = 0;
  const server: Server = createServer((client) => {
    sockets.add(client);
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d: Buffer) => {
      if (armed !== undefined && d.length > armed) {
        // Deliver up to the cut, then drop both sides without a proper end.
        if (armed > 0) client.write(d.subarray(0, armed));
        armed = undefined;
        cuts++;
        setTimeout(() => {
          client.destroy();
          upstream.destroy();
        }, 20);
        return;
      }
      if (armed !== undefined) armed -= d.length;
      client.write(d);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname.replace(/\/$/, '')}`,
    cutNextResponseAfter(afterBytes) {
      armed = afterBytes;
    },
    get cuts() {
      return cuts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// A reverse proxy between the soak's clients and the server that injects faults at random: a
// connection reset before or after the server saw the request, a stalled answer the client must
// give up on, a 502/503 (from a "gateway" that did or did not forward), and a slow body. It also
// watches what the server itself answers (every 5xx is counted) and how long stalled clients take
// to give up (one that waits past its own timeout has hung).
import { Agent, createServer, request } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Rng } from '../support/random';

const FAULT_KINDS = ['reset-before', 'reset-after', 'stall', '502', '503-forwarded', 'slow-body'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultProxyOptions {
  rng: Rng;
  /** Share of requests that get a fault. */
  faultRate: number;
  /** A stalled request whose client is still waiting after this long has hung. */
  hungAfterMs: number;
}

export interface ServerAnswer {
  method: string;
  url: string;
  status: number;
  body: string;
}

export class FaultProxy {
  readonly faults = new Map<FaultKind, number>();
  readonly serverErrors: ServerAnswer[] = [];
  readonly hung: string[] = [];
  requests = 0;
  /** Set while the server is being restarted: requests then fail like a refused connection. */
  upstreamPort = 0;
  private server: Server | undefined;
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private readonly stalled = new Set<Socket>();

  constructor(private readonly options: FaultProxyOptions) {}

  async listen(): Promise<number> {
    const server = createServer((req, res) => this.handle(req, res));
    server.keepAliveTimeout = 30_000;
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  /** Faults off (the final audit reads through the proxy's clients without being disturbed). */
  quiet = false;

  async close(): Promise<void> {
    for (const s of this.stalled) s.destroy();
    this.agent.destroy();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private readonly planned: { kind: FaultKind; matches: (method: string, url: string) => boolean }[] = [];

  /** Gives the next request that `matches` the fault `kind`, whatever the random draw (tests). */
  failNext(kind: FaultKind, matches: (method: string, url: string) => boolean): void {
    this.planned.push({ kind, matches });
  }

  private pickFault(req: IncomingMessage): FaultKind | undefined {
    const plan = this.planned.findIndex((p) => p.matches(req.method ?? '', req.url ?? ''));
    if (plan >= 0) return this.planned.splice(plan, 1)[0]?.kind;
    const { rng, faultRate } = this.options;
    if (this.quiet || !rng.chance(faultRate)) return undefined;
    const kind = rng.pick(FAULT_KINDS);
    this.faults.set(kind, (this.faults.get(kind) ?? 0) + 1);
    return kind;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    this.requests++;
    const fault = this.pickFault(req);
    if (fault === 'reset-before') {
      req.socket.destroy();
      return;
    }
    if (fault === '502') {
      req.resume();
      res.writeHead(502, { 'content-type': 'text/html', connection: 'close' }).end('<html><body>Bad Gateway</body></html>');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => this.forward(req, res, Buffer.concat(chunks), fault));
  }

  private forward(req: IncomingMessage, res: ServerResponse, body: Buffer, fault: FaultKind | undefined): void {
    if (!this.upstreamPort) {
      req.socket.destroy();
      return;
    }
    const headers = { ...req.headers, host: `127.0.0.1:${this.upstreamPort}` };
    const up = request({ host: '127.0.0.1', port: this.upstreamPort, method: req.method, path: req.url, headers, agent: this.agent }, (answer) => {
      const parts: Buffer[] = [];
      answer.on('data', (c: Buffer) => parts.push(c));
      answer.on('error', () => req.socket.destroy());
      answer.on('end', () => this.answer(req, res, answer, Buffer.concat(parts), fault));
    });
    // The server went away (killed) mid-request: the client sees its connection drop.
    up.on('error', () => req.socket.destroy());
    up.end(body);
  }

  private answer(req: IncomingMessage, res: ServerResponse, answer: IncomingMessage, body: Buffer, fault: FaultKind | undefined): void {
    const status = answer.statusCode ?? 0;
    if (status >= 500) this.serverErrors.push({ method: req.method ?? '', url: req.url ?? '', status, body: body.toString('utf8').slice(0, 500) });
    if (fault === 'reset-after') {
      req.socket.destroy();
      return;
    }
    if (fault === '503-forwarded') {
      res.writeHead(503, { 'content-type': 'text/html', connection: 'close' }).end('<html><body>Service Unavailable</body></html>');
      return;
    }
    if (fault === 'stall') {
      this.stall(req);
      return;
    }
    res.writeHead(status, answer.headers);
    if (fault === 'slow-body') this.drip(res, body);
    else res.end(body);
  }

  /** Holds the answer back until the client gives up (closes the connection). */
  private stall(req: IncomingMessage): void {
    const socket = req.socket;
    this.stalled.add(socket);
    const check = setTimeout(() => {
      this.hung.push(`${req.method ?? ''} ${req.url ?? ''}: still waiting after ${this.options.hungAfterMs} ms`);
      socket.destroy();
    }, this.options.hungAfterMs);
    socket.once('close', () => {
      clearTimeout(check);
      this.stalled.delete(socket);
    });
  }

  /** The body in about 30 small pieces over about a second: slow, but never idle long. */
  private drip(res: ServerResponse, body: Buffer): void {
    const size = Math.max(16, Math.ceil(body.length / 30));
    let offset = 0;
    const next = (): void => {
      if (res.destroyed) return;
      if (offset >= body.length) {
        res.end();
        return;
      }
      res.write(body.subarray(offset, offset + size));
      offset += size;
      setTimeout(next, 30);
    };
    next();
  }
}

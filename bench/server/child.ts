// A server CLI in a child process for the benches that measure a hostile request from outside:
// its address, its resident memory, and percentiles of a concurrent client's latencies.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';

export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

export function p99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
}

export async function startChild(cli: string, dir: string, extraArgs: readonly string[] = []): Promise<{ pid: number; baseUrl: string; stop(): void }> {
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', cli, '--port', '0', '--data', dir, '--demo', '--defects', '200', ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening at (http:\/\/\S+)/.exec(output);
      if (m?.[1]) done({ pid: child.pid as number, baseUrl: m[1], stop: () => child.kill('SIGKILL') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => fail(new Error(`server ended (${code ?? signal}): ${output.slice(-500)}`)));
  });
}

/** A signed-in client of the child: the origin, the root path (`/qcbin`) and the session cookie. */
export interface Session {
  origin: string;
  root: string;
  cookie: string;
}

export interface Request {
  method: 'GET' | 'PUT' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Measured {
  statuses: (number | string)[];
  ms: number;
  peakRssMb: number;
  p99BeforeMs: number;
  p99DuringMs: number;
}

/** Sends `requests` at once while another connection reads one small defect in a loop; samples the child's RSS. */
export async function measure(s: Session, pid: number, requests: readonly Request[]): Promise<Measured> {
  const reader = new Pool(s.origin, { connections: 1 });
  const writer = new Pool(s.origin, { connections: requests.length });
  const latencies: { at: number; ms: number }[] = [];
  let reading = true;
  const readLoop = (async () => {
    while (reading) {
      const started = performance.now();
      const res = await reader.request({ method: 'GET', path: `${s.root}/api/domains/DEFAULT/projects/Demo/defects/1?fields=id,name`, headers: { cookie: s.cookie } }).catch(() => undefined);
      await res?.body.dump();
      latencies.push({ at: started, ms: performance.now() - started });
      if (!res) await new Promise((r) => setTimeout(r, 20));
    }
  })();
  await new Promise((r) => setTimeout(r, 1500)); // the reader's own latency, before the requests
  let peak = rssMb(pid);
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // The child died (out of memory): the last sample stands.
    }
  }, 20);
  const started = performance.now();
  const statuses = await Promise.all(
    requests.map(async (r) => {
      try {
        const res = await writer.request({ method: r.method, path: `${s.root}${r.path}`, headers: { cookie: s.cookie, accept: 'application/json', ...r.headers }, body: r.body });
        await res.body.dump();
        return res.statusCode;
      } catch (e) {
        return `failed: ${(e as Error).message}`;
      }
    }),
  );
  const ended = performance.now();
  clearInterval(sampler);
  reading = false;
  await readLoop;
  await reader.close();
  await writer.close();
  const before = latencies.filter((l) => l.at < started).map((l) => l.ms);
  const during = latencies.filter((l) => l.at + l.ms >= started && l.at <= ended).map((l) => l.ms);
  return { statuses, ms: ended - started, peakRssMb: peak, p99BeforeMs: p99(before), p99DuringMs: p99(during) };
}

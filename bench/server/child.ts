// A server CLI in a child process for the benches that measure a hostile request from outside:
// its address, its resident memory, and percentiles of a concurrent client's latencies.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

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

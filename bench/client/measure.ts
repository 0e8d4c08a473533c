// Small measuring helpers: monotonic timing, percentiles, memory sampling and a curl runner.
import { spawn } from 'node:child_process';

export const now = (): number => Number(process.hrtime.bigint()) / 1e6;

export function median(samples: readonly number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

export function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Samples a memory figure every `everyMs` until stopped; returns the peak seen. */
export function sampler(read: () => number, everyMs = 10): { stop(): number; sample(): void } {
  let peak = read();
  const sample = () => {
    peak = Math.max(peak, read());
  };
  const timer = setInterval(sample, everyMs);
  return {
    sample,
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs curl; resolves with its stdout, rejects on a non-zero exit. */
export function curl(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', ['-sS', '--fail-with-body', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`curl exited ${code}: ${err}${out.slice(0, 300)}`))));
  });
}

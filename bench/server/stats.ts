// Percentiles of latency samples, in milliseconds.

export interface Summary {
  n: number;
  p50: number;
  p99: number;
  mean: number;
}

export function summarize(samplesMs: readonly number[]): Summary {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
  const mean = sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1);
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), mean };
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

/** Elapsed milliseconds of `fn`, measured with the monotonic high-resolution clock. */
export async function time(fn: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** The page goals at 100,000 defects (issue 26), for each tree and format. */
export const GOAL_P50_MS = 20;
export const GOAL_P99_MS = 100;

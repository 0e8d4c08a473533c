// Runs the server's real CLI (`server/src/cli.ts` through tsx) in a child process, for tests of
// what it prints and of how it survives restarts and kills.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const REPO = resolve(__dirname, '../..');

/** Runs the real CLI in a child process and resolves with its base URL once it listens. */
export function spawnCli(args: string[]): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', join(REPO, 'server/src/cli.ts'), ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening at (http:\/\/\S+)/.exec(output);
      if (m?.[1]) resolvePromise({ child, baseUrl: m[1], output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`CLI exited with ${code}: ${output}`)));
  });
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
}

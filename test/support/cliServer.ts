// The server's real CLI in a child process, for tests that kill it (`kill -9`, crash points):
// resolves with its base URL once it listens, and tells how it ended.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const REPO = resolve(__dirname, '../..');

export interface CliServer {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Resolves when the process has ended, with its exit code or signal. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function spawnCli(args: string[], env: Record<string, string> = {}): Promise<CliServer> {
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', join(REPO, 'server/src/cli.ts'), ...args], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
  return new Promise((resolvePromise, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening at (http:\/\/\S+)/.exec(output);
      if (m?.[1]) resolvePromise({ child, baseUrl: m[1], output: () => output, exited: () => ended });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void ended.then(({ code, signal }) => reject(new Error(`CLI ended (${code ?? signal}) before listening: ${output}`)));
  });
}

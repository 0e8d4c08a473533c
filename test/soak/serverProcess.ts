// The real server as a child process (the built CLI), so the soak can SIGKILL it and start it
// again on the same data folder. Its peak resident memory is read from /proc while it runs.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServerProcessOptions {
  cli: string;
  dataDir: string;
  defects: number;
  sessionIdleSeconds: number;
}

export interface StartedServer {
  port: number;
  /** Users and passwords the CLI printed on the first start (the demo's generated ones included). */
  users: Map<string, string>;
}

/** Peak RSS (VmHWM) of a process in bytes, or undefined off Linux or once it is gone. */
function peakRss(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export class ServerProcess {
  private child: ChildProcess | undefined;
  private poll: NodeJS.Timeout | undefined;
  peakRssBytes = 0;
  restarts = 0;
  readonly stderr: string[] = [];

  constructor(private readonly options: ServerProcessOptions) {
    if (!existsSync(options.cli)) throw new Error(`${options.cli} is missing: run "node scripts/build.mjs --only=server" first.`);
  }

  async start(): Promise<StartedServer> {
    const { cli, dataDir, defects, sessionIdleSeconds } = this.options;
    const args = [cli, '--port', '0', '--data', dataDir, '--demo', '--defects', String(defects), '--session-idle', String(sessionIdleSeconds)];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    // A soak that dies (or is stopped) must not leave its server running.
    const orphanGuard = () => child.kill('SIGKILL');
    process.once('exit', orphanGuard);
    child.once('exit', () => process.off('exit', orphanGuard));
    child.stderr?.on('data', (c: Buffer) => this.stderr.push(c.toString('utf8')));
    const out = await new Promise<string>((resolve, reject) => {
      let text = '';
      const onData = (c: Buffer) => {
        text += c.toString('utf8');
        if (text.includes('Press Ctrl+C')) {
          child.stdout?.off('data', onData);
          resolve(text);
        }
      };
      child.stdout?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`the server exited (${String(code)}) while starting: ${this.stderr.join('')}`)));
    });
    child.stdout?.resume();
    const port = Number(/listening at http:\/\/[^:]+:(\d+)/.exec(out)?.[1]);
    const users = new Map<string, string>();
    for (const m of out.matchAll(/(\w+) \/ (\S+?)(?:,|\n)/g)) users.set(m[1], m[2]);
    this.poll = setInterval(() => this.sample(), 250);
    this.poll.unref();
    return { port, users };
  }

  /** SIGKILL: no shutdown hook runs, as with a crash or a pulled plug. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.sample();
    clearInterval(this.poll);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
    this.child = undefined;
  }

  async restart(): Promise<StartedServer> {
    await this.kill();
    this.restarts++;
    return this.start();
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    this.sample();
    clearInterval(this.poll);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }

  private sample(): void {
    const pid = this.child?.pid;
    const rss = pid === undefined ? undefined : peakRss(pid);
    if (rss !== undefined && rss > this.peakRssBytes) this.peakRssBytes = rss;
  }
}

export const SERVER_CLI = join(__dirname, '..', '..', 'dist', 'server', 'cli.js');
